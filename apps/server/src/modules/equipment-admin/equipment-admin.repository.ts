/**
 * The only ORM code of staff device management: the device list across the catalogue with SIM
 * state and grants (scoped by the device access policy's SQL condition, never a rule of its own),
 * grants, and the device log read from the command audit and the device events.
 */
import { and, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  commands,
  deviceAccess,
  deviceEvents,
  devices,
  gateways,
  products,
  simCards,
} from '../../db/schema/index.ts';
import type { EquipmentSimState } from '@lyyp/contracts/equipment-admin';
import { SIM_EXPIRY_REMINDER_DAYS } from '@lyyp/contracts/alarm';
import { allOf, visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import { containsPattern, ownerNameOf } from '../product/product.repository.ts';

export type DeviceEventRow = typeof deviceEvents.$inferSelect;
export type NewDeviceEventRow = typeof deviceEvents.$inferInsert;

export interface EquipmentFilterInput {
  productId?: string | undefined;
  gatewaySn?: string | undefined;
  status?: (typeof gateways.$inferSelect)['status'] | undefined;
  owner?: string | undefined;
  groupName?: string | undefined;
  simState?: EquipmentSimState | undefined;
}

export interface Paging {
  offset: number;
  limit: number;
}

/** A card's state as `simCardStatusOf` decides it, in SQL (`none`: no card known for the device). */
function simStateOf(now: Date): SQL<EquipmentSimState> {
  const soon = new Date(now.getTime() + SIM_EXPIRY_REMINDER_DAYS[0] * 86_400_000);
  return sql<EquipmentSimState>`case
    when ${simCards.iccid} is null then 'none'
    when ${simCards.shutdown} then 'shutdown'
    when ${simCards.expiresAt} is null then 'active'
    when ${simCards.expiresAt} <= ${now.toISOString()}::timestamptz then 'expired'
    when ${simCards.expiresAt} <= ${soon.toISOString()}::timestamptz then 'about-to-expire'
    else 'active' end`;
}

const grantCount = sql<number>`(select count(*)::int from ${deviceAccess} where ${deviceAccess.deviceId} = ${devices.id})`;

export class EquipmentAdminRepository {
  constructor(private readonly db: Database) {}

  private conditions(viewer: Viewer, filter: EquipmentFilterInput, now: Date): SQL {
    return allOf(
      visibleDeviceCondition(viewer),
      filter.productId ? eq(devices.productId, filter.productId) : undefined,
      filter.gatewaySn ? ilike(devices.gatewaySn, containsPattern(filter.gatewaySn)) : undefined,
      filter.status ? eq(gateways.status, filter.status) : undefined,
      filter.groupName ? eq(devices.groupName, filter.groupName) : undefined,
      filter.owner
        ? or(
            ilike(accounts.username, containsPattern(filter.owner)),
            ilike(accounts.name, containsPattern(filter.owner)),
            ilike(accounts.tel, containsPattern(filter.owner)),
          )
        : undefined,
      filter.simState ? sql`${simStateOf(now)} = ${filter.simState}` : undefined,
    );
  }

  private base<T extends Record<string, unknown>>(columns: T) {
    return this.db
      .select(columns as never)
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .innerJoin(products, eq(products.id, devices.productId))
      .leftJoin(accounts, eq(accounts.id, devices.ownerAccountId))
      .leftJoin(simCards, eq(simCards.iccid, devices.iccid));
  }

  async page(viewer: Viewer, filter: EquipmentFilterInput, paging: Paging, now: Date) {
    const where = this.conditions(viewer, filter, now);
    const [counted] = (await this.base({ total: count() }).where(where)) as Array<{ total: number }>;
    const rows = (await this.base({
      device: devices,
      productTitle: products.title,
      ownerName: ownerNameOf,
      ownerTel: accounts.tel,
      gatewayStatus: gateways.status,
      lastSeenAt: gateways.lastSeenAt,
      simState: simStateOf(now),
      grantCount,
    })
      .where(where)
      .orderBy(desc(devices.createdAt), devices.id)
      .limit(paging.limit)
      .offset(paging.offset)) as Array<{
      device: typeof devices.$inferSelect;
      productTitle: string;
      ownerName: string | null;
      ownerTel: string | null;
      gatewayStatus: (typeof gateways.$inferSelect)['status'];
      lastSeenAt: Date | null;
      simState: EquipmentSimState;
      grantCount: number;
    }>;
    return { rows, total: counted?.total ?? 0 };
  }

  async grantsOf(deviceId: string) {
    return this.db
      .select({
        accountId: deviceAccess.accountId,
        username: accounts.username,
        name: accounts.name,
        tel: accounts.tel,
        kind: deviceAccess.kind,
        canWrite: deviceAccess.canWrite,
        createdAt: deviceAccess.createdAt,
      })
      .from(deviceAccess)
      .innerJoin(accounts, eq(accounts.id, deviceAccess.accountId))
      .where(eq(deviceAccess.deviceId, deviceId))
      .orderBy(deviceAccess.createdAt);
  }

  /** Removes an account's access to a device: false when it had none. */
  async revoke(deviceId: string, accountId: string): Promise<boolean> {
    const removed = await this.db
      .delete(deviceAccess)
      .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.accountId, accountId)))
      .returning({ accountId: deviceAccess.accountId });
    return removed.length > 0;
  }

  // Device events

  async recordEvent(row: NewDeviceEventRow): Promise<void> {
    // Several nodes hear the same bus event; the first one stores it.
    await this.db.insert(deviceEvents).values(row).onConflictDoNothing();
  }

  async findDevice(deviceId: string) {
    const rows = await this.db.select().from(devices).where(eq(devices.id, deviceId)).limit(1);
    return rows[0];
  }

  async latestEvent(gatewaySn: string, kind: DeviceEventRow['kind']): Promise<DeviceEventRow | undefined> {
    const rows = await this.db
      .select()
      .from(deviceEvents)
      .where(and(eq(deviceEvents.gatewaySn, gatewaySn), eq(deviceEvents.kind, kind)))
      .orderBy(desc(deviceEvents.at))
      .limit(1);
    return rows[0];
  }

  /**
   * The device log in a time range, newest first: the device's writes (command audit) and the
   * events of its gateway (binding, status, configuration, grants, scripts' writes: their variable,
   * value, outcome and code are kept in the event's detail) and those that name the device (so the
   * events of a gateway it had before a replacement stay in its log).
   */
  async logPage(
    device: { id: string; gatewaySn: string },
    range: { start: Date; end: Date },
    kind: string | undefined,
    paging: Paging,
  ) {
    const start = sql`${range.start.toISOString()}::timestamptz`;
    const end = sql`${range.end.toISOString()}::timestamptz`;
    const actorName = (column: SQL | typeof commands.createdBy) =>
      sql`(select coalesce(${accounts.name}, ${accounts.username}, ${accounts.tel}) from ${accounts} where ${accounts.id} = ${column})`;
    const parts: SQL[] = [];
    if (!kind || kind === 'write') {
      parts.push(sql`select ${commands.uuid} as id, ${commands.createdAt} as at, 'write' as kind,
        ${actorName(commands.createdBy)} as actor_name, ${commands.key} as variable,
        ${commands.previous} as previous, ${commands.value} as value, ${commands.status} as status,
        ${commands.code} as code, ${commands.message} as detail
        from ${commands} where ${commands.deviceId} = ${device.id} and ${commands.op} = 'write'
        and ${commands.createdAt} >= ${start} and ${commands.createdAt} < ${end}`);
    }
    if (kind !== 'write') {
      parts.push(sql`select ${deviceEvents.id} as id, ${deviceEvents.at} as at, ${deviceEvents.kind} as kind,
        ${actorName(sql`${deviceEvents.actorAccountId}`)} as actor_name, ${deviceEvents.detail}->>'key' as variable,
        null::jsonb as previous, ${deviceEvents.detail}->'value' as value, ${deviceEvents.detail}->>'status' as status,
        ${deviceEvents.detail}->>'code' as code, ${deviceEvents.detail}::text as detail
        from ${deviceEvents} where (${deviceEvents.gatewaySn} = ${device.gatewaySn}
          or ${deviceEvents.deviceId} = ${device.id})
        and ${deviceEvents.at} >= ${start} and ${deviceEvents.at} < ${end}
        ${kind ? sql`and ${deviceEvents.kind} = ${kind}` : sql``}`);
    }
    const union = sql.join(parts, sql` union all `);
    const counted = await this.db.execute(sql`select count(*)::int as total from (${union}) as log`);
    const rows = await this.db.execute(
      sql`select * from (${union}) as log order by at desc, id limit ${paging.limit} offset ${paging.offset}`,
    );
    return {
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      rows: rowsOf<LogRow>(rows).map((row) => ({ ...row, at: new Date(row.at) })),
    };
  }
}

export interface LogRow {
  id: string;
  at: string | Date;
  kind: string;
  actor_name: string | null;
  variable: string | null;
  previous: unknown;
  value: unknown;
  status: string | null;
  code: string | null;
  detail: string | null;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
