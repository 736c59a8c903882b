/**
 * The last configuration applied, kept on disk so that after a restart the gateway polls its
 * devices (and buffers their values) before the platform is reachable again. A configuration the
 * platform withdrew is deleted for good: the platform does not say so again after a restart.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { configPayloadSchema, type ConfigPayload } from '@lyyp/contracts/protocol';
import { removeFile, syncDirectory, writeFileAtomic } from '../buffer/durable-files.ts';

export class ConfigStore {
  constructor(private readonly file: string) {}

  /** The saved configuration, or null when there is none (or it no longer validates). */
  async load(): Promise<ConfigPayload | null> {
    let text: string;
    try {
      text = await readFile(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
    try {
      const parsed = configPayloadSchema.safeParse(JSON.parse(text));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }

  async save(config: ConfigPayload): Promise<void> {
    await writeFileAtomic(this.file, JSON.stringify(config));
  }

  /** Forgets the saved configuration; after a crash it stays forgotten. */
  async clear(): Promise<void> {
    await removeFile(this.file);
    await syncDirectory(path.dirname(this.file));
  }
}
