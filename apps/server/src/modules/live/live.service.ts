/**
 * Fans bus events out to browser connections. A connection subscribes to devices; each
 * subscription is checked against what the session may see (a device it may not see is answered as
 * missing), starts with a snapshot of latest values, then carries changes.
 */
import { translateError, type Locale } from '@lyyp/contracts';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import type { Bus } from '../../bus/bus.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { ShareMenu } from '@lyyp/contracts/fleet';
import type { DeviceAccess } from '../device/device-access.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { readDeviceSnapshot } from './device-snapshot.ts';

export interface LiveConnection {
  readonly account: () => AccountRow;
  readonly locale: Locale;
  send(message: LiveServerMessage): void;
}

interface ForViewers {
  readonly deviceId: string;
  readonly menu: ShareMenu;
  readonly message: LiveServerMessage;
}

/** What each signed-in account may see of some devices' menu, read ahead (`prepareViewers`). */
interface ReadAhead {
  readonly at: number;
  /** Per account, the devices it may see (null: the read failed). */
  readonly allowed: Promise<ReadonlyMap<string, ReadonlySet<string> | null>>;
}

/**
 * How long a read-ahead serves. It is taken by messages that follow within milliseconds; one whose
 * messages never came (a write that failed) is dropped after this.
 */
export const READ_AHEAD_SERVES_MS = 1000;

/** Most devices one connection may follow at once. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 200;

/** How often devices still being watched are reported again to `onViewed` (smart traffic saving). */
export const VIEWER_REPORT_INTERVAL_MS = 2 * 60_000;

export class LiveService {
  private viewed: ((deviceIds: string[]) => void) | null = null;
  private viewerTimer: ReturnType<typeof setInterval> | null = null;
  private readonly byDevice = new Map<string, Set<LiveConnection>>();
  private readonly byConnection = new Map<LiveConnection, Set<string>>();
  private readonly unsubscribeBus: Array<() => void>;
  /** Messages for the viewers of a device, waiting for the end of this turn of the event loop. */
  private forViewers: ForViewers[] = [];
  /** The messages for viewers sent so far (the next batch goes out after them). */
  private viewersDone: Promise<void> = Promise.resolve();
  /** Visibility read ahead, by menu and device (taken by the first batch that needs it). */
  private readonly readAhead = new Map<string, ReadAhead>();

  constructor(
    private readonly bus: Bus,
    private readonly runtime: RuntimeRepository,
    private readonly access: Pick<DeviceAccess, 'findVisibleDevice' | 'devicesAllowingMenu'>,
    private readonly now: () => number,
  ) {
    this.unsubscribeBus = [
      bus.subscribe('values', (event) => {
        // Most devices have no one watching: nothing is built for them.
        if (!this.byDevice.has(event.deviceId)) return;
        const receivedAt = this.now();
        this.broadcast(event.deviceId, {
          type: 'values',
          deviceId: event.deviceId,
          serverTime: receivedAt,
          values: event.points.map((point) => ({ ...point, receivedAt })),
        });
      }),
      bus.subscribe('fresh', (event) =>
        this.broadcast(event.deviceId, {
          type: 'fresh',
          deviceId: event.deviceId,
          keys: event.keys,
          receivedAt: event.at,
        }),
      ),
      bus.subscribe('gatewayStatus', (event) => {
        if (event.deviceId)
          this.broadcast(event.deviceId, {
            type: 'gateway',
            deviceId: event.deviceId,
            status: event.status,
            signal: event.signal,
          });
      }),
      bus.subscribe('command', (event) =>
        this.broadcast(event.deviceId, {
          type: 'command',
          deviceId: event.deviceId,
          uuid: event.uuid,
          status: event.status,
          code: event.code,
        }),
      ),
      bus.subscribe('alarm', (event) =>
        this.toViewers(event.deviceId, 'alarms', {
          type: 'alarm',
          deviceId: event.deviceId,
          event: event.event,
          record: event.record,
        }),
      ),
      bus.subscribe('notice', (event) => {
        for (const connection of this.byConnection.keys()) {
          if (connection.account().id === event.accountId)
            connection.send({ type: 'notice', message: event.message, speak: event.speak });
        }
      }),
      // A revoked share or authorisation ends the account's subscriptions to the device at once.
      bus.subscribe('accessRevoked', (event) => this.endAccess(event.deviceId, event.accountId)),
      bus.subscribe('configSync', (event) => {
        if (event.deviceId)
          this.broadcast(event.deviceId, {
            type: 'config',
            deviceId: event.deviceId,
            state: event.state,
            version: event.version,
          });
      }),
    ];
  }

