/**
 * Small helpers for files that must survive a power cut: replace a file atomically (write a
 * temporary file, flush it, rename it over the old one, flush the directory), and flush a
 * directory so that files created or renamed in it stay.
 */
import { open, rename, unlink } from 'node:fs/promises';
import path from 'node:path';

export async function syncDirectory(directory: string): Promise<void> {
  const handle = await open(directory, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Replaces `file` with `content` so that a crash leaves either the old or the new content. */
export async function writeFileAtomic(file: string, content: string | Buffer): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
  await syncDirectory(path.dirname(file));
}

/** Deletes a file; one already gone is fine. */
export async function removeFile(file: string): Promise<void> {
  try {
    await unlink(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
