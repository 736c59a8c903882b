/** Where the browser flows find the repository, the web build and their screenshots. */
import path from 'node:path';

export const REPOSITORY_ROOT = path.resolve(import.meta.dirname, '../..');
export const WEB_ROOT = path.join(REPOSITORY_ROOT, 'apps/web');
export const WEB_DIST_INDEX = path.join(WEB_ROOT, 'dist/index.html');
export const SCREENSHOT_DIR = path.join(REPOSITORY_ROOT, 'e2e/screenshots');
export const SERVER_ENTRY = 'apps/server/src/main.ts';
