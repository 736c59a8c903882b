// `npm run bench`: figures, not pass/fail tests. Each scenario prints JSON lines, then a table.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PLATFORM_NODE_FLAGS } from './platform-node-flags.mjs';

const root = path.resolve(import.meta.dirname, '..');
const result = spawnSync(
  process.execPath,
  [...PLATFORM_NODE_FLAGS, '--import', 'tsx', 'apps/server/bench/index.ts'],
  {
    cwd: root,
    stdio: 'inherit',
  },
);
process.exit(result.status ?? 1);
