/**
 * Runs the platform's commands (`down/cmd`) at most once each and answers every one of them
 * (`up/reply`): malformed ones with 1002, late ones with 99902, repeated ones with their first
 * reply, without touching the device again. The journal holds the proof across restarts.
 */
import { commandPayloadSchema, type CommandPayload, type ReplyPayload } from '@lyyp/contracts/protocol';
import { decideCommand } from '../core/command-rules.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { CommandJournal } from './command-journal.ts';

export interface CommandRunnerOptions {
  readonly journal: CommandJournal;
  readonly scheduler: Scheduler;
  /** Identifies this run of the agent: a `started` record from another run was interrupted. */
  readonly boot: string;
  /** Carries the command out; never throws (a thrown error becomes 90099). */
  readonly execute: (command: CommandPayload) => Promise<ReplyPayload>;
  readonly reply: (reply: ReplyPayload) => void;
  /** Called after the reply went out (a restart happens only after it is answered). */
  readonly afterReply?: (command: CommandPayload, reply: ReplyPayload) => void;
  readonly onWarning?: (message: string) => void;
}

const UUID_LIMITS = { min: 8, max: 64 };

function uuidOf(message: unknown): string | null {
  if (typeof message !== 'object' || message === null) return null;
  const { uuid } = message as { uuid?: unknown };
  return typeof uuid === 'string' && uuid.length >= UUID_LIMITS.min && uuid.length <= UUID_LIMITS.max
    ? uuid
    : null;
}

export class CommandRunner {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: CommandRunnerOptions) {}

  /** Handles one `down/cmd` message (already JSON-parsed). */
  handle(message: unknown): Promise<void> {
    const run = this.run(message).catch((error: unknown) =>
      this.options.onWarning?.(`command could not be handled: ${String(error)}`),
    );
    this.running.add(run);
    void run.finally(() => this.running.delete(run));
    return run;
  }

  /** Waits for the commands being run. */
  async idle(): Promise<void> {
    await Promise.all([...this.running]);
  }

  private async run(message: unknown): Promise<void> {
    const { journal, scheduler, boot } = this.options;
    const parsed = commandPayloadSchema.safeParse(message);
    if (!parsed.success) {
      const uuid = uuidOf(message);
      if (!uuid) {
        this.options.onWarning?.('ignored a command without a usable uuid');
        return;
      }
      const known = journal.get(uuid);
      if (known?.state === 'done') return this.options.reply(known.reply);
      const reply: ReplyPayload = { uuid, status: 'failure', code: '1002', message: 'malformed command' };
      await journal.record({ uuid, at: scheduler.now(), state: 'done', reply });
      return this.options.reply(reply);
    }
    const command = parsed.data;
    const decision = decideCommand(command, journal.get(command.uuid), scheduler.now(), boot);
    switch (decision.kind) {
      case 'running':
        return;
      case 'repeat':
        return this.options.reply(decision.reply);
      case 'refuse':
        await journal.record({
          uuid: command.uuid,
          at: scheduler.now(),
          state: 'done',
          reply: decision.reply,
        });
        return this.options.reply(decision.reply);
      case 'execute': {
        // On disk before the device is touched: after a crash the command is known as started.
        await journal.record({ uuid: command.uuid, at: scheduler.now(), state: 'started', boot });
        let reply: ReplyPayload;
        try {
          reply = await this.options.execute(command);
        } catch (error) {
          reply = {
            uuid: command.uuid,
            status: 'failure',
            code: '90099',
            message: String(error).slice(0, 500),
          };
        }
        await journal.record({ uuid: command.uuid, at: scheduler.now(), state: 'done', reply });
        this.options.reply(reply);
        this.options.afterReply?.(command, reply);
        return;
      }
    }
  }
}
