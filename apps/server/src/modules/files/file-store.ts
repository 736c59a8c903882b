/**
 * Where the bytes of uploaded files live. Embedded, that is DATA_DIR/files/<id>; a scaled-out
 * deployment puts an object store behind the same interface. Writes are atomic: a file is written
 * beside its place, flushed, and renamed into it, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

export interface FileStore {
  write(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
}

/** Keys are ids the platform made (UUIDs); anything else never reaches the disk. */
const SAFE_KEY = /^[A-Za-z0-9-]{1,64}$/;

function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key)) throw new Error(`unsafe file key: ${key}`);
}

export class DiskFileStore implements FileStore {
  constructor(private readonly directory: string) {}

  /** The store under DATA_DIR. */
  static inDataDir(dataDir: string): DiskFileStore {
    return new DiskFileStore(path.join(dataDir, 'files'));
  }

  async write(key: string, bytes: Buffer): Promise<void> {
    assertSafeKey(key);
    await fs.mkdir(this.directory, { recursive: true });
    const target = path.join(this.directory, key);
    const temporary = path.join(this.directory, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      const handle = await fs.open(temporary, 'wx');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async read(key: string): Promise<Buffer | undefined> {
    if (!SAFE_KEY.test(key)) return undefined;
    try {
      return await fs.readFile(path.join(this.directory, key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async remove(key: string): Promise<void> {
    if (!SAFE_KEY.test(key)) return;
    await fs.rm(path.join(this.directory, key), { force: true });
  }
}
