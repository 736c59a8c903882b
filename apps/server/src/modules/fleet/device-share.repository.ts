/**
 * Device shares and the grants they give. Accepting and revoking change the share and the
 * receiver's `device_access` row in one transaction; accepting is a conditional update, so two
 * accounts racing for one link cannot both get it.
 */
import { and, asc, count, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client.ts';
import { accounts, deviceAccess, deviceShares, devices } from '../../db/schema/index.ts';

export type DeviceShareRow = typeof deviceShares.$inferSelect;

const sharer = alias(accounts, 'sharer');
const receiver = alias(accounts, 'receiver');
const nameOf = (table: typeof sharer | typeof receiver) =>
  sql<string | null>`coalesce(${table.name}, ${table.username}, ${table.tel})`;

export interface DeviceShareRecord {
  share: DeviceShareRow;
  sharerName: string | null;
  receiverName: string | null;
  /** Whether the grant the share gave still exists (staff may have revoked it directly). */
  granted: boolean;
}

const grantExists = sql<boolean>`exists (select 1 from ${deviceAccess} where ${deviceAccess.shareId} = ${deviceShares.id})`;

/** Shares still counted against the limit: not revoked, and accepted (with their grant) or still open. */
function liveCondition(at: Date) {
  return and(
    isNull(deviceShares.revokedAt),
    or(
      and(isNotNull(deviceShares.receiverAccountId), grantExists),
      and(isNull(deviceShares.receiverAccountId), gt(deviceShares.expiresAt, at)),
    ),
  );
}

export class DeviceShareRepository {
  constructor(private readonly db: Database) {}

  private records() {
    return this.db
      .select({
        share: deviceShares,
        sharerName: nameOf(sharer),
        receiverName: nameOf(receiver),
        granted: grantExists,
      })
      .from(deviceShares)
      .leftJoin(sharer, eq(sharer.id, deviceShares.sharerAccountId))
      .leftJoin(receiver, eq(receiver.id, deviceShares.receiverAccountId));
  }

  /** A device's shares, all of them or only one sharer's, newest first. */
  async listOf(deviceId: string, sharerAccountId?: string): Promise<DeviceShareRecord[]> {
    return this.records()
      .where(
        and(
          eq(deviceShares.deviceId, deviceId),
          sharerAccountId ? eq(deviceShares.sharerAccountId, sharerAccountId) : undefined,
        ),
      )
      .orderBy(sql`${deviceShares.createdAt} desc`, asc(deviceShares.id));
  }

  async findRecord(id: string): Promise<DeviceShareRecord | undefined> {
    const [row] = await this.records().where(eq(deviceShares.id, id)).limit(1);
    return row;
  }

  async findByTokenHash(tokenHash: string): Promise<DeviceShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceShares)
      .where(eq(deviceShares.tokenHash, tokenHash))
      .limit(1);
    return row;
  }

  /** Password shares of a device that may still be accepted. */
  async openPasswordShares(deviceId: string, at: Date): Promise<DeviceShareRow[]> {
    return this.db
      .select()
      .from(deviceShares)
      .where(
        and(
          eq(deviceShares.deviceId, deviceId),
          eq(deviceShares.method, 'password'),
          isNull(deviceShares.revokedAt),
          isNull(deviceShares.receiverAccountId),
          gt(deviceShares.expiresAt, at),
        ),
      )
      .orderBy(asc(deviceShares.createdAt));
  }

  /**
   * Inserts a share unless the device already has `max` live ones. The device row is locked for
   * the count, so parallel shares of one device cannot pass the limit together.
   */
  async insertWithin(
    row: typeof deviceShares.$inferInsert,
    max: number,
    at: Date,
  ): Promise<DeviceShareRow | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: devices.id }).from(devices).where(eq(devices.id, row.deviceId)).for('update');
      const [live] = await tx
        .select({ total: count() })
        .from(deviceShares)
        .where(and(eq(deviceShares.deviceId, row.deviceId), liveCondition(at)));
      if (Number(live?.total ?? 0) >= max) return null;
      const [inserted] = await tx.insert(deviceShares).values(row).returning();
      return inserted!;
    });
  }

  /**
   * Gives the share to the receiver if it is still open, and the receiver its grant; answers false
   * when someone else took it, it was revoked or it expired in the meantime.
   */
  async accept(
    share: DeviceShareRow,
    receiverAccountId: string,
    canWrite: boolean,
    at: Date,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const taken = await tx
        .update(deviceShares)
        .set({ receiverAccountId, acceptedAt: at })
        .where(
          and(
            eq(deviceShares.id, share.id),
            isNull(deviceShares.receiverAccountId),
            isNull(deviceShares.revokedAt),
            gt(deviceShares.expiresAt, at),
          ),
        )
        .returning({ id: deviceShares.id });
      if (taken.length === 0) return false;
      await tx.insert(deviceAccess).values({
        deviceId: share.deviceId,
        accountId: receiverAccountId,
        kind: 'shared',
        canWrite,
        shareId: share.id,
      });
      return true;
    });
  }

  /** Revokes shares and removes the grants they gave; answers the shares that were still live. */
  async revoke(ids: readonly string[], at: Date): Promise<DeviceShareRow[]> {
    if (ids.length === 0) return [];
    return this.db.transaction(async (tx) => {
      const revoked = await tx
        .update(deviceShares)
        .set({ revokedAt: at })
        .where(and(inArray(deviceShares.id, [...ids]), isNull(deviceShares.revokedAt)))
        .returning();
      const ended = revoked.map((share) => share.id);
      if (ended.length > 0) await tx.delete(deviceAccess).where(inArray(deviceAccess.shareId, ended));
      return revoked;
    });
  }

  /** Live shares a receiver made of a device: they end with the receiver's own access. */
  async liveSharesBy(deviceId: string, sharerAccountId: string): Promise<DeviceShareRow[]> {
    return this.db
      .select()
      .from(deviceShares)
      .where(
        and(
          eq(deviceShares.deviceId, deviceId),
          eq(deviceShares.sharerAccountId, sharerAccountId),
          isNull(deviceShares.revokedAt),
        ),
      );
  }

  /** The share an account's grant on a device came from, if it came from one. */
  async shareOfGrant(deviceId: string, accountId: string): Promise<DeviceShareRow | undefined> {
    const [row] = await this.db
      .select({ share: deviceShares })
      .from(deviceAccess)
      .innerJoin(deviceShares, eq(deviceShares.id, deviceAccess.shareId))
      .where(and(eq(deviceAccess.deviceId, deviceId), eq(deviceAccess.accountId, accountId)))
      .limit(1);
    return row?.share;
  }
}
