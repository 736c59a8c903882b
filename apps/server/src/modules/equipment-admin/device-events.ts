/**
 * Records what happens to a device that the command audit does not: binding and unbinding (from
 * the catalogue's hooks), gateway status changes and configuration pushes and sync results (from
 * the bus, so a status change on any node is recorded; each once, by its key), authorisations.
 * A staff path that unbinds runs inside `actingAs`, so the hook knows who did it.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ScriptWrite } from '@lyyp/contracts/protocol';
import type { Bus } from '../../bus/bus.ts';
import { newId } from '../../lib/ids.ts';
import type { EquipmentAdminRepository } from './equipment-admin.repository.ts';

export class DeviceEventRecorder {
  private readonly actor = new AsyncLocalStorage<string>();
  /** Status events of one gateway are handled in order, so a repeat is compared with what came before. */
  private readonly statusQueues = new Map<string, Promise<void>>();
  /**
   * The last status this node stored or read per gateway: gateways repeat their status with every
   * report, and only a change needs the database. A hint only; the stored events decide.
   */
  private readonly knownStatus = new Map<string, string>();

  constructor(
    private readonly repository: EquipmentAdminRepository,
    private readonly now: () => number,
    /** An event that could not be stored is reported here; it never fails the change it describes. */
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Runs `work` with `accountId` as the person behind the events it causes. */
  actingAs<T>(accountId: string, work: () => Promise<T>): Promise<T> {
    return this.actor.run(accountId, work);
  }

  /**
   * Device writes a gateway's scripts made, as they come with its script reports: each once (a
   * report sent again repeats them), at the gateway's time of the write.
   */
  async scriptWrites(deviceId: string, writes: readonly ScriptWrite[]): Promise<void> {
    if (writes.length === 0) return;
    const device = await this.repository.findDevice(deviceId);
    if (!device) return;
    for (const write of writes)
      await this.repository.recordEvent({
        id: newId(),
        at: new Date(write.at),
        gatewaySn: device.gatewaySn,
        deviceId,
        kind: 'script-write',
        actorAccountId: null,
        detail: {
          script: write.script,
          key: write.key,
          value: write.value,
          status: write.ok ? 'success' : 'failure',
          code: write.code,
        },
        onceKey: `script-write:${device.gatewaySn}:${write.id}`,
      });
  }

  async deviceBound(deviceId: string): Promise<void> {
    await this.recordBind(deviceId).catch(this.onError);
  }

  async deviceUnbound(gatewaySn: string): Promise<void> {
    await this.recordUnbind(gatewaySn).catch(this.onError);
  }

  private async recordBind(deviceId: string): Promise<void> {
    const device = await this.repository.findDevice(deviceId);
    if (!device) return;
    await this.repository.recordEvent({
      id: newId(),
      at: new Date(this.now()),
      gatewaySn: device.gatewaySn,
      deviceId,
      kind: 'bind',
      actorAccountId: this.actor.getStore() ?? device.ownerAccountId,
      detail: { owner: device.ownerAccountId, name: device.name },
      onceKey: `bind:${deviceId}`,
    });
  }

  private async recordUnbind(gatewaySn: string): Promise<void> {
    const bound = await this.repository.latestEvent(gatewaySn, 'bind');
    const at = this.now();
    await this.repository.recordEvent({
      id: newId(),
      at: new Date(at),
      gatewaySn,
      deviceId: bound?.deviceId ?? null,
      kind: 'unbind',
      actorAccountId: this.actor.getStore() ?? null,
      detail: { owner: typeof bound?.detail?.owner === 'string' ? bound.detail.owner : null },
      onceKey: `unbind:${bound?.deviceId ?? `${gatewaySn}:${at}`}`,
    });
  }

  async grantChanged(
    kind: 'authorize' | 'revoke' | 'share' | 'share-accept' | 'share-revoke',
    device: { id: string; gatewaySn: string },
    actorAccountId: string,
    detail: Record<string, string | boolean>,
  ): Promise<void> {
    const at = this.now();
    await this.repository.recordEvent({
      id: newId(),
      at: new Date(at),
      gatewaySn: device.gatewaySn,
      deviceId: device.id,
      kind,
      actorAccountId,
      detail,
      onceKey: `${kind}:${device.id}:${newId()}`,
    });
  }

  /**
   * A gateway operation on a device (replacement, factory reset, clearing data, remote settings),
   * with who asked and what it did. Stored under the gateway the operation acted on; the log of
   * a device also shows the events that name it, so a replacement keeps its past in view.
   */
  async gatewayOperation(
    kind: 'replace' | 'factory-reset' | 'clear-data' | 'settings',
    device: { id: string; gatewaySn: string },
    actorAccountId: string,
    detail: Record<string, string | number | boolean | null>,
  ): Promise<void> {
    const at = this.now();
    await this.repository
      .recordEvent({
        id: newId(),
        at: new Date(at),
        gatewaySn: device.gatewaySn,
        deviceId: device.id,
        kind,
        actorAccountId,
        detail,
        onceKey: `${kind}:${device.id}:${newId()}`,
      })
      .catch(this.onError);
  }

  /** Listens to gateway status and configuration sync; answers the unsubscribe. */
  attach(bus: Bus): () => void {
    const offStatus = bus.subscribe('gatewayStatus', (event) => {
      const previous = this.statusQueues.get(event.sn) ?? Promise.resolve();
      const next = previous.then(() => this.statusChanged(event)).catch(this.onError);
      this.statusQueues.set(event.sn, next);
      void next.then(() => {
        if (this.statusQueues.get(event.sn) === next) this.statusQueues.delete(event.sn);
      });
    });
    const offSync = bus.subscribe('configSync', (event) => {
      this.configChanged(event).catch(this.onError);
    });
    return () => {
      offStatus();
      offSync();
    };
  }

  private async statusChanged(event: {
    sn: string;
    deviceId: string | null;
    status: string;
    signal: number | null;
    at: number;
  }): Promise<void> {
    // Status reports repeat the status; only a change is an event.
    if (this.knownStatus.get(event.sn) === event.status) return;
    const last = await this.repository.latestEvent(event.sn, 'status');
    this.knownStatus.set(event.sn, event.status);
    if (last?.detail?.status === event.status) return;
    await this.repository.recordEvent({
      id: newId(),
      at: new Date(event.at),
      gatewaySn: event.sn,
      deviceId: event.deviceId,
      kind: 'status',
      actorAccountId: null,
      detail: { status: event.status, signal: event.signal },
      onceKey: `status:${event.sn}:${event.at}:${event.status}`,
    });
  }

  private async configChanged(event: {
    sn: string;
    deviceId: string | null;
    state: string;
    version: number;
  }): Promise<void> {
    if (event.state === 'none') return;
    const kind = event.state === 'syncing' ? 'config-push' : 'config-sync';
    await this.repository.recordEvent({
      id: newId(),
      at: new Date(this.now()),
      gatewaySn: event.sn,
      deviceId: event.deviceId,
      kind,
      actorAccountId: this.actor.getStore() ?? null,
      detail: { status: event.state, version: event.version },
      // A version pushed again (the sync button) is one push in the log.
      onceKey: `config:${event.sn}:${event.version}:${event.state}`,
    });
  }
}
