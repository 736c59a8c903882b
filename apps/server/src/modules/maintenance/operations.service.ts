/**
 * The operations centre's overview (§2): fleet health by status, product, hardware model and
 * firmware; §9 signal bands; gateways with communication errors; SIM cards about to expire; active
 * alarms; work orders by state and age; inspection tasks by state. Everything is counted over the
 * devices the caller may see, and every status is derived at read time from stored facts, so the
 * figures are true after any restart.
 */
import {
  GATEWAY_HEALTH_STATES,
  INSPECTION_STATES,
  SIM_EXPIRING_WITHIN_DAYS,
  WORK_ORDER_AGE_BUCKETS,
  WORK_ORDER_FINAL_STATES,
  WORK_ORDER_STATES,
  ageBucketOf,
  inspectionStateOf,
  signalBandOf,
  type OperationsOverview,
} from '@lyyp/contracts/maintenance';
import type { AccountRow } from '../account/account.repository.ts';
import { viewerOf } from '../device/viewer.ts';
import type { MaintenanceRepository } from './maintenance.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
/** Most rows of the error and SIM lists in the overview; the lists behind them have the rest. */
const OVERVIEW_LIST_MAX = 20;

function zeroes<K extends string>(keys: readonly K[]): Record<K, number> {
  return Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
}

function countsOf(values: Array<{ key: string; label: string }>) {
  const counts = new Map<string, { key: string; label: string; count: number }>();
  for (const value of values) {
    const entry = counts.get(value.key) ?? { ...value, count: 0 };
    entry.count += 1;
    counts.set(value.key, entry);
  }
  return [...counts.values()].sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

export class OperationsService {
  constructor(private readonly deps: { repository: MaintenanceRepository; now: () => number }) {}

  async overview(account: AccountRow): Promise<OperationsOverview> {
    const viewer = viewerOf(account);
    const now = this.deps.now();
    const [fleet, activeAlarms, orders, tasks] = await Promise.all([
      this.deps.repository.fleet(viewer),
      this.deps.repository.activeAlarmCount(viewer),
      this.deps.repository.workOrderStates(viewer),
      this.deps.repository.taskStates(viewer),
    ]);
    const byStatus = zeroes(GATEWAY_HEALTH_STATES);
    const signal = { ...zeroes(['very-good', 'good', 'fair', 'bad', 'unknown'] as const) };
    for (const row of fleet) {
      byStatus[row.status] += 1;
      signal[signalBandOf(row.signal)] += 1;
    }
    const byState = zeroes(WORK_ORDER_STATES);
    const openByAge = zeroes(WORK_ORDER_AGE_BUCKETS.map((bucket) => bucket.key));
    for (const order of orders) {
      byState[order.state] += 1;
      if (!WORK_ORDER_FINAL_STATES.includes(order.state))
        openByAge[ageBucketOf(order.createdAt.getTime(), now)] += 1;
    }
    const taskStates = zeroes(INSPECTION_STATES);
    for (const task of tasks)
      taskStates[inspectionStateOf({ state: task.state, dueAt: task.dueAt.getTime() }, now)] += 1;
    const horizon = now + SIM_EXPIRING_WITHIN_DAYS * DAY_MS;
    return {
      at: now,
      fleet: {
        total: fleet.length,
        byStatus,
        byProduct: countsOf(fleet.map((row) => ({ key: row.productId, label: row.productTitle }))),
        byHardwareModel: countsOf(
          fleet.map((row) => ({ key: row.hardwareModelId, label: row.hardwareModel ?? '' })),
        ),
        byFirmware: countsOf(fleet.map((row) => ({ key: row.firmware ?? '', label: row.firmware ?? '' }))),
      },
      signal,
      communicationErrors: fleet
        .filter((row) => row.rejectedMessages > 0 || row.configSyncState === 'failed')
        .slice(0, OVERVIEW_LIST_MAX)
        .map((row) => ({
          sn: row.sn,
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          rejectedMessages: row.rejectedMessages,
          configSyncFailed: row.configSyncState === 'failed',
        })),
      expiringSims: fleet
        .filter(
          (row) => row.iccid && row.simExpiresAt && !row.simShutdown && row.simExpiresAt.getTime() <= horizon,
        )
        .sort((a, b) => a.simExpiresAt!.getTime() - b.simExpiresAt!.getTime())
        .slice(0, OVERVIEW_LIST_MAX)
        .map((row) => ({
          iccid: row.iccid!,
          deviceId: row.deviceId,
          deviceName: row.deviceName,
          expiresAt: row.simExpiresAt!.getTime(),
          expired: row.simExpiresAt!.getTime() <= now,
        })),
      activeAlarms,
      workOrders: { byState, openByAge },
      inspections: { byState: taskStates },
    };
  }
}
