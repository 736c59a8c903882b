/**
 * History storage as the console meets it (what a product or device stores, its retention policy,
 * the fleet's storage by period) and the storage sweep: one small step at a time, archiving a
 * closed day's next series, else dropping a partition no policy keeps, else removing a batch of
 * expired packed hours or summaries. Steps run one after another, never two at once, so ingest
 * only ever waits for one short transaction.
 */
import { sql } from 'drizzle-orm';
import {
  CatalogueError,
  type DeviceStorage,
  type FleetStorage,
  type ProductStorage,
  type RetentionPolicy,
} from '@lyyp/contracts';
import type { DeviceAccess } from '../device/device-access.ts';
import { isOperationStaff, type AccountFacts, type Caller } from '../device/viewer.ts';
import type { ProductService } from '../product/product.service.ts';
import type { HistoryArchive } from '../telemetry/history-archive.repository.ts';
import type { HistoryRepository } from '../telemetry/history.repository.ts';
import { effectivePolicy } from './retention.ts';
import type { StorageRepository } from './storage.repository.ts';

export interface StorageServiceDeps {
  readonly repository: StorageRepository;
  readonly archive: HistoryArchive;
  readonly history: HistoryRepository;
  readonly products: ProductService;
  readonly access: DeviceAccess;
  readonly now: () => number;
  readonly reportFailure: (error: unknown) => void;
}

export type StepOutcome = 'archived' | 'dropped' | 'expired' | 'idle';

export class StorageService {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;

  constructor(private readonly deps: StorageServiceDeps) {}

  async productStorage(caller: Caller, productId: string): Promise<ProductStorage> {
    await this.deps.products.requireFor(caller, 'product.list', productId);
    return {
      productId,
      policy: await this.deps.repository.policyOf('product', productId),
      usage: await this.deps.repository.usage(sql`select id from devices where product_id = ${productId}`),
    };
  }

  async setProductPolicy(caller: Caller, productId: string, policy: RetentionPolicy | null) {
    await this.deps.products.requireFor(caller, 'product.edit', productId);
    await this.deps.repository.setPolicy(
      'product',
      productId,
      policy,
      caller.account.id,
      new Date(this.deps.now()),
    );
    return this.productStorage(caller, productId);
  }

  async deviceStorage(account: AccountFacts, deviceId: string): Promise<DeviceStorage> {
    const device = await this.deps.access.requireVisibleDevice(account, deviceId);
    const override = await this.deps.repository.policyOf('device', device.id);
    const productPolicy = device.productId
      ? await this.deps.repository.policyOf('product', device.productId)
      : null;
    return {
      equipmentId: device.id,
      policy: effectivePolicy(override, productPolicy),
      override,
      productPolicy,
      usage: await this.deps.repository.usage(sql`${device.id}`),
    };
  }

  /** A device's own policy: staff who may edit the device (1201 for anyone else). */
  async setDevicePolicy(account: AccountFacts, deviceId: string, policy: RetentionPolicy | null) {
    const device = await this.deps.access.requireVisibleDevice(account, deviceId);
    if (!isOperationStaff(account)) throw new CatalogueError('1201');
    await this.deps.access.authorize(account, 'device.edit', device);
    await this.deps.repository.setPolicy('device', device.id, policy, account.id, new Date(this.deps.now()));
    return this.deviceStorage(account, deviceId);
  }

  async fleet(): Promise<FleetStorage> {
    const periods = await this.deps.repository.periods();
    return {
      periods: periods.map(({ kind, start, end, bytes, rows }) => ({ kind, start, end, bytes, rows })),
      totalBytes: periods.reduce((sum, period) => sum + period.bytes, 0),
    };
  }

  /** One step of the sweep. */
  async step(): Promise<StepOutcome> {
    const now = this.deps.now();
    const archived = await this.deps.archive.step(now);
    if (archived.day !== null) {
      if (archived.dropped) this.deps.history.forgetPartitions();
      return 'archived';
    }
    if (await this.deps.repository.dropOnePartition(now)) {
      this.deps.history.forgetPartitions();
      return 'dropped';
    }
    return (await this.deps.repository.expireRows(now)) > 0 ? 'expired' : 'idle';
  }

  /** Runs steps back to back until there is nothing to do (tests, the bench). */
  async sweep(): Promise<void> {
    while ((await this.step()) !== 'idle');
  }

  /** A step every `intervalMs`, and the next at once while there is work (0: never; tests drive it). */
  start(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    const tick = () => {
      if (this.running) return;
      const run = (async () => {
        for (let steps = 0; steps < 50; steps += 1) if ((await this.step()) === 'idle') return;
      })()
        .catch((error: unknown) => this.deps.reportFailure(error))
        .finally(() => {
          this.running = null;
        });
      this.running = run;
    };
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
