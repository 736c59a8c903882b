/** Gateway runtime state as the MQTT side sees it: credentials, status, sequence, sync, gaps. */
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import { applyDeviceConfig, effectiveConfigVersion } from '@lyyp/contracts/device-config';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { SlaveCounters } from '@lyyp/contracts/protocol';
import type { Database } from '../../db/client.ts';
import { compareTexts } from '../../db/lock-order.ts';
import {
  dataGaps,
  deviceConfigs,
  devices,
  gatewayReplacements,
  gateways,
  hardwareModels,
  latestValues,
  products,
} from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export interface DeviceContext {
  sn: string;
  deviceId: string;
  productId: string;
  ownerAccountId: string;
  /** The model the gateway runs: the product's with the device's own driver addresses. */
  model: DeviceModel;
  /** The product's model version. */
  modelVersion: number;
  /** The version the gateway runs (`effectiveConfigVersion` of the product's and the device's). */
  version: number;
  /** The version last pushed to the gateway. */
  configVersion: number;
}

export interface DeviceBinding {
  deviceId: string;
  productId: string;
  modelVersion: number;
}

export type GatewayStatusUpdate = Partial<{
  status: 'online' | 'offline' | 'dormant' | 'power-off';
  signal: number | null;
  firmware: string | null;
  systemFirmware: string | null;
  hardwareModel: string | null;
  networkMode: string | null;
  gatewayMode: string | null;
  configVersionReported: number;
  slaveCounters: SlaveCounters[];
  lastSeenAt: Date;
}>;

export class RuntimeRepository {
  constructor(private readonly db: Database) {}

  async gatewaySecret(sn: string): Promise<string | undefined> {
    const rows = await this.db
      .select({ secret: gateways.secret })
      .from(gateways)
      .where(eq(gateways.sn, sn))
      .limit(1);
    return rows[0]?.secret;
  }

  async deviceContextBySn(sn: string): Promise<DeviceContext | undefined> {
    const rows = await this.db
      .select({
        deviceId: devices.id,
        productId: products.id,
        ownerAccountId: devices.ownerAccountId,
        model: products.model,
        modelVersion: products.modelVersion,
        configVersion: devices.configVersion,
        overrides: deviceConfigs.overrides,
        revision: deviceConfigs.revision,
      })
      .from(devices)
      .innerJoin(products, eq(products.id, devices.productId))
      .leftJoin(deviceConfigs, eq(deviceConfigs.deviceId, devices.id))
      .where(eq(devices.gatewaySn, sn))
      .limit(1);
    const row = rows[0];
    if (!row) return undefined;
    const { overrides, revision, ...context } = row;
    return {
      sn,
      ...context,
      model: overrides ? applyDeviceConfig(context.model, overrides) : context.model,
      version: effectiveConfigVersion(context.modelVersion, revision ?? 0),
    };
  }

  /** The devices bound to these gateways with their product's model version (not the model itself). */
  async deviceBindingsBySns(sns: readonly string[]): Promise<Map<string, DeviceBinding>> {
    const bindings = new Map<string, DeviceBinding>();
    for (let start = 0; start < sns.length; start += 1000) {
      const rows = await this.db
        .select({
          sn: devices.gatewaySn,
          deviceId: devices.id,
          productId: products.id,
          modelVersion: products.modelVersion,
        })
        .from(devices)
        .innerJoin(products, eq(products.id, devices.productId))
        .where(inArray(devices.gatewaySn, sns.slice(start, start + 1000)));
      for (const { sn, ...binding } of rows) bindings.set(sn, binding);
    }
    return bindings;
  }

  /**
   * The device a gateway was last replaced away from, and when (undefined: it never was, or the
   * device is gone). What that gateway measured before the replacement still belongs to the device.
   */
  async replacedFrom(sn: string): Promise<(DeviceBinding & { at: number }) | undefined> {
    const rows = await this.db
      .select({
        deviceId: devices.id,
        productId: products.id,
        modelVersion: products.modelVersion,
        at: gatewayReplacements.at,
      })
      .from(gatewayReplacements)
      .innerJoin(devices, eq(devices.id, gatewayReplacements.deviceId))
      .innerJoin(products, eq(products.id, devices.productId))
      .where(eq(gatewayReplacements.oldSn, sn))
      .orderBy(desc(gatewayReplacements.at))
      .limit(1);
    const row = rows[0];
    return row ? { ...row, at: new Date(row.at).getTime() } : undefined;
  }

