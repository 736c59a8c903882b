/** The devices' own configurations: read, and replaced with a revision that grows in the same statement. */
import { eq, sql } from 'drizzle-orm';
import type { DeviceConfigOverrides } from '@lyyp/contracts/device-config';
import type { Database } from '../../db/client.ts';
import { deviceConfigs } from '../../db/schema/index.ts';

export type DeviceConfigRow = typeof deviceConfigs.$inferSelect;

export class DeviceConfigRepository {
  constructor(private readonly db: Database) {}

  async find(deviceId: string): Promise<DeviceConfigRow | undefined> {
    const rows = await this.db
      .select()
      .from(deviceConfigs)
      .where(eq(deviceConfigs.deviceId, deviceId))
      .limit(1);
    return rows[0];
  }

  /** Stores the device's settings and answers the new revision (one more than before). */
  async replace(
    deviceId: string,
    overrides: DeviceConfigOverrides,
    accountId: string,
    at: Date,
  ): Promise<DeviceConfigRow> {
    const rows = await this.db
      .insert(deviceConfigs)
      .values({ deviceId, overrides, revision: 1, updatedBy: accountId, updatedAt: at })
      .onConflictDoUpdate({
        target: deviceConfigs.deviceId,
        set: {
          overrides,
          revision: sql`${deviceConfigs.revision} + 1`,
          updatedBy: accountId,
          updatedAt: at,
        },
      })
      .returning();
    return rows[0]!;
  }
}
