/**
 * Builds the web console once when its build is missing or older than its sources (or the shared
 * contracts it compiles in), so flows always test what the code says now. Flow files run in parallel
 * workers, so the build is guarded by a lock: one worker builds, the others wait and then find it fresh.
 */
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { withFolderLock } from '../../apps/server/src/test/folder-lock.ts';
import { REPOSITORY_ROOT, WEB_DIST_INDEX, WEB_ROOT } from './paths.ts';

const SOURCES = [
  path.join(WEB_ROOT, 'src'),
  path.join(WEB_ROOT, 'public'),
  path.join(WEB_ROOT, 'index.html'),
  path.join(WEB_ROOT, 'vite.config.ts'),
  path.join(REPOSITORY_ROOT, 'packages/contracts/src'),
];

const LOCK_DIR = path.join(
  os.tmpdir(),
  `lyyp-web-build-${createHash('sha256').update(WEB_ROOT).digest('hex').slice(0, 12)}.lock`,
);

function newestChange(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return fs
    .readdirSync(target)
    .reduce((newest, entry) => Math.max(newest, newestChange(path.join(target, entry))), stat.mtimeMs);
}

export function isWebBuildStale(): boolean {
  if (!fs.existsSync(WEB_DIST_INDEX)) return true;
  const built = fs.statSync(WEB_DIST_INDEX).mtimeMs;
  return SOURCES.some((source) => newestChange(source) > built);
}

export async function ensureWebBuilt(): Promise<void> {
  if (!isWebBuildStale()) return;
  await withFolderLock(LOCK_DIR, 'web build', () => {
    if (!isWebBuildStale()) return;
    // The test runner sets NODE_ENV=test, which would make Vite bundle React's development build.
    execFileSync('npm', ['run', 'build', '-w', '@lyyp/web'], {
      cwd: REPOSITORY_ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  });
}
