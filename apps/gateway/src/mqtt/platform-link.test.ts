/**
 * The platform link against a fake platform. The link's clock is moved by hand, so the backoff is
 * checked exactly; every wait is for an event of the link or the platform.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FakePlatform } from '../agent/testing/fake-platform.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import {
  ATTEMPTS_BEFORE_FALLBACK,
  PlatformLink,
  type LinkFallback,
  type PlatformLinkHandlers,
} from './platform-link.ts';
import { createServer } from 'node:net';

const SN = '100000000007';

/** A loopback port nobody listens on (taken and given back at once). */
function findFreePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

describe('platform link', () => {
  let platform: FakePlatform;
  const links: PlatformLink[] = [];

  afterEach(async () => {
    for (const link of links.splice(0)) await link.stop();
    await platform.stop();
  });

  function open(
    secret: string,
    handlers: Partial<PlatformLinkHandlers> = {},
    addresses: { url?: string; fallbackUrl?: string } = {},
  ) {
    const logs: string[] = [];
    const retries: number[] = [];
    const clock = new ManualScheduler(Date.now());
    const conditions = new Conditions();
    const recheck = conditions.check;
    platform.onChange(recheck);
    const after =
      <A extends unknown[]>(handler: ((...args: A) => void) | undefined) =>
      (...args: A) => {
        handler?.(...args);
        recheck();
      };
    const link = new PlatformLink({
      url: addresses.url ?? platform.url,
      ...(addresses.fallbackUrl ? { fallbackUrl: addresses.fallbackUrl } : {}),
      sn: SN,
      secret,
      scheduler: clock,
      // No jitter: each delay is the full step.
      random: () => 1,
      reconnect: { initialMs: 40, maxMs: 160 },
      onLog: (_level, message) => logs.push(message),
      handlers: {
        onConnected: after(handlers.onConnected),
        onDisconnected: after(handlers.onDisconnected),
        onAck: after(handlers.onAck),
        onConfig: after(handlers.onConfig),
        onConfigCleared: after(handlers.onConfigCleared),
        onCommand: after(handlers.onCommand),
        onRetryScheduled: after((delayMs: number) => retries.push(delayMs)),
        onFallback: after(handlers.onFallback),
      },
    });
    links.push(link);
    link.start();
    const until = (condition: () => boolean) => conditions.until(condition);
    return { link, logs, retries, clock, until };
  }

  it('keeps knocking with a wrong secret, backing off, and says why once', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    const { link, logs, retries, clock, until } = open('wrong');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await until(() => retries.length === attempt);
      expect(platform.connectAttempts).toBe(attempt);
      const delay = retries.at(-1)!;
      // Not a moment early.
      clock.advance(delay - 1);
      expect(link.waitingToRetry).toBe(true);
      clock.advance(1);
      expect(link.waitingToRetry).toBe(false);
    }
    await until(() => retries.length === 6);
    // 40 ms doubling up to 160 ms.
    expect(retries).toEqual([40, 80, 160, 160, 160, 160]);
    expect(link.connected).toBe(false);
    expect(platform.gatewayConnected).toBe(false);
    expect(logs.filter((line) => line.includes(`the platform refused SN ${SN}`))).toHaveLength(1);
  });

  it('reconnects after losing the platform and subscribes again', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    let connections = 0;
    const commands: unknown[] = [];
    const { link, retries, clock, until } = open('right', {
      onConnected: () => (connections += 1),
      onCommand: (message) => commands.push(message),
    });
    await until(() => link.connected);
    await platform.goOffline();
    await until(() => !link.connected && link.waitingToRetry);
    await platform.comeBack();
    clock.advance(retries.at(-1)!);
    await until(() => connections === 2);
    await platform.sendCommand({ uuid: 'cmd-00000001', op: 'restart', expiresAt: Date.now() + 1000 });
    await until(() => commands.length === 1);
    // A successful connection starts the backoff over.
    expect(retries).toEqual([40]);
  });

  it('tells a withdrawn configuration (an empty message) from one that is not JSON', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    const configs: unknown[] = [];
    let cleared = 0;
    const { link, until } = open('right', {
      onConfig: (message) => configs.push(message),
      onConfigCleared: () => (cleared += 1),
    });
    await until(() => link.connected);
    await platform.clearConfig();
    await until(() => cleared === 1);
    await platform.pushConfig({ version: 4 });
    await until(() => configs.length === 1);
    expect(configs).toEqual([{ version: 4 }]);
    expect(cleared).toBe(1);
  });

  it('gives up on a new address that never answers after a bounded number of attempts, and runs on the last one that worked', async () => {
    platform = await FakePlatform.start({ sn: SN, secret: 'right' });
    const nowhere = `mqtt://127.0.0.1:${await findFreePort()}`;
    const fallbacks: LinkFallback[] = [];
    const { link, logs, retries, clock, until } = open(
      'right',
      { onFallback: (fallback) => fallbacks.push(fallback) },
      { url: nowhere, fallbackUrl: platform.url },
    );
    for (let attempt = 1; attempt < ATTEMPTS_BEFORE_FALLBACK; attempt += 1) {
      await until(() => retries.length === attempt);
      expect(link.url).toBe(nowhere);
      clock.advance(retries.at(-1)!);
    }
    await until(() => fallbacks.length === 1);
    expect(fallbacks[0]).toMatchObject({ url: nowhere, attempts: ATTEMPTS_BEFORE_FALLBACK });
    expect(link.url).toBe(platform.url);
    clock.advance(retries.at(-1)!);
    await until(() => link.connected);
    expect(link.fellBack).toMatchObject({ url: nowhere });
    // The log names the address in use.
    expect(logs.some((line) => line.includes(`using the last address that worked, ${platform.url}`))).toBe(
      true,
    );
    expect(logs.at(-1)).toBe(`connected to ${platform.url}`);
  });
});