  get connectionCount(): number {
    return this.byConnection.size;
  }

  /**
   * Tells `handler` which devices someone watches: at each subscription, and every
   * `VIEWER_REPORT_INTERVAL_MS` for the devices still followed (their gateways hear `down/view`).
   */
  reportViewers(handler: (deviceIds: string[]) => void, intervalMs = VIEWER_REPORT_INTERVAL_MS): void {
    this.viewed = handler;
    this.viewerTimer ??= setInterval(() => {
      const watched = [...this.byDevice].filter(([, listeners]) => listeners.size > 0).map(([id]) => id);
      if (watched.length > 0) handler(watched);
    }, intervalMs);
    this.viewerTimer.unref();
  }

  open(connection: LiveConnection) {
    this.byConnection.set(connection, new Set());
  }

  close(connection: LiveConnection) {
    for (const deviceId of this.byConnection.get(connection) ?? [])
      this.byDevice.get(deviceId)?.delete(connection);
    this.byConnection.delete(connection);
  }

  async subscribe(connection: LiveConnection, deviceIds: readonly string[]): Promise<void> {
    const current = this.byConnection.get(connection);
    if (!current) return;
    for (const deviceId of new Set(deviceIds)) {
      if (current.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION && !current.has(deviceId)) {
        connection.send({
          type: 'error',
          code: '1002',
          message: translateError('1002', connection.locale, { field: 'deviceIds' }),
          deviceId,
        });
        continue;
      }
      const device = await this.access.findVisibleDevice(connection.account(), deviceId);
      if (!device) {
        connection.send({
          type: 'error',
          code: '1003',
          message: translateError('1003', connection.locale),
          deviceId,
        });
        continue;
      }
      // Subscribe before reading the snapshot, so a change in between is not lost (it may arrive twice).
      current.add(deviceId);
      let listeners = this.byDevice.get(deviceId);
      if (!listeners) this.byDevice.set(deviceId, (listeners = new Set()));
      listeners.add(connection);
      this.viewed?.([deviceId]);
      const snapshot = await this.snapshot(deviceId);
      if (snapshot) connection.send(snapshot);
    }
  }

  unsubscribe(connection: LiveConnection, deviceIds: readonly string[]) {
    const current = this.byConnection.get(connection);
    for (const deviceId of deviceIds) {
      current?.delete(deviceId);
      this.byDevice.get(deviceId)?.delete(connection);
    }
  }

  /**
   * Messages for the viewers of these devices' `menu` are coming (an alarm evaluation is about to
   * write raises or releases): what each signed-in account may see of them is read now, beside the
   * write, instead of after it. The messages then go out as soon as they are published, without a
   * further wait for the database (on the embedded database, behind the next group commit).
   */
  prepareViewers(deviceIds: readonly string[], menu: ShareMenu) {
    const now = this.now();
    for (const [key, entry] of this.readAhead) if (!servesAt(entry, now)) this.readAhead.delete(key);
    if (deviceIds.length === 0 || this.byConnection.size === 0) return;
    const accounts = new Map(
      [...this.byConnection.keys()].map((connection) => [connection.account().id, connection.account()]),
    );
    const allowed = Promise.all(
      [...accounts.values()].map((account) =>
        this.access.devicesAllowingMenu(account, deviceIds, menu).then(
          (visible) => [account.id, visible] as const,
          () => [account.id, null] as const,
        ),
      ),
    ).then((answers) => new Map(answers));
    const entry: ReadAhead = { at: now, allowed };
    for (const deviceId of deviceIds) this.readAhead.set(readAheadKey(menu, deviceId), entry);
  }

