import { afterEach, describe, expect, it } from 'vitest';
import { FakePlatform } from '../agent/testing/fake-platform.ts';
import { sleep, waitFor } from '../modbus/testing/wait-for.ts';
import { PlatformLink, type PlatformLinkHandlers } from './platform-link.ts';

const SN = '100000000007';

describe('platform link', () => {
  let platform: FakePlatform;
  const links: PlatformLink[] = [];

  afterEach(async () => {
    for (const link of links.splice(0)) await link.stop();
    await platform.stop();
  });

  function open(secret: string, handlers: Partial<PlatformLinkHandlers> = {}) {
    const logs: string[] = [];
    const link = new PlatformLink({
      url: platform.url,
      sn: SN,
      secret,
      reconnect: { initialMs: 40, maxMs: 160 },
      onLog: (_level, message) => logs.push(message),
      handlers: {
        onConnected: () => undefined,
        onDisconnected: () => undefined,
        onAck: () => undefined,
        onConfig: () => undefined,
        onConfigCleared: () => undefined,
        onCommand: () => undefined,
        ...handlers,
      },
    });
    links.push(link);
    link.start();
    return { link, logs };
  }

  it('keeps knocking with a wrong secret, backing off, and says why once', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    const { link, logs } = open('wrong');
    await sleep(700);
    expect(link.connected).toBe(false);
    expect(platform.gatewayConnected).toBe(false);
    // 40 ms doubling to 160 ms (with jitter) fits several attempts, far fewer than one per 40 ms.
    expect(platform.connectAttempts).toBeGreaterThanOrEqual(3);
    expect(platform.connectAttempts).toBeLessThanOrEqual(12);
    expect(logs.filter((line) => line.includes(`the platform refused SN ${SN}`))).toHaveLength(1);
  });

  it('reconnects after losing the platform and subscribes again', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    let connections = 0;
    const commands: unknown[] = [];
    const { link } = open('right', {
      onConnected: () => (connections += 1),
      onCommand: (message) => commands.push(message),
    });
    await waitFor(() => link.connected);
    await platform.goOffline();
    await waitFor(() => !link.connected);
    await platform.comeBack();
    await waitFor(() => connections === 2, 5000);
    await platform.sendCommand({ uuid: 'cmd-00000001', op: 'restart', expiresAt: Date.now() + 1000 });
    await waitFor(() => commands.length === 1);
  });

  it('tells a withdrawn configuration (an empty message) from one that is not JSON', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    const configs: unknown[] = [];
    let cleared = 0;
    const { link } = open('right', {
      onConfig: (message) => configs.push(message),
      onConfigCleared: () => (cleared += 1),
    });
    await waitFor(() => link.connected);
    await platform.clearConfig();
    await waitFor(() => cleared === 1);
    await platform.pushConfig({ version: 4 });
    await waitFor(() => configs.length === 1);
    expect(configs).toEqual([{ version: 4 }]);
    expect(cleared).toBe(1);
  });
});
