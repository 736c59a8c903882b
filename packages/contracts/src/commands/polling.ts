/**
 * The device command flow of §4/§7, shared by every client: post the command; a reply without a
 * uuid, or with online false, is the answer as it is; otherwise poll the callback by uuid until
 * success (the result), failure (rejected with the message, or the catalogue text for the code),
 * or the attempt limit (rejected with 1301, communication timeout).
 */
import { translateError } from '../errors/index.ts';
import type { Locale } from '../locale.ts';

export const COMMAND_POLL_MAX_ATTEMPTS = 180;
export const COMMAND_STATUSES = ['pending', 'success', 'failure'] as const;
export type CommandStatus = (typeof COMMAND_STATUSES)[number];

/** §3 async command reply. */
export interface CommandReply<T = unknown> {
  online: boolean;
  uuid?: string | null;
  status?: CommandStatus | null;
  code?: string | null;
  message?: string | null;
  data?: T | null;
}

/** Seconds to wait before the next attempt, for the §7 counter (itself in seconds). */
export function pollWaitSeconds(counter: number): number {
  if (counter === 0) return 0.5;
  if (counter < 1) return 1;
  if (counter < 5) return 2;
  if (counter < 10) return 5;
  if (counter < 30) return 10;
  return 30;
}

export class DeviceCommandError extends Error {
  override name = 'DeviceCommandError';
  constructor(
    readonly code: string,
    /** The gateway's or server's own words, when it sent any. */
    readonly detail: string | null,
  ) {
    super(detail ?? `device command failed with code ${code}`);
  }

  /** What a person is shown: the reply's message, else the catalogue's text for the code. */
  describe(locale: Locale): string {
    return this.detail?.trim() ? this.detail : translateError(this.code, locale);
  }
}

export interface CommandRunOptions<T> {
  post: () => Promise<CommandReply<T>>;
  poll: (uuid: string) => Promise<CommandReply<T>>;
  sleep: (ms: number) => Promise<void>;
  maxAttempts?: number;
  /** Called before each wait, for progress displays. */
  onAttempt?: (attempt: number, counterSeconds: number) => void;
  /** Stops polling (a closed dialog); the run rejects with 1402 write cancelled. */
  signal?: AbortSignal;
}

export async function runDeviceCommand<T>(options: CommandRunOptions<T>): Promise<CommandReply<T>> {
  const first = await options.post();
  if (!first.uuid || !first.online) return first;
  const settled = settle(first);
  if (settled) return settled;
  const maxAttempts = options.maxAttempts ?? COMMAND_POLL_MAX_ATTEMPTS;
  let counter = 0;
  for (let attempt = 1; attempt <= maxAttempts; attempt += 1) {
    if (options.signal?.aborted) throw new DeviceCommandError('1402', null);
    const wait = pollWaitSeconds(counter);
    options.onAttempt?.(attempt, counter);
    await options.sleep(wait * 1000);
    counter += wait;
    if (options.signal?.aborted) throw new DeviceCommandError('1402', null);
    const reply = await options.poll(first.uuid);
    const done = settle(reply);
    if (done) return done;
  }
  throw new DeviceCommandError('1301', null);
}

function settle<T>(reply: CommandReply<T>): CommandReply<T> | null {
  if (reply.status === 'success') return reply;
  if (reply.status === 'failure') throw new DeviceCommandError(reply.code ?? '90099', reply.message ?? null);
  return null;
}
