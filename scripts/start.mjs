// Starts the whole platform on embedded defaults: builds the web console when its build is missing
// or older than its sources, then runs the server (which serves the console, the API and the broker).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PLATFORM_NODE_FLAGS } from './platform-node-flags.mjs';
import { requireSupportedNode } from './node-version.mjs';

requireSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/contracts/src',
  'packages/designer-core/src',
  'packages/formula/src',
];

function newestChange(target) {
  const full = path.join(root, target);
  if (!fs.existsSync(full)) return 0;
  const stat = fs.statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of fs.readdirSync(full, { withFileTypes: true })) {
    newest = Math.max(newest, newestChange(path.join(target, entry.name)));
  }
  return newest;
}

const built = fs.existsSync(dist) ? fs.statSync(dist).mtimeMs : 0;
if (built < Math.max(...sources.map(newestChange))) {
  console.log('Building the web console (first start or sources changed)…');
  const build = spawnSync('npm', ['run', 'build', '-w', '@lyyp/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const server = spawn(
  process.execPath,
  [...PLATFORM_NODE_FLAGS, '--import', 'tsx', 'apps/server/src/main.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