  async productModel(productId: string): Promise<{ model: DeviceModel; modelVersion: number } | undefined> {
    const rows = await this.db
      .select({ model: products.model, modelVersion: products.modelVersion })
      .from(products)
      .where(eq(products.id, productId))
      .limit(1);
    return rows[0];
  }

  async deviceContextById(deviceId: string): Promise<DeviceContext | undefined> {
    const rows = await this.db
      .select({ sn: devices.gatewaySn })
      .from(devices)
      .where(eq(devices.id, deviceId))
      .limit(1);
    return rows[0] ? this.deviceContextBySn(rows[0].sn) : undefined;
  }

  async latestValuesOf(deviceId: string) {
    return this.db.select().from(latestValues).where(eq(latestValues.deviceId, deviceId));
  }

  /** Marks values as confirmed current at `at` (a poll that found them within their dead zone). */
  async confirmValues(deviceId: string, keys: readonly string[], at: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db
      .update(latestValues)
      .set({ receivedAt: at })
      .where(
        and(
          eq(latestValues.deviceId, deviceId),
          inArray(latestValues.key, [...keys]),
          isNull(latestValues.error),
        ),
      );
  }

  async gatewayOfDevice(deviceId: string) {
    const rows = await this.db
      .select({ sn: gateways.sn, status: gateways.status, signal: gateways.signal })
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .where(eq(devices.id, deviceId))
      .limit(1);
    return rows[0];
  }

  async deviceIdsOfProduct(productId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(eq(devices.productId, productId));
    return rows.map((row) => row.id);
  }

  async gatewayState(sn: string) {
    const rows = await this.db
      .select({
        status: gateways.status,
        lastSeenAt: gateways.lastSeenAt,
        configVersionReported: gateways.configVersionReported,
        configSyncState: gateways.configSyncState,
      })
      .from(gateways)
      .where(eq(gateways.sn, sn))
      .limit(1);
    return rows[0];
  }

  async updateGateway(sn: string, update: GatewayStatusUpdate): Promise<void> {
    const { hardwareModel, ...columns } = update;
    // The hardware the agent reports names a model: the gateway follows it when the platform knows
    // that model, and keeps the one staff gave it otherwise.
    const reportedModel = hardwareModel
      ? {
          hardwareModelId: sql`coalesce((select ${hardwareModels.id} from ${hardwareModels} where ${hardwareModels.name} = ${hardwareModel}), ${gateways.hardwareModelId})`,
        }
      : {};
    await this.db
      .update(gateways)
      .set({ ...columns, ...reportedModel, updatedAt: new Date() })
      .where(eq(gateways.sn, sn));
  }

  /** SNs of every gateway whose status is not offline. */
  async gatewaysNotOffline(): Promise<string[]> {
    const rows = await this.db
      .select({ sn: gateways.sn })
      .from(gateways)
      .where(ne(gateways.status, 'offline'));
    return rows.map((row) => row.sn);
  }

  /**
   * Marks gateways offline that are not offline yet: all of them, or those of `sns`, and of those
   * only the ones not heard from since `silentBefore` (a gateway heard from later is left alone: it
   * said something after the decision was made). Answers the changed gateways with their device.
   */
  async markGatewaysOffline(
    where: { sns?: readonly string[]; silentBefore?: Date } = {},
  ): Promise<Array<{ sn: string; deviceId: string | null }>> {
    if (where.sns?.length === 0) return [];
    const conditions = [ne(gateways.status, 'offline')];
    if (where.sns) conditions.push(inArray(gateways.sn, [...where.sns]));
    if (where.silentBefore)
      conditions.push(or(isNull(gateways.lastSeenAt), lt(gateways.lastSeenAt, where.silentBefore))!);
    const changed = await this.db
      .update(gateways)
      .set({ status: 'offline', updatedAt: new Date() })
      .where(and(...conditions))
      .returning({ sn: gateways.sn });
    if (changed.length === 0) return [];
    const deviceOf = new Map<string, string>();
    const sns = changed.map((row) => row.sn);
    for (let start = 0; start < sns.length; start += 1000) {
      const bound = await this.db
        .select({ sn: devices.gatewaySn, deviceId: devices.id })
        .from(devices)
        .where(inArray(devices.gatewaySn, sns.slice(start, start + 1000)));
      for (const row of bound) deviceOf.set(row.sn, row.deviceId);
    }
    return sns.map((sn) => ({ sn, deviceId: deviceOf.get(sn) ?? null }));
  }

