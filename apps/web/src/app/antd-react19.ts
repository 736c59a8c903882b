/**
 * Ant Design 5 renders some pieces (wave effect, static message and modal) through its own render
 * hook, which by default calls the ReactDOM.render removed in React 19. This gives it createRoot.
 */
import { unstableSetRender } from 'antd';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

unstableSetRender((node, container) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return () =>
    new Promise<void>((resolve) => {
      // Unmounting during React's own render is not allowed; let the current task finish first.
      setTimeout(() => {
        root.unmount();
        roots.delete(container);
        resolve();
      });
    });
});
