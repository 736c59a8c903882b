#!/usr/bin/env node
// The edge agent's command (`lyyp-gateway --help`): Node with tsx, running the launcher, which runs src/main.ts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The launcher runs the agent and switches to an upgraded version (src/launcher/launcher.ts).
const main = fileURLToPath(new URL('../src/launcher-main.ts', import.meta.url));
// Resolved from here, so the command works from any working directory.
const tsx = import.meta.resolve('tsx');
const child = spawn(process.execPath, ['--import', tsx, main, ...process.argv.slice(2)], {
  stdio: 'inherit',
});

// The agent handles the signals itself (it flushes its buffer); pass them on.
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) =>
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1)),
);