  async countRejected(sn: string, count: number): Promise<void> {
    await this.db
      .update(gateways)
      .set({ rejectedMessages: sql`${gateways.rejectedMessages} + ${count}` })
      .where(eq(gateways.sn, sn));
  }

  async insertGaps(
    sn: string,
    seq: number,
    gaps: ReadonlyArray<{ from: number; to: number; lost: number; keys?: readonly string[] }>,
    deviceId: string | null = null,
  ): Promise<void> {
    if (gaps.length === 0) return;
    await this.db
      .insert(dataGaps)
      .values(
        gaps.map((gap) => ({
          id: newId(),
          gatewaySn: sn,
          fromTs: new Date(gap.from),
          toTs: new Date(gap.to),
          lost: gap.lost,
          seq,
          deviceId,
          keys: gap.keys ? [...gap.keys] : null,
        })),
      )
      .onConflictDoNothing();
  }

  /** A device's gaps overlapping [from, to], oldest first (at most `limit`). */
  async gapsOf(deviceId: string, from: number, to: number, limit = 1000) {
    const rows = await this.db
      .select({ fromTs: dataGaps.fromTs, toTs: dataGaps.toTs, lost: dataGaps.lost, keys: dataGaps.keys })
      .from(dataGaps)
      .where(
        and(
          eq(dataGaps.deviceId, deviceId),
          lte(dataGaps.fromTs, new Date(to)),
          gte(dataGaps.toTs, new Date(from)),
        ),
      )
      .orderBy(asc(dataGaps.fromTs))
      .limit(limit);
    return rows.map((row) => ({
      from: row.fromTs.getTime(),
      to: row.toTs.getTime(),
      lost: row.lost,
      keys: row.keys ?? null,
    }));
  }

  async markConfigPushed(deviceId: string, sn: string, version: number): Promise<void> {
    await this.db.update(devices).set({ configVersion: version }).where(eq(devices.id, deviceId));
    await this.db
      .update(gateways)
      .set({ configSyncState: 'syncing', configSyncError: null })
      .where(eq(gateways.sn, sn));
  }

  async recordConfigReport(
    sn: string,
    version: number,
    applied: boolean,
    error: string | null,
    expectedVersion: number,
  ) {
    const state = !applied ? 'failed' : version === expectedVersion ? 'complete' : 'syncing';
    await this.db
      .update(gateways)
      .set({
        configVersionReported: applied ? version : sql`${gateways.configVersionReported}`,
        configSyncState: state,
        configSyncError: error,
      })
      .where(and(eq(gateways.sn, sn)));
    return state;
  }
}

/**
 * The statement that records the newest upload number and last-heard time of each gateway (null
 * for none), to run in the ingest's own transaction.
 */
export function recordSequencesStatement(sequences: ReadonlyMap<string, number>, at: Date) {
  if (sequences.size === 0) return null;
  // In lock order (`lock-order.ts`): commits running at once update the same gateways.
  const ordered = [...sequences].sort(([a], [b]) => compareTexts(a, b));
  return sql`
      update gateways set last_seq = greatest(gateways.last_seq, incoming.seq), last_seen_at = ${at.toISOString()}::timestamptz
      from unnest(${sql.param(ordered.map(([sn]) => sn))}::text[], ${sql.param(ordered.map(([, seq]) => seq))}::bigint[]) as incoming(sn, seq)
      where gateways.sn = incoming.sn`;
}
