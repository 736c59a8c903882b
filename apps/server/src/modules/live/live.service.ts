/**
 * Fans bus events out to browser connections. A connection subscribes to devices; each
 * subscription needs a device view code (`LIVE_VIEW_CODES`, else 1201) and a device the session may
 * see (else answered as missing, 1003), starts with a snapshot of latest values, then carries
 * changes.
 *
 * Sessions follow the policy at once: when an account's sessions or rights change
 * (`accountChanged` on the bus, from any node) its connections read their session again; a
 * connection whose session ended is closed, the others keep only the subscriptions still allowed
 * (each one dropped is told with 1210). A revoked share or authorisation (`accessRevoked`) ends the
 * account's subscriptions to that device the same way.
 */
import {
  ALL_PERMISSION_CODES,
  hasPermission,
  translateError,
  type ErrorCode,
  type Locale,
} from '@lyyp/contracts';
import { LIVE_VIEW_CODES, type LiveServerMessage } from '@lyyp/contracts/live';
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
  /**
   * Reads the connection's session again, so `account()` answers the rights it holds now. False when
   * the session has ended: the connection has then been told and closed. Absent, the account never
   * changes (a connection the server makes for itself).
   */
  refresh?(): Promise<boolean>;
}

/** Whether an account may follow devices on the live channel at all (one of the view codes). */
export function mayViewLive(account: Pick<AccountRow, 'auths' | 'isSuperManager'>): boolean {
  return hasPermission(
    account.isSuperManager ? ALL_PERMISSION_CODES.join(',') : account.auths,
    LIVE_VIEW_CODES,
  );
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
      bus.subscribe('accountChanged', (event) => void this.recheck(event.accountIds)),
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
      const refusal = await this.refusalOf(connection.account(), deviceId);
      if (refusal) {
        connection.send({
          type: 'error',
          code: refusal,
          message: translateError(refusal, connection.locale),
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

  /** Why the account may not follow the device now (1201 no view code, 1003 not visible), or null. */
  private async refusalOf(account: AccountRow, deviceId: string): Promise<ErrorCode | null> {
    if (!mayViewLive(account)) return '1201';
    return (await this.access.findVisibleDevice(account, deviceId)) ? null : '1003';
  }

  private endAccess(deviceId: string, accountId: string) {
    // A read-ahead may predate the revocation.
    this.readAhead.clear();
    const listeners = this.byDevice.get(deviceId);
    if (!listeners) return;
    for (const connection of [...listeners])
      if (connection.account().id === accountId) this.drop(connection, deviceId);
  }

  /** Ends one subscription of a connection whose access to the device changed, telling it (1210). */
  private drop(connection: LiveConnection, deviceId: string) {
    this.byDevice.get(deviceId)?.delete(connection);
    const current = this.byConnection.get(connection);
    if (!current?.delete(deviceId)) return;
    connection.send({
      type: 'error',
      code: '1210',
      message: translateError('1210', connection.locale),
      deviceId,
    });
  }

  /**
   * The sessions or rights of these accounts changed: each of their connections reads its session
   * again (closed when it ended) and keeps only the subscriptions still allowed.
   */
  async recheck(accountIds: readonly string[]): Promise<void> {
    // A read-ahead may predate the change.
    this.readAhead.clear();
    const changed = new Set(accountIds);
    const connections = [...this.byConnection.keys()].filter((connection) =>
      changed.has(connection.account().id),
    );
    await Promise.all(
      connections.map(async (connection) => {
        try {
          if (connection.refresh && !(await connection.refresh())) return this.close(connection);
          const account = connection.account();
          for (const deviceId of [...(this.byConnection.get(connection) ?? [])]) {
            if (await this.refusalOf(account, deviceId)) this.drop(connection, deviceId);
          }
        } catch {
          // A failed read leaves the connection as it was; its periodic session check still runs.
        }
      }),
    );
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
    // Alarm events need a device view code, like subscriptions.
    const connections = [...this.byConnection.keys()].filter((connection) =>
      mayViewLive(connection.account()),
    );
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
