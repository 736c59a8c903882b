import { describe, expect, it } from 'vitest';
import { LocalBus, type Bus } from './bus.ts';
import { RedisBus } from './redis-bus.ts';

async function received<T>(subscribe: (handler: (event: T) => void) => void, timeoutMs = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no event')), timeoutMs);
    subscribe((event) => {
      clearTimeout(timer);
      resolve(event);
    });
  });
}

describe('local bus', () => {
  it('delivers an event to every subscriber of its channel only', async () => {
    const bus: Bus = new LocalBus();
    const values: string[] = [];
    bus.subscribe('values', (event) => values.push(event.deviceId));
    const unsubscribe = bus.subscribe('values', (event) => values.push(`second ${event.deviceId}`));
    bus.subscribe('command', () => values.push('command'));
    bus.publish('values', { deviceId: 'd1', points: [] });
    unsubscribe();
    bus.publish('values', { deviceId: 'd2', points: [] });
    expect(values).toEqual(['d1', 'second d1', 'd2']);
    await bus.close();
  });
});

const redisUrl = process.env.TEST_REDIS_URL;
describe.runIf(redisUrl)('Redis bus', () => {
  it('carries events from one node to another, once each', async () => {
    const errors: unknown[] = [];
    const first = await RedisBus.connect(redisUrl!, (error) => errors.push(error));
    const second = await RedisBus.connect(redisUrl!, (error) => errors.push(error));
    const deviceId = `device-${Date.now()}`;
    const onSecond = received<{ deviceId: string }>((handler) => second.subscribe('values', handler));
    const onFirst: string[] = [];
    first.subscribe('values', (event) => onFirst.push(event.deviceId));
    first.publish('values', { deviceId, points: [{ key: 'temp', ts: 1, value: 21.5, error: null }] });
    expect((await onSecond).deviceId).toBe(deviceId);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(onFirst.filter((id) => id === deviceId)).toHaveLength(1);
    expect(errors).toEqual([]);
    await Promise.all([first.close(), second.close()]);
  });
});
