import { mkdtemp, rm, appendFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { CommandPayload, ReplyPayload } from '@lyyp/contracts/protocol';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import { CommandJournal } from './command-journal.ts';
import { CommandRunner } from './command-runner.ts';

const NOW = 1_700_000_000_000;

describe('command runner', () => {
  let directory: string;
  let file: string;
  let scheduler: ManualScheduler;
  const journals: CommandJournal[] = [];

  beforeEach(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'lyyp-commands-'));
    file = path.join(directory, 'commands.log');
    scheduler = new ManualScheduler(NOW);
  });

  afterEach(async () => {
    for (const journal of journals.splice(0)) await journal.close();
    await rm(directory, { recursive: true, force: true });
  });

  /** A runner over the journal on disk, counting executions. */
  async function runner(boot: string, execute?: (command: CommandPayload) => Promise<ReplyPayload>) {
    const journal = await CommandJournal.open({ file, scheduler });
    journals.push(journal);
    const replies: ReplyPayload[] = [];
    const executed: CommandPayload[] = [];
    const instance = new CommandRunner({
      journal,
      scheduler,
      boot,
      execute: (command) => {
        executed.push(command);
        return (
          execute?.(command) ??
          Promise.resolve({ uuid: command.uuid, status: 'success', code: '200', data: { value: 1 } })
        );
      },
      reply: (reply) => replies.push(reply),
    });
    return { instance, journal, replies, executed };
  }

  /** A promise that resolves when `signal` is called: a test waits on the event, not on time. */
  function event() {
    let signal: () => void = () => undefined;
    const happened = new Promise<void>((resolve) => (signal = resolve));
    return { happened, signal };
  }

  const write = (uuid: string, expiresAt = NOW + 30_000) => ({
    uuid,
    op: 'write',
    key: 'operatingMode',
    value: 1,
    expiresAt,
  });

  it('runs a command once and answers repeats, even in a later run, with the first reply', async () => {
    const first = await runner('boot-1');
    await first.instance.handle(write('cmd-00000001'));
    await first.instance.handle(write('cmd-00000001'));
    expect(first.executed).toHaveLength(1);
    expect(first.replies).toHaveLength(2);
    expect(first.replies[1]).toEqual(first.replies[0]);
    await first.journal.close();

    scheduler.advance(59 * 60_000);
    const second = await runner('boot-2');
    await second.instance.handle(write('cmd-00000001'));
    expect(second.executed).toHaveLength(0);
    expect(second.replies).toEqual([first.replies[0]]);
  });

  it('runs a command delivered twice at once only once', async () => {
    let finish: (reply: ReplyPayload) => void = () => undefined;
    const executing = event();
    const slow = await runner('boot-1', () => {
      executing.signal();
      return new Promise((resolve) => (finish = resolve));
    });
    const one = slow.instance.handle(write('cmd-00000002'));
    const two = slow.instance.handle(write('cmd-00000002'));
    await two;
    // The first delivery reaches the device only once its start is on disk.
    await executing.happened;
    finish({ uuid: 'cmd-00000002', status: 'success', code: '200' });
    await one;
    expect(slow.executed).toHaveLength(1);
    expect(slow.replies).toHaveLength(1);
  });

  it('never reruns a command an earlier run started but did not finish', async () => {
    const executing = event();
    const crashed = await runner('boot-1', () => {
      executing.signal();
      return new Promise(() => undefined);
    });
    void crashed.instance.handle(write('cmd-00000003'));
    await executing.happened;
    expect(crashed.executed).toHaveLength(1);

    const after = await runner('boot-2');
    await after.instance.handle(write('cmd-00000003'));
    expect(after.executed).toHaveLength(0);
    expect(after.replies[0]).toMatchObject({ uuid: 'cmd-00000003', status: 'failure', code: '90099' });
  });

  it('refuses a late command without running it, and ignores a torn last journal line', async () => {
    const first = await runner('boot-1');
    await first.instance.handle(write('cmd-00000004', NOW - 1));
    expect(first.executed).toHaveLength(0);
    expect(first.replies[0]).toEqual({ uuid: 'cmd-00000004', status: 'failure', code: '99902' });
    await first.journal.close();
    await appendFile(file, '{"uuid":"cmd-00000005","at":17000');

    const second = await runner('boot-2');
    await second.instance.handle(write('cmd-00000005'));
    expect(second.executed).toHaveLength(1);
  });

  it('forgets commands after the retention time, keeping at least an hour', async () => {
    const first = await runner('boot-1');
    await first.instance.handle(write('cmd-00000006', NOW + 10 * 3_600_000));
    await first.journal.close();
    scheduler.advance(3 * 3_600_000);
    const later = await runner('boot-2');
    expect(later.journal.get('cmd-00000006')).toBeUndefined();
  });
});
