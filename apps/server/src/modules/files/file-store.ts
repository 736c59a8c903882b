/**
 * Where the bytes of uploaded files live. Embedded, that is DATA_DIR/files/<id>; a scaled-out
 * deployment puts an object store behind the same interface. Writes are atomic: a file is written
 * beside its place, flushed, and renamed into it, so a reader never sees half a file.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Bytes `start` … `end` (inclusive) of a stored file, as in an HTTP Range. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface FileStore {
  write(key: string, bytes: Buffer): Promise<void>;
  /**
   * Writes a stream without holding it in memory (firmware of 200 MB), with the same atomic
   * rename; a stream that fails leaves nothing under the key.
   */
  writeStream(key: string, source: Readable): Promise<void>;
  /** The bytes, or undefined when nothing is stored under the key. */
  read(key: string): Promise<Buffer | undefined>;
  /** The stored size, or undefined when nothing is stored under the key. */
  sizeOf(key: string): Promise<number | undefined>;
  /** A stream of the file or of a range of it; undefined when nothing is stored under the key. */
  readStream(key: string, range?: ByteRange): Promise<Readable | undefined>;
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

  async writeStream(key: string, source: Readable): Promise<void> {
    assertSafeKey(key);
    await fs.mkdir(this.directory, { recursive: true });
    const target = path.join(this.directory, key);
    const temporary = path.join(this.directory, `.${key}.${randomBytes(6).toString('hex')}.tmp`);
    try {
      await pipeline(source, createWriteStream(temporary, { flags: 'wx' }));
      const handle = await fs.open(temporary, 'r+');
      try {
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

  async sizeOf(key: string): Promise<number | undefined> {
    if (!SAFE_KEY.test(key)) return undefined;
    try {
      return (await fs.stat(path.join(this.directory, key))).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async readStream(key: string, range?: ByteRange): Promise<Readable | undefined> {
    if (!SAFE_KEY.test(key)) return undefined;
    try {
      const handle = await fs.open(path.join(this.directory, key), 'r');
      // The stream closes the handle when it ends or is destroyed (a client that went away).
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
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
