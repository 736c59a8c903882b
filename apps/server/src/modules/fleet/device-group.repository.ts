/**
 * Device groups of an owner. A device names its group by `devices.group_name`; renaming or
 * deleting a group changes its owner's devices in the same transaction, so the two never disagree.
 */
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { deviceGroups, devices } from '../../db/schema/index.ts';

export type DeviceGroupRow = typeof deviceGroups.$inferSelect;

export class DeviceGroupRepository {
  constructor(private readonly db: Database) {}

  async list(ownerAccountId: string): Promise<Array<DeviceGroupRow & { deviceCount: number }>> {
    const groups = await this.db
      .select()
      .from(deviceGroups)
      .where(eq(deviceGroups.ownerAccountId, ownerAccountId))
      .orderBy(asc(deviceGroups.name));
    const counts = await this.db
      .select({ name: devices.groupName, total: count() })
      .from(devices)
      .where(eq(devices.ownerAccountId, ownerAccountId))
      .groupBy(devices.groupName);
    const byName = new Map(counts.map((row) => [row.name, Number(row.total)]));
    return groups.map((group) => ({ ...group, deviceCount: byName.get(group.name) ?? 0 }));
  }

  async countOf(ownerAccountId: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(deviceGroups)
      .where(eq(deviceGroups.ownerAccountId, ownerAccountId));
    return Number(row?.total ?? 0);
  }

  /** The group if it is the owner's (a foreign group looks missing). */
  async findOwned(ownerAccountId: string, id: string): Promise<DeviceGroupRow | undefined> {
    const [row] = await this.db
      .select()
      .from(deviceGroups)
      .where(and(eq(deviceGroups.id, id), eq(deviceGroups.ownerAccountId, ownerAccountId)))
      .limit(1);
    return row;
  }

  /** Inserts a group; a name the owner already has fails with SQLSTATE 23505. */
  async insert(row: typeof deviceGroups.$inferInsert): Promise<DeviceGroupRow> {
    const [inserted] = await this.db.insert(deviceGroups).values(row).returning();
    return inserted!;
  }

  async rename(group: DeviceGroupRow, name: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(deviceGroups).set({ name }).where(eq(deviceGroups.id, group.id));
      await tx
        .update(devices)
        .set({ groupName: name, updatedAt: new Date() })
        .where(and(eq(devices.ownerAccountId, group.ownerAccountId), eq(devices.groupName, group.name)));
    });
  }

  /** Deletes a group; its devices become ungrouped. */
  async delete(group: DeviceGroupRow): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(devices)
        .set({ groupName: null, updatedAt: new Date() })
        .where(and(eq(devices.ownerAccountId, group.ownerAccountId), eq(devices.groupName, group.name)));
      await tx.delete(deviceGroups).where(eq(deviceGroups.id, group.id));
    });
  }

  /** Puts devices into a group by name (null: out of every group); answers how many moved. */
  async move(deviceIds: readonly string[], groupName: string | null): Promise<number> {
    const moved = await this.db
      .update(devices)
      .set({ groupName, updatedAt: new Date() })
      .where(inArray(devices.id, [...deviceIds]))
      .returning({ id: devices.id });
    return moved.length;
  }
}
