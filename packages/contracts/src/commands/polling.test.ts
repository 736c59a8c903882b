import { describe, expect, it } from 'vitest';
import {
  COMMAND_POLL_MAX_ATTEMPTS,
  DeviceCommandError,
  pollWaitSeconds,
  runDeviceCommand,
  type CommandReply,
} from './polling.ts';

function fakeClock() {
  const waits: number[] = [];
  return { waits, sleep: (ms: number) => (waits.push(ms), Promise.resolve()) };
}

describe('§7 polling schedule', () => {
  it('waits 0.5 s first, then 1, 2, 5, 10 and 30 s as the counter grows by each wait', () => {
    const waits: number[] = [];
    let counter = 0;
    for (let index = 0; index < 12; index += 1) {
      const wait = pollWaitSeconds(counter);
      waits.push(wait);
      counter += wait;
    }
    expect(waits).toEqual([0.5, 1, 2, 2, 5, 10, 10, 30, 30, 30, 30, 30]);
  });

  it('returns a reply without uuid or with online false as it is, without polling', async () => {
    const clock = fakeClock();
    const offline: CommandReply = { online: false, uuid: 'abc12345', status: null };
    const polled: string[] = [];
    const answer = await runDeviceCommand({
      post: () => Promise.resolve(offline),
      poll: (uuid) => (polled.push(uuid), Promise.resolve(offline)),
      sleep: clock.sleep,
    });
    expect(answer).toBe(offline);
    const noUuid = { online: true, uuid: null };
    expect(
      await runDeviceCommand({
        post: () => Promise.resolve(noUuid),
        poll: () => Promise.reject(new Error('no')),
        sleep: clock.sleep,
      }),
    ).toBe(noUuid);
    expect(polled).toEqual([]);
    expect(clock.waits).toEqual([]);
  });

  it('polls by uuid until success and returns the result', async () => {
    const clock = fakeClock();
    const replies: CommandReply<{ value: number }>[] = [
      { online: true, uuid: 'u-1234567', status: 'pending' },
      { online: true, uuid: 'u-1234567', status: 'pending' },
      { online: true, uuid: 'u-1234567', status: 'success', code: '200', data: { value: 42 } },
    ];
    const answer = await runDeviceCommand({
      post: () => Promise.resolve({ online: true, uuid: 'u-1234567', status: 'pending' }),
      poll: (uuid) => (expect(uuid).toBe('u-1234567'), Promise.resolve(replies.shift()!)),
      sleep: clock.sleep,
    });
    expect(answer.data).toEqual({ value: 42 });
    expect(clock.waits).toEqual([500, 1000, 2000]);
  });

  it('rejects a failure with the reply message, or the catalogue text for its code', async () => {
    const clock = fakeClock();
    const failWith = (reply: CommandReply) =>
      runDeviceCommand({
        post: () => Promise.resolve({ online: true, uuid: 'u-1234567' }),
        poll: () => Promise.resolve(reply),
        sleep: clock.sleep,
      });
    const withText = await failWith({
      online: true,
      status: 'failure',
      code: '2003',
      message: '超出范围 0-100',
    }).catch((error: unknown) => error);
    expect(withText).toBeInstanceOf(DeviceCommandError);
    expect((withText as DeviceCommandError).describe('en-US')).toBe('超出范围 0-100');
    const mapped = (await failWith({ online: true, status: 'failure', code: '2004' }).catch(
      (error: unknown) => error,
    )) as DeviceCommandError;
    expect(mapped.code).toBe('2004');
    expect(mapped.describe('en-US')).toBe('Variable read-only');
    expect(mapped.describe('zh-CN')).toBe('变量只读');
    const unknown = (await failWith({ online: true, status: 'failure', code: '4711' }).catch(
      (error: unknown) => error,
    )) as DeviceCommandError;
    expect(unknown.describe('en-US')).toBe('Communication error (4711)');
  });

  it('gives up after 180 attempts with 1301 communication timeout', async () => {
    const clock = fakeClock();
    let polls = 0;
    const error = (await runDeviceCommand({
      post: () => Promise.resolve({ online: true, uuid: 'u-1234567', status: 'pending' }),
      poll: () => ((polls += 1), Promise.resolve({ online: true, uuid: 'u-1234567', status: 'pending' })),
      sleep: clock.sleep,
    }).catch((caught: unknown) => caught)) as DeviceCommandError;
    expect(polls).toBe(COMMAND_POLL_MAX_ATTEMPTS);
    expect(error.code).toBe('1301');
    expect(error.describe('en-US')).toBe('Communication timeout');
    expect(clock.waits.slice(0, 8)).toEqual([500, 1000, 2000, 2000, 5000, 10_000, 10_000, 30_000]);
    expect(clock.waits.at(-1)).toBe(30_000);
  });

  it('stops when the caller cancels', async () => {
    const clock = fakeClock();
    const controller = new AbortController();
    const error = (await runDeviceCommand({
      post: () => Promise.resolve({ online: true, uuid: 'u-1234567', status: 'pending' }),
      poll: () => (controller.abort(), Promise.resolve({ online: true, status: 'pending' })),
      sleep: clock.sleep,
      signal: controller.signal,
    }).catch((caught: unknown) => caught)) as DeviceCommandError;
    expect(error.code).toBe('1402');
  });
});
