import { describe, expect, it } from 'vitest';
import {
  EXPIRED_COMMAND_CODE,
  INTERRUPTED_COMMAND_CODE,
  decideCommand,
  type CommandRecord,
} from './command-rules.ts';

const command = { uuid: 'cmd-00000001', expiresAt: 10_000 };

describe('command rules', () => {
  it('runs a new command before its deadline, and refuses it after', () => {
    expect(decideCommand(command, undefined, 10_000, 'boot-a')).toEqual({ kind: 'execute' });
    expect(decideCommand(command, undefined, 10_001, 'boot-a')).toEqual({
      kind: 'refuse',
      reply: { uuid: command.uuid, status: 'failure', code: EXPIRED_COMMAND_CODE },
    });
  });

  it('answers a finished command with its first reply, even past its deadline', () => {
    const reply = { uuid: command.uuid, status: 'success', code: '200', data: { value: 3 } } as const;
    const record: CommandRecord = { uuid: command.uuid, at: 9000, state: 'done', reply };
    expect(decideCommand(command, record, 50_000, 'boot-b')).toEqual({ kind: 'repeat', reply });
  });

  it('waits for a command this run is executing, and never reruns one an earlier run started', () => {
    const started: CommandRecord = { uuid: command.uuid, at: 9000, state: 'started', boot: 'boot-a' };
    expect(decideCommand(command, started, 9500, 'boot-a')).toEqual({ kind: 'running' });
    expect(decideCommand(command, started, 9500, 'boot-b')).toMatchObject({
      kind: 'refuse',
      reply: { status: 'failure', code: INTERRUPTED_COMMAND_CODE },
    });
  });
});
