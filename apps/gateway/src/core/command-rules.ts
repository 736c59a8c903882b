/**
 * Whether a command from the platform may run. A command runs at most once: a uuid seen before
 * gets its first reply again; a uuid whose run was cut short by a restart is never run again (the
 * device may or may not have taken it); a command past its deadline is not run at all.
 */
import type { CommandPayload, ReplyPayload } from '@lyyp/contracts/protocol';

/** What the gateway remembers about a command it received. */
export type CommandRecord =
  | { readonly uuid: string; readonly at: number; readonly state: 'started'; readonly boot: string }
  | { readonly uuid: string; readonly at: number; readonly state: 'done'; readonly reply: ReplyPayload };

export type CommandDecision =
  | { readonly kind: 'execute' }
  | { readonly kind: 'repeat'; readonly reply: ReplyPayload }
  /** Being executed by this run of the agent: its reply will follow. */
  | { readonly kind: 'running' }
  | { readonly kind: 'refuse'; readonly reply: ReplyPayload };

/** Reply code of a command that arrived after its deadline (§8: response timeout). */
export const EXPIRED_COMMAND_CODE = '99902';
/** Reply code of a command whose earlier run was interrupted: its outcome is unknown (§8: unknown exception). */
export const INTERRUPTED_COMMAND_CODE = '90099';

export function decideCommand(
  command: Pick<CommandPayload, 'uuid' | 'expiresAt'>,
  record: CommandRecord | undefined,
  now: number,
  boot: string,
): CommandDecision {
  if (record?.state === 'done') return { kind: 'repeat', reply: record.reply };
  if (record?.state === 'started') {
    if (record.boot === boot) return { kind: 'running' };
    return {
      kind: 'refuse',
      reply: {
        uuid: command.uuid,
        status: 'failure',
        code: INTERRUPTED_COMMAND_CODE,
        message: 'the gateway restarted while running this command; it is not run again',
      },
    };
  }
  if (now > command.expiresAt) {
    return { kind: 'refuse', reply: { uuid: command.uuid, status: 'failure', code: EXPIRED_COMMAND_CODE } };
  }
  return { kind: 'execute' };
}
