/**
 * One agent per data directory: two agents appending to one buffer would interleave their
 * batches. The lock file holds the owner's process id; a lock left by a process that no longer
 * runs is taken over.
 */
import { open, readFile } from 'node:fs/promises';
import path from 'node:path';
import { removeFile } from '../buffer/durable-files.ts';

export class DataDirectoryInUseError extends Error {
  constructor(
    readonly directory: string,
    readonly pid: number,
  ) {
    super(`the data directory ${directory} is in use by process ${pid}`);
    this.name = 'DataDirectoryInUseError';
  }
}

/** Whether a process with this id exists (one of another user's answers EPERM). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirectoryLock {
  release(): Promise<void>;
}

export async function lockDataDirectory(directory: string): Promise<DataDirectoryLock> {
  const file = path.join(directory, 'agent.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return { release: () => removeFile(file) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && isRunning(owner)) {
        throw new DataDirectoryInUseError(directory, owner);
      }
      await removeFile(file);
    }
  }
  throw new Error(`cannot lock the data directory ${directory}`);
}
