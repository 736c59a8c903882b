/** The newest script states each device's gateway reported: the only code here touching the ORM. */
import { eq, sql } from 'drizzle-orm';
import type { ScriptReport } from '@lyyp/contracts/protocol';
import type { Database } from '../../db/client.ts';
import { scriptStates } from '../../db/schema/index.ts';

export type ScriptStateRow = typeof scriptStates.$inferSelect;

export class ScriptStateRepository {
  constructor(private readonly db: Database) {}

  async listForDevice(deviceId: string): Promise<ScriptStateRow[]> {
    return this.db.select().from(scriptStates).where(eq(scriptStates.deviceId, deviceId));
  }

  /**
   * Replaces the device's states with the report's, in one statement per report: scripts the
   * report no longer names (removed from the model) go, the others are upserted. A report older
   * than the one stored (delivered late) changes nothing.
   */
  async replace(deviceId: string, report: ScriptReport, receivedAt: Date): Promise<void> {
    const reportTs = new Date(report.ts);
    await this.db.transaction(async (tx) => {
      const keys = report.scripts.map((state) => state.key);
      await tx
        .delete(scriptStates)
        .where(
          keys.length > 0
            ? sql`${scriptStates.deviceId} = ${deviceId} and ${scriptStates.scriptKey} <> all(${sql.param(keys)}::text[])`
            : eq(scriptStates.deviceId, deviceId),
        );
      if (report.scripts.length === 0) return;
      await tx
        .insert(scriptStates)
        .values(
          report.scripts.map((state) => ({
            deviceId,
            scriptKey: state.key,
            configVersion: report.configVersion,
            state,
            reportTs,
            receivedAt,
          })),
        )
        .onConflictDoUpdate({
          target: [scriptStates.deviceId, scriptStates.scriptKey],
          set: {
            configVersion: sql`excluded.config_version`,
            state: sql`excluded.state`,
            reportTs: sql`excluded.report_ts`,
            receivedAt: sql`excluded.received_at`,
          },
          setWhere: sql`${scriptStates.reportTs} <= excluded.report_ts`,
        });
    });
  }
}
