/** Not built yet: shows the console's placeholder, which says so on screen and names the screen. */
export { default } from '../placeholder/PlaceholderPage.tsx';
