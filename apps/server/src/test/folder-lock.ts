/**
 * A lock between test workers (and runs) on one machine: a folder made with mkdir, which only one
 * process can create. A lock older than `staleMs` was left by a process that died holding it.
 */
import fs from 'node:fs';

export async function withFolderLock<T>(
  lock: string,
  what: string,
  work: () => Promise<T> | T,
  { staleMs = 5 * 60_000, waitMs = 10 * 60_000 } = {},
): Promise<T> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      fs.mkdirSync(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (Date.now() >= deadline)
        throw new Error(`Waited ${waitMs} ms for another ${what} (lock ${lock})`, { cause: error });
      const held = fs.statSync(lock, { throwIfNoEntry: false });
      if (held && Date.now() - held.mtimeMs > staleMs) fs.rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(lock, { recursive: true, force: true });
  }
}
