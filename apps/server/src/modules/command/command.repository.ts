/** Commands and their audit trail. A command leaves `pending` exactly once. */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { commands, latestValues, type StoredValue } from '../../db/schema/index.ts';

export type CommandRow = typeof commands.$inferSelect;

export class CommandRepository {
  constructor(private readonly db: Database) {}

  async insert(row: typeof commands.$inferInsert): Promise<CommandRow> {
    const [created] = await this.db.insert(commands).values(row).returning();
    return created!;
  }

  async find(uuid: string): Promise<CommandRow | undefined> {
    const rows = await this.db.select().from(commands).where(eq(commands.uuid, uuid)).limit(1);
    return rows[0];
  }

  /** Settles a pending command; false when it had already reached a final state. */
  async settle(
    uuid: string,
    outcome: { status: 'success' | 'failure'; code: string; message: string | null; result: StoredValue },
    expectedSn?: string,
  ): Promise<CommandRow | undefined> {
    const conditions = [eq(commands.uuid, uuid), eq(commands.status, 'pending')];
    if (expectedSn) conditions.push(eq(commands.gatewaySn, expectedSn));
    const [updated] = await this.db
      .update(commands)
      .set({ ...outcome, updatedAt: new Date() })
      .where(and(...conditions))
      .returning();
    return updated;
  }

  async latestValue(deviceId: string, key: string): Promise<StoredValue | undefined> {
    const rows = await this.db
      .select({ value: latestValues.value })
      .from(latestValues)
      .where(and(eq(latestValues.deviceId, deviceId), eq(latestValues.key, key)))
      .limit(1);
    return rows[0]?.value;
  }

  /** A confirmed write or read is the newest value of the variable. */
  async setLatest(deviceId: string, key: string, ts: number, value: StoredValue): Promise<void> {
    await this.db
      .insert(latestValues)
      .values({ deviceId, key, ts: new Date(ts), value, error: null })
      .onConflictDoUpdate({
        target: [latestValues.deviceId, latestValues.key],
        set: { ts: new Date(ts), value, error: null, receivedAt: new Date() },
      });
  }
}
