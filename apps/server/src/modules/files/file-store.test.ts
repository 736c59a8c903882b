import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DiskFileStore } from './file-store.ts';

describe('disk file store', () => {
  let dataDir: string;
  let store: DiskFileStore;

  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-files-'));
    store = DiskFileStore.inDataDir(dataDir);
  });
  afterEach(async () => fs.rm(dataDir, { recursive: true, force: true }));

  it('keeps a file under DATA_DIR/files by its key, with nothing left beside it', async () => {
    await store.write('3f1c0a52-0000-4000-8000-000000000001', Buffer.from('one'));
    await store.write('3f1c0a52-0000-4000-8000-000000000001', Buffer.from('two'));
    expect(await fs.readdir(path.join(dataDir, 'files'))).toEqual(['3f1c0a52-0000-4000-8000-000000000001']);
    expect((await store.read('3f1c0a52-0000-4000-8000-000000000001'))?.toString()).toBe('two');
  });

  it('answers nothing for a missing key and never leaves its folder', async () => {
    expect(await store.read('3f1c0a52-0000-4000-8000-000000000009')).toBeUndefined();
    await fs.writeFile(path.join(dataDir, 'secret'), 'outside');
    expect(await store.read('../secret')).toBeUndefined();
    await expect(store.write('../secret', Buffer.from('x'))).rejects.toThrow(/unsafe/);
    expect(await fs.readFile(path.join(dataDir, 'secret'), 'utf8')).toBe('outside');
  });

  it('removes a file, and removing a missing one is no failure', async () => {
    await store.write('abc', Buffer.from('x'));
    await store.remove('abc');
    await store.remove('abc');
    expect(await store.read('abc')).toBeUndefined();
  });
});
