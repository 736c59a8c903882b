/**
 * The only ORM code of gateway operations: moving a device to another gateway in one transaction,
 * removing a device's measured data (all, or a time range), the gateways' remote settings, and
 * the replacement record with what its progress is derived from.
 */
import { and, desc, eq, gte, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { GatewaySettings, MqttTlsFile, MqttTlsPart, SettingOutcome } from '@lyyp/contracts/gateway-ops';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  alarmRecords,
  commands,
  dataGaps,
  devices,
  gatewayReplacements,
  gatewaySettings,
  gatewayTlsFiles,
  gateways,
  historyDirty,
  latestValues,
  pointsDay,
  pointsHour,
  pointsRollup,
  reportProgress,
  reportRows,
} from '../../db/schema/index.ts';
import { removeArchived } from '../telemetry/history-archive.repository.ts';

export type GatewaySettingsRow = typeof gatewaySettings.$inferSelect;

/** A time range [from, to) in epoch ms; none means everything. */
export interface ClearRange {
  from: number;
  to: number;
}

export interface ClearedCounts {
  points: number;
  summaries: number;
  reportRows: number;
  alarmRecords: number;
  latestValues: number;
  dataGaps: number;
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Rows of a raw statement, as node-postgres and PGlite both give them. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

export class GatewayOpsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Moves the device to the new gateway: the old one is released (no owner), the new one is owned
   * by the device's owner and is offered the old one's remote settings, and the replacement is
   * recorded. Fails with SQLSTATE 23505 when the new
   * gateway was bound to another device meanwhile; changes nothing when the device moved already.
   */
  async replace(input: {
    id: string;
    deviceId: string;
    oldSn: string;
    newSn: string;
    ownerAccountId: string;
    actorAccountId: string;
    at: Date;
  }): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const moved = await tx
        .update(devices)
        // The new gateway runs nothing yet: the configuration is pushed to it next.
        .set({ gatewaySn: input.newSn, configVersion: 0, updatedAt: input.at })
        .where(and(eq(devices.id, input.deviceId), eq(devices.gatewaySn, input.oldSn)))
        .returning({ id: devices.id });
      if (moved.length === 0) return false;
      await tx
        .update(gateways)
        .set({ ownerAccountId: null, configSyncState: 'none', configSyncError: null, updatedAt: input.at })
        .where(eq(gateways.sn, input.oldSn));
      await tx
        .update(gateways)
        .set({
          ownerAccountId: input.ownerAccountId,
          configSyncState: 'syncing',
          configSyncError: null,
          updatedAt: input.at,
        })
        .where(eq(gateways.sn, input.newSn));
      // The site's remote settings are offered to the new gateway, not yet sent to it ("not sent").
      const [siteSettings] = await tx
        .select({ settings: gatewaySettings.settings })
        .from(gatewaySettings)
        .where(eq(gatewaySettings.sn, input.oldSn));
      if (siteSettings)
        await tx
          .insert(gatewaySettings)
          .values({
            sn: input.newSn,
            settings: siteSettings.settings,
            commandUuid: null,
            outcomes: null,
            updatedAt: input.at,
          })
          .onConflictDoUpdate({
            target: gatewaySettings.sn,
            set: { settings: siteSettings.settings, commandUuid: null, outcomes: null, updatedAt: input.at },
          });
      await tx.insert(gatewayReplacements).values({
        id: input.id,
        deviceId: input.deviceId,
        oldSn: input.oldSn,
        newSn: input.newSn,
        actorAccountId: input.actorAccountId,
        at: input.at,
      });
      return true;
    });
  }

  /** The device's latest replacement with the new gateway's configuration sync (its progress). */
  async latestReplacement(deviceId: string) {
    const rows = await this.db
      .select({
        replacement: gatewayReplacements,
        actorName: accounts.username,
        currentSn: devices.gatewaySn,
        syncState: gateways.configSyncState,
        syncError: gateways.configSyncError,
      })
      .from(gatewayReplacements)
      .innerJoin(devices, eq(devices.id, gatewayReplacements.deviceId))
      .innerJoin(gateways, eq(gateways.sn, gatewayReplacements.newSn))
      .leftJoin(accounts, eq(accounts.id, gatewayReplacements.actorAccountId))
      .where(eq(gatewayReplacements.deviceId, deviceId))
      .orderBy(desc(gatewayReplacements.at))
      .limit(1);
    return rows[0];
  }

  /**
   * Removes the device's measured data in the range (or all of it) in one transaction: history
   * points, their minute/hour/day summaries and invalidation marks, report rows, ended alarm
   * records (active alarms are the present and stay), data gaps of its gateway, and with `all` the
   * latest values and the report progress. Commands (the write audit), configuration, pages,
   * shares, work orders and the device log stay.
   */
  async clearData(deviceId: string, gatewaySn: string, range: ClearRange | null): Promise<ClearedCounts> {
    return this.db.transaction(async (tx) => {
      const within = (column: PgColumn): SQL | undefined =>
        range ? and(gte(column, new Date(range.from)), lt(column, new Date(range.to))) : undefined;
      // The marks first: a summary sweep that claimed some of them holds their rows, so this waits
      // for it to commit, and the summaries it wrote are then removed below instead of surviving
      // the clear; a sweep starting later finds no mark to work from.
      await tx
        .delete(historyDirty)
        .where(and(eq(historyDirty.deviceId, deviceId), within(historyDirty.hour)));
      const points = await this.deletePoints(tx, deviceId, range);
      const minutes = await tx
        .delete(pointsRollup)
        .where(and(eq(pointsRollup.deviceId, deviceId), within(pointsRollup.minute)))
        .returning({ key: pointsRollup.key });
      const hours = await tx
        .delete(pointsHour)
        .where(and(eq(pointsHour.deviceId, deviceId), within(pointsHour.hour)))
        .returning({ key: pointsHour.key });
      const days = await tx
        .delete(pointsDay)
        .where(and(eq(pointsDay.deviceId, deviceId), within(pointsDay.day)))
        .returning({ key: pointsDay.key });
      const reports = await tx
        .delete(reportRows)
        .where(and(eq(reportRows.deviceId, deviceId), within(reportRows.at)))
        .returning({ at: reportRows.at });
      if (!range) await tx.delete(reportProgress).where(eq(reportProgress.deviceId, deviceId));
      const alarms = await tx
        .delete(alarmRecords)
        .where(
          and(
            eq(alarmRecords.deviceId, deviceId),
            isNotNull(alarmRecords.releasedAt),
            within(alarmRecords.raisedAt),
          ),
        )
        .returning({ id: alarmRecords.id });
      const latest = range
        ? []
        : await tx
            .delete(latestValues)
            .where(eq(latestValues.deviceId, deviceId))
            .returning({ key: latestValues.key });
      const gaps = await tx
        .delete(dataGaps)
        .where(and(eq(dataGaps.gatewaySn, gatewaySn), within(dataGaps.fromTs)))
        .returning({ id: dataGaps.id });
      return {
        points,
        summaries: minutes.length + hours.length + days.length,
        reportRows: reports.length,
        alarmRecords: alarms.length,
        latestValues: latest.length,
        dataGaps: gaps.length,
      };
    });
  }

  /**
   * Points live in day partitions the ORM does not declare, keyed by series, and in the archive's
   * packed hours; both go (`removeArchived`).
   */
  private async deletePoints(tx: Transaction, deviceId: string, range: ClearRange | null): Promise<number> {
    const series = sql`series_id in (select id from point_series where device_id = ${deviceId})`;
    const condition = range
      ? sql`${series} and ts >= ${new Date(range.from).toISOString()}::timestamptz and ts < ${new Date(range.to).toISOString()}::timestamptz`
      : series;
    const result = await tx.execute(
      sql`with removed as (delete from points where ${condition} returning 1) select count(*)::int as n from removed`,
    );
    const archived = await removeArchived(tx, deviceId, range);
    return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0) + archived;
  }

  async settingsOf(sn: string) {
    const rows = await this.db
      .select({
        row: gatewaySettings,
        status: commands.status,
        code: commands.code,
        expiresAt: commands.expiresAt,
      })
      .from(gatewaySettings)
      .leftJoin(commands, eq(commands.uuid, gatewaySettings.commandUuid))
      .where(eq(gatewaySettings.sn, sn))
      .limit(1);
    return rows[0];
  }

  /** The settings the platform now holds for the gateway, and the command that sends them. */
  async saveSettings(
    sn: string,
    settings: GatewaySettings,
    commandUuid: string | null,
    at: Date,
  ): Promise<void> {
    await this.db
      .insert(gatewaySettings)
      .values({ sn, settings, commandUuid, outcomes: null, updatedAt: at })
      .onConflictDoUpdate({
        target: gatewaySettings.sn,
        set: { settings, commandUuid, outcomes: null, updatedAt: at },
      });
  }

  /** The gateway's answer per setting; only for the command that is still the latest save of that gateway. */
  async recordOutcomes(sn: string, commandUuid: string, outcomes: SettingOutcome[]): Promise<void> {
    await this.db
      .update(gatewaySettings)
      .set({ outcomes })
      .where(and(eq(gatewaySettings.sn, sn), eq(gatewaySettings.commandUuid, commandUuid)));
  }

  /** After a factory reset the gateway runs its factory settings: the platform forgets its own. */
  async forgetSettings(sn: string): Promise<void> {
    await this.db.delete(gatewaySettings).where(eq(gatewaySettings.sn, sn));
    await this.db.delete(gatewayTlsFiles).where(eq(gatewayTlsFiles.sn, sn));
  }

  /** The TLS files held for the gateway's MQTT connection, with their PEM text (secrets: never answered). */
  async tlsFilesOf(sn: string): Promise<Array<{ part: MqttTlsPart; pem: string; summary: MqttTlsFile }>> {
    return this.db
      .select({ part: gatewayTlsFiles.part, pem: gatewayTlsFiles.pem, summary: gatewayTlsFiles.summary })
      .from(gatewayTlsFiles)
      .where(eq(gatewayTlsFiles.sn, sn))
      .orderBy(gatewayTlsFiles.part);
  }

  async saveTlsFile(sn: string, part: MqttTlsPart, pem: string, summary: MqttTlsFile): Promise<void> {
    const uploadedAt = new Date(summary.uploadedAt);
    await this.db
      .insert(gatewayTlsFiles)
      .values({ sn, part, pem, summary, uploadedAt })
      .onConflictDoUpdate({
        target: [gatewayTlsFiles.sn, gatewayTlsFiles.part],
        set: { pem, summary, uploadedAt },
      });
  }

  async removeTlsFile(sn: string, part: MqttTlsPart): Promise<boolean> {
    const removed = await this.db
      .delete(gatewayTlsFiles)
      .where(and(eq(gatewayTlsFiles.sn, sn), eq(gatewayTlsFiles.part, part)))
      .returning({ part: gatewayTlsFiles.part });
    return removed.length > 0;
  }
}