  private endAccess(deviceId: string, accountId: string) {
    // A read-ahead may predate the revocation.
    this.readAhead.clear();
    const listeners = this.byDevice.get(deviceId);
    if (!listeners) return;
    for (const connection of [...listeners]) {
      if (connection.account().id !== accountId) continue;
      listeners.delete(connection);
      this.byConnection.get(connection)?.delete(deviceId);
      connection.send({
        type: 'error',
        code: '1003',
        message: translateError('1003', connection.locale),
        deviceId,
      });
    }
  }

  private async snapshot(deviceId: string): Promise<LiveServerMessage | null> {
    const snapshot = await readDeviceSnapshot(this.runtime, deviceId);
    if (!snapshot) return null;
    return {
      type: 'snapshot',
      deviceId,
      serverTime: this.now(),
      gateway: snapshot.gateway,
      values: snapshot.values,
      staleAfterMs: snapshot.staleAfterMs,
    };
  }

  private broadcast(deviceId: string, message: LiveServerMessage) {
    const listeners = this.byDevice.get(deviceId);
    if (!listeners) return;
    for (const connection of listeners) connection.send(message);
  }

  /**
   * Queues a message for every connection whose account may see `menu` of the device, subscribed to
   * it or not. The messages of one turn of the event loop (an alarm evaluation publishes its raises
   * and releases together) are decided with one visibility query per account, or by what was read
   * ahead for them, and go out in the order they came, after those of the turn before.
   */
  private toViewers(deviceId: string, menu: ShareMenu, message: LiveServerMessage) {
    const first = this.forViewers.length === 0;
    this.forViewers.push({ deviceId, menu, message });
    if (!first) return;
    setImmediate(() => {
      const batch = this.forViewers.splice(0);
      this.viewersDone = this.viewersDone.then(() => this.sendToViewers(batch)).catch(() => undefined);
    });
  }

  private async sendToViewers(batch: readonly ForViewers[]) {
    const connections = [...this.byConnection.keys()];
    const accounts = new Map(
      connections.map((connection) => [connection.account().id, connection.account()]),
    );
    const now = this.now();
    // Per account and menu, the devices of the batch it may see.
    const allowed = new Map<string, Set<string>>();
    const asked: Promise<void>[] = [];
    for (const menu of new Set(batch.map((item) => item.menu))) {
      const deviceIds = [...new Set(batch.filter((item) => item.menu === menu).map((item) => item.deviceId))];
      // What was read ahead for these devices (fresh enough), then asked for what it does not say.
      const readAhead = new Map<string, ReadonlyMap<string, ReadonlySet<string> | null>>();
      for (const deviceId of deviceIds) {
        const key = readAheadKey(menu, deviceId);
        const entry = this.readAhead.get(key);
        if (!entry) continue;
        this.readAhead.delete(key);
        if (servesAt(entry, now)) readAhead.set(deviceId, await entry.allowed);
      }
      for (const account of accounts.values()) {
        const visible = new Set<string>();
        const unknown: string[] = [];
        for (const deviceId of deviceIds) {
          const answer = readAhead.get(deviceId)?.get(account.id);
          if (!answer) unknown.push(deviceId);
          else if (answer.has(deviceId)) visible.add(deviceId);
        }
        allowed.set(`${account.id}\u0000${menu}`, visible);
        if (unknown.length > 0)
          asked.push(
            this.access
              .devicesAllowingMenu(account, unknown, menu)
              .catch(() => new Set<string>())
              .then((found) => found.forEach((deviceId) => visible.add(deviceId))),
          );
      }
    }
    await Promise.all(asked);
    for (const item of batch)
      for (const connection of connections)
        if (
          this.byConnection.has(connection) &&
          allowed.get(`${connection.account().id}\u0000${item.menu}`)?.has(item.deviceId)
        )
          connection.send(item.message);
  }

  shutdown() {
    if (this.viewerTimer) clearInterval(this.viewerTimer);
    this.viewerTimer = null;
    for (const unsubscribe of this.unsubscribeBus) unsubscribe();
    this.byDevice.clear();
    this.byConnection.clear();
  }
}

const readAheadKey = (menu: ShareMenu, deviceId: string) => `${menu}\u0000${deviceId}`;

/** Whether a read-ahead may still decide messages at `now` (a clock set back ends it too). */
const servesAt = (entry: ReadAhead, now: number) => now >= entry.at && now - entry.at <= READ_AHEAD_SERVES_MS;
