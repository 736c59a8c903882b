/**
 * The live channel's read-ahead of who may see alarm events: read while the evaluation writes,
 * taken by the events that follow, asked again for what it does not say, and never used once stale
 * or after a revocation.
 */
import type { AlarmRecord } from '@lyyp/contracts/alarm';
import type { ShareMenu } from '@lyyp/contracts/fleet';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import { describe, expect, it } from 'vitest';
import { LocalBus } from '../../bus/bus.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { LiveService, READ_AHEAD_SERVES_MS, type LiveConnection } from './live.service.ts';

/** A live service whose accounts may see the devices `visible` lists; counts the visibility reads. */
function buildLive(visible: Record<string, string[]>) {
  const bus = new LocalBus();
  let now = 1000;
  const reads: Array<{ account: string; deviceIds: string[] }> = [];
  const access = {
    findVisibleDevice: () => Promise.resolve(undefined),
    devicesAllowingMenu: (account: { id: string }, deviceIds: readonly string[], _menu: ShareMenu) => {
      reads.push({ account: account.id, deviceIds: [...deviceIds] });
      return Promise.resolve(new Set(deviceIds.filter((id) => visible[account.id]?.includes(id))));
    },
  } as unknown as Pick<DeviceAccess, 'findVisibleDevice' | 'devicesAllowingMenu'>;
  const live = new LiveService(bus, {} as RuntimeRepository, access, () => now);
  const received = new Map<string, string[]>();
  const connect = (accountId: string) => {
    const connection: LiveConnection = {
      account: () => ({ id: accountId, auths: 'monitor:device:view', isSuperManager: false }) as AccountRow,
      locale: 'en-US',
      send: (message: LiveServerMessage) => {
        if (message.type === 'alarm')
          received.set(accountId, [...(received.get(accountId) ?? []), message.deviceId]);
      },
    };
    live.open(connection);
  };
  const raise = (deviceId: string) =>
    bus.publish('alarm', { deviceId, event: 'raised', record: { id: `r-${deviceId}` } as AlarmRecord });
  /** Waits until the messages of this turn went out (they go out at the end of the turn). */
  const delivered = async () => {
    for (let turn = 0; turn < 3; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  };
  return { bus, live, reads, received, connect, raise, delivered, advance: (ms: number) => (now += ms) };
}

describe('alarm events for viewers, read ahead', () => {
  it('reads once ahead for every signed-in account and sends the events without reading again', async () => {
    const { live, reads, received, connect, raise, delivered } = buildLive({ a: ['d1', 'd2'], b: ['d2'] });
    connect('a');
    connect('b');
    live.prepareViewers(['d1', 'd2'], 'alarms');
    expect(reads).toEqual([
      { account: 'a', deviceIds: ['d1', 'd2'] },
      { account: 'b', deviceIds: ['d1', 'd2'] },
    ]);
    raise('d1');
    raise('d2');
    await delivered();
    expect(reads).toHaveLength(2);
    expect(received).toEqual(
      new Map([
        ['a', ['d1', 'd2']],
        ['b', ['d2']],
      ]),
    );
    // Taken once: the next events read again.
    raise('d2');
    await delivered();
    expect(reads).toHaveLength(4);
    expect(received.get('b')).toEqual(['d2', 'd2']);
  });

  it('asks for what it does not say: another device, an account signed in since', async () => {
    const { live, reads, received, connect, raise, delivered } = buildLive({ a: ['d1', 'd3'], c: ['d1'] });
    connect('a');
    live.prepareViewers(['d1'], 'alarms');
    connect('c');
    raise('d1');
    raise('d3');
    await delivered();
    expect(reads.slice(1)).toEqual(
      expect.arrayContaining([
        { account: 'a', deviceIds: ['d3'] },
        { account: 'c', deviceIds: ['d1', 'd3'] },
      ]),
    );
    expect(reads).toHaveLength(3);
    expect(received).toEqual(
      new Map([
        ['a', ['d1', 'd3']],
        ['c', ['d1']],
      ]),
    );
  });

  it('is not used once older than it serves, nor after a revocation', async () => {
    const visible = { a: ['d1'] };
    const { bus, live, reads, received, connect, raise, delivered, advance } = buildLive(visible);
    connect('a');
    live.prepareViewers(['d1'], 'alarms');
    advance(READ_AHEAD_SERVES_MS + 1);
    raise('d1');
    await delivered();
    expect(reads).toHaveLength(2);
    expect(received.get('a')).toEqual(['d1']);

    live.prepareViewers(['d1'], 'alarms');
    // Revoked after the read-ahead: the event is decided by a new read, which no longer allows it.
    visible.a = [];
    bus.publish('accessRevoked', { deviceId: 'd1', accountId: 'a' });
    raise('d1');
    await delivered();
    expect(reads).toHaveLength(4);
    expect(received.get('a')).toEqual(['d1']);
  });
});
