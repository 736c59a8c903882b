/**
 * Which work orders and inspection tasks a list filter means, as SQL conditions over the tables
 * the maintenance repository joins (devices included): always the caller's visible devices, then
 * state, device, plan, "mine", keyword and age. Overdue is derived from `dueAt` at `now`, never stored.
 */
import { and, eq, ilike, inArray, lt, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { WorkOrderFilter, WorkOrderState } from '@lyyp/contracts/maintenance';
import { devices, inspectionPlans, inspectionTasks, workOrders } from '../../db/schema/index.ts';
import { visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';

/** States a work order ends in: it no longer counts as open. */
export const FINAL_STATES: WorkOrderState[] = ['finished', 'ended'];

/** The task list's filter (`overdue` is a state here, derived at read time). */
export interface TaskFilter {
  state?: string | undefined;
  equipmentId?: string | undefined;
  planId?: string | undefined;
  mine?: boolean | undefined;
}

/** Work orders of the caller's visible devices that match the filter (`olderThanHours` at `now`). */
export function workOrderConditions(viewer: Viewer, filter: Partial<WorkOrderFilter>, now: number): SQL[] {
  const conditions: SQL[] = [visibleDeviceCondition(viewer)];
  if (filter.state) conditions.push(eq(workOrders.state, filter.state));
  if (filter.equipmentId) conditions.push(eq(workOrders.deviceId, filter.equipmentId));
  if (filter.mine)
    conditions.push(
      or(eq(workOrders.creatorId, viewer.accountId), eq(workOrders.assigneeId, viewer.accountId))!,
    );
  if (filter.keyword) {
    const pattern = `%${filter.keyword.replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
    conditions.push(
      or(
        ilike(workOrders.number, pattern),
        ilike(workOrders.problem, pattern),
        ilike(devices.name, pattern),
      )!,
    );
  }
  if (filter.olderThanHours !== undefined) {
    conditions.push(notInArray(workOrders.state, FINAL_STATES));
    conditions.push(lt(workOrders.createdAt, new Date(now - filter.olderThanHours * 3_600_000)));
  }
  return conditions;
}

/** Tasks of the caller's visible devices that match the filter, overdue judged at `now`. */
export function taskConditions(viewer: Viewer, filter: TaskFilter, now: number): SQL[] {
  const conditions: SQL[] = [visibleDeviceCondition(viewer)];
  const at = new Date(now).toISOString();
  const open = inArray(inspectionTasks.state, ['not-started', 'in-progress']);
  if (filter.state === 'overdue')
    conditions.push(and(open, sql`${inspectionTasks.dueAt} <= ${at}::timestamptz`)!);
  else if (filter.state === 'not-started' || filter.state === 'in-progress')
    conditions.push(
      and(eq(inspectionTasks.state, filter.state), sql`${inspectionTasks.dueAt} > ${at}::timestamptz`)!,
    );
  else if (filter.state)
    conditions.push(
      eq(inspectionTasks.state, filter.state as (typeof inspectionTasks.$inferSelect)['state']),
    );
  if (filter.equipmentId) conditions.push(eq(inspectionTasks.deviceId, filter.equipmentId));
  if (filter.planId) conditions.push(eq(inspectionTasks.planId, filter.planId));
  if (filter.mine)
    conditions.push(sql`${inspectionPlans.inspectorIds} @> ${JSON.stringify([viewer.accountId])}::jsonb`);
  return conditions;
}
