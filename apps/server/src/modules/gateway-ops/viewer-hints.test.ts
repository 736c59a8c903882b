import { describe, expect, it } from 'vitest';
import { VIEW_HINT_MIN_INTERVAL_MS, ViewerHints } from './viewer-hints.ts';

function hints(status: string) {
  let now = 1_000_000;
  const published: Array<{ topic: string; payload: string }> = [];
  const subject = new ViewerHints({
    transport: {
      publish: (topic, payload) => {
        published.push({ topic, payload: String(payload) });
        return Promise.resolve();
      },
    },
    runtime: {
      gatewayOfDevice: () =>
        Promise.resolve({ sn: '100000000001', status: status as 'online', signal: null }),
    },
    now: () => now,
    onError: (error) => {
      throw error;
    },
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { subject, published, settle, advance: (ms: number) => (now += ms) };
}

describe('viewer hints', () => {
  it('tell an online gateway that someone watches, at most once a minute per device', async () => {
    const { subject, published, settle, advance } = hints('online');
    subject.viewed(['d1']);
    subject.viewed(['d1']);
    await settle();
    expect(published).toEqual([{ topic: 'gw/100000000001/down/view', payload: '{"ts":1000000}' }]);
    advance(VIEW_HINT_MIN_INTERVAL_MS);
    subject.viewed(['d1']);
    await settle();
    expect(published).toHaveLength(2);
  });

  it('send nothing to a gateway that is not online', async () => {
    const { subject, published, settle } = hints('offline');
    subject.viewed(['d1']);
    await settle();
    expect(published).toEqual([]);
  });
});
