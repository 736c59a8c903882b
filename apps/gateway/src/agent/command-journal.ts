/**
 * The commands the gateway received, on disk, so that a command is never run twice — not even
 * across a restart. Each command is written as `started` before it touches a device and as `done`
 * with its reply afterwards, one JSON line per record, flushed to disk before anything else
 * happens. Records are kept for `retentionMs` (at least an hour); the file is rewritten without the
 * old ones when it opens and whenever it has grown well past what it holds. A torn last line is
 * ignored.
 */
import { open, readFile } from 'node:fs/promises';
import type { FileHandle } from 'node:fs/promises';
import type { CommandRecord } from '../core/command-rules.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { writeFileAtomic } from '../buffer/durable-files.ts';

export const DEFAULT_COMMAND_RETENTION_MS = 2 * 3_600_000;

export interface CommandJournalOptions {
  readonly file: string;
  readonly scheduler: Scheduler;
  readonly retentionMs?: number;
}

function isRecord(value: unknown): value is CommandRecord {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Partial<Record<string, unknown>>;
  if (typeof record.uuid !== 'string' || typeof record.at !== 'number') return false;
  if (record.state === 'started') return typeof record.boot === 'string';
  return record.state === 'done' && typeof record.reply === 'object' && record.reply !== null;
}

export class CommandJournal {
  private readonly records = new Map<string, CommandRecord>();
  private lines = 0;
  private handle: FileHandle | null = null;
  private writing: Promise<unknown> = Promise.resolve();
  private readonly retentionMs: number;

  private constructor(private readonly options: CommandJournalOptions) {
    this.retentionMs = Math.max(options.retentionMs ?? DEFAULT_COMMAND_RETENTION_MS, 3_600_000);
  }

  static async open(options: CommandJournalOptions): Promise<CommandJournal> {
    const journal = new CommandJournal(options);
    let text = '';
    try {
      text = await readFile(options.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        const parsed: unknown = JSON.parse(line);
        if (isRecord(parsed)) journal.records.set(parsed.uuid, parsed);
      } catch {
        // An interrupted last write: that record never took effect.
      }
    }
    await journal.compact();
    return journal;
  }

  get(uuid: string): CommandRecord | undefined {
    const record = this.records.get(uuid);
    if (record && record.at < this.options.scheduler.now() - this.retentionMs) return undefined;
    return record;
  }

  /**
   * Remembers a record at once (a second delivery of the same uuid sees it immediately) and
   * resolves once it is on disk.
   */
  record(record: CommandRecord): Promise<void> {
    this.records.set(record.uuid, record);
    const line = `${JSON.stringify(record)}\n`;
    const written = this.writing.then(async () => {
      this.lines += 1;
      if (this.lines > 2 * this.records.size + 1000) await this.compact();
      else await this.append(line);
    });
    this.writing = written.catch(() => undefined);
    return written;
  }

  async close(): Promise<void> {
    await this.writing;
    await this.handle?.close();
    this.handle = null;
  }

  private async append(line: string): Promise<void> {
    this.handle ??= await open(this.options.file, 'a');
    await this.handle.appendFile(line);
    await this.handle.datasync();
  }

  /** Rewrites the file with the records still kept. */
  private async compact(): Promise<void> {
    const oldest = this.options.scheduler.now() - this.retentionMs;
    for (const [uuid, record] of this.records) if (record.at < oldest) this.records.delete(uuid);
    await this.handle?.close();
    this.handle = null;
    const content = [...this.records.values()].map((record) => `${JSON.stringify(record)}\n`).join('');
    await writeFileAtomic(this.options.file, content);
    this.lines = this.records.size;
  }
}
