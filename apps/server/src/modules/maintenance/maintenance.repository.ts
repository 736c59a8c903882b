/**
 * The only code of the maintenance module that touches the ORM: work orders with their timeline,
 * inspection plans and tasks, and the operations centre's counts. Tenancy is the catalogue's SQL
 * condition (`visibleDeviceCondition`), so a work order or task of a device the caller may not see
 * is not found at all. Which rows a list filter means is built in maintenance-conditions.ts.
 */
import { aliasedTable, and, asc, desc, eq, inArray, isNull, max, notInArray, or, sql } from 'drizzle-orm';
import type { WorkOrderFilter } from '@lyyp/contracts/maintenance';
import type { Database } from '../../db/client.ts';
import {
  accounts,
  alarmRecords,
  deviceAccess,
  devices,
  files,
  gateways,
  hardwareModels,
  inspectionPlans,
  inspectionTasks,
  products,
  simCards,
  workOrderEvents,
  workOrderSequences,
  workOrders,
} from '../../db/schema/index.ts';
import { visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';
import {
  FINAL_STATES,
  taskConditions,
  workOrderConditions,
  type TaskFilter,
} from './maintenance-conditions.ts';

export type WorkOrderRow = typeof workOrders.$inferSelect;
export type NewWorkOrderRow = typeof workOrders.$inferInsert;
export type WorkOrderEventRow = typeof workOrderEvents.$inferSelect;
export type NewWorkOrderEventRow = typeof workOrderEvents.$inferInsert;
export type InspectionPlanRow = typeof inspectionPlans.$inferSelect;
export type InspectionTaskRow = typeof inspectionTasks.$inferSelect;
export type NewInspectionTaskRow = typeof inspectionTasks.$inferInsert;

const creators = aliasedTable(accounts, 'creators');
const assignees = aliasedTable(accounts, 'assignees');
const inspectors = aliasedTable(accounts, 'inspectors');

export interface WorkOrderListRow {
  order: WorkOrderRow;
  deviceName: string;
  deviceOwnerId: string;
  creatorName: string | null;
  assigneeName: string | null;
}

export interface TaskListRow {
  task: InspectionTaskRow;
  planName: string;
  inspectorIds: string[];
  deviceName: string;
  inspectorName: string | null;
}

export class MaintenanceRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: MaintenanceRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new MaintenanceRepository(tx as unknown as Database)));
  }

  // Work orders ------------------------------------------------------------------------------------

  /** The next number of a business day, taken in one statement, so two nodes never share one. */
  async nextSequence(day: string): Promise<number> {
    const [row] = await this.db
      .insert(workOrderSequences)
      .values({ day, last: 1 })
      .onConflictDoUpdate({
        target: workOrderSequences.day,
        set: { last: sql`${workOrderSequences.last} + 1` },
      })
      .returning({ last: workOrderSequences.last });
    return row!.last;
  }

  /** Inserts an order; undefined when its alarm already has an open one (the partial unique index). */
  async insertWorkOrder(row: NewWorkOrderRow): Promise<WorkOrderRow | undefined> {
    const [inserted] = await this.db.insert(workOrders).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async openOrderOfAlarm(alarmRecordId: string): Promise<WorkOrderRow | undefined> {
    const [row] = await this.db
      .select()
      .from(workOrders)
      .where(and(eq(workOrders.alarmRecordId, alarmRecordId), notInArray(workOrders.state, FINAL_STATES)));
    return row;
  }

  async insertEvent(row: NewWorkOrderEventRow): Promise<void> {
    await this.db.insert(workOrderEvents).values(row);
  }

  /** Moves an order on, only if it is still in the state the decision was made on. */
  async updateWorkOrder(
    id: string,
    fromState: string,
    changes: Partial<NewWorkOrderRow>,
  ): Promise<WorkOrderRow | undefined> {
    const [row] = await this.db
      .update(workOrders)
      .set(changes)
      .where(and(eq(workOrders.id, id), eq(workOrders.state, fromState as WorkOrderRow['state'])))
      .returning();
    return row;
  }

  async touchWorkOrder(id: string, at: Date): Promise<void> {
    await this.db.update(workOrders).set({ updatedAt: at }).where(eq(workOrders.id, id));
  }

  private workOrderSelection() {
    return this.db
      .select({
        order: workOrders,
        deviceName: devices.name,
        deviceOwnerId: devices.ownerAccountId,
        creatorName: creators.name,
        assigneeName: assignees.name,
      })
      .from(workOrders)
      .innerJoin(devices, eq(devices.id, workOrders.deviceId))
      .leftJoin(creators, eq(creators.id, workOrders.creatorId))
      .leftJoin(assignees, eq(assignees.id, workOrders.assigneeId));
  }

  async pageWorkOrders(
    viewer: Viewer,
    filter: Partial<WorkOrderFilter>,
    now: number,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: WorkOrderListRow[] }> {
    const where = and(...workOrderConditions(viewer, filter, now));
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(workOrders)
      .innerJoin(devices, eq(devices.id, workOrders.deviceId))
      .where(where);
    const rows = await this.workOrderSelection()
      .where(where)
      .orderBy(desc(workOrders.createdAt), desc(workOrders.id))
      .limit(page.limit)
      .offset(page.offset);
    return { total: count?.total ?? 0, rows };
  }

  async findVisibleWorkOrder(viewer: Viewer, id: string): Promise<WorkOrderListRow | undefined> {
    const [row] = await this.workOrderSelection().where(
      and(visibleDeviceCondition(viewer), eq(workOrders.id, id)),
    );
    return row;
  }

  async eventsOf(workOrderId: string) {
    return this.db
      .select({ event: workOrderEvents, byName: creators.name, assigneeName: assignees.name })
      .from(workOrderEvents)
      .leftJoin(creators, eq(creators.id, workOrderEvents.byId))
      .leftJoin(assignees, eq(assignees.id, workOrderEvents.assigneeId))
      .where(eq(workOrderEvents.workOrderId, workOrderId))
      .orderBy(asc(workOrderEvents.at), asc(workOrderEvents.id));
  }

  /** The alarm record if the viewer may see its device, with the device's name. */
  async findVisibleAlarmRecord(viewer: Viewer, id: string) {
    const [row] = await this.db
      .select({ record: alarmRecords, deviceName: devices.name })
      .from(alarmRecords)
      .innerJoin(devices, eq(devices.id, alarmRecords.deviceId))
      .where(and(visibleDeviceCondition(viewer), eq(alarmRecords.id, id)));
    return row;
  }

  /** Which of these uploaded files exist and were uploaded by the account. */
  async ownedFileIds(accountId: string, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: files.id })
      .from(files)
      .where(and(inArray(files.id, [...ids]), eq(files.ownerAccountId, accountId)));
    return new Set(rows.map((row) => row.id));
  }

  /**
   * People a device's work order can go to: its owner, the accounts granted it, and operation
   * staff; the service still asks the device access policy about the one chosen.
   */
  async assigneeCandidates(deviceId: string, limit: number) {
    const granted = sql`exists (select 1 from ${deviceAccess} where ${deviceAccess.deviceId} = ${deviceId} and ${deviceAccess.accountId} = ${accounts.id})`;
    const owner = sql`exists (select 1 from ${devices} where ${devices.id} = ${deviceId} and ${devices.ownerAccountId} = ${accounts.id})`;
    return this.db
      .select({ id: accounts.id, name: accounts.name, username: accounts.username })
      .from(accounts)
      .where(
        and(
          eq(accounts.status, 'enabled'),
          or(
            owner,
            granted,
            eq(accounts.isSuperManager, true),
            inArray(accounts.roleType, ['admin', 'operation']),
          ),
        ),
      )
      .orderBy(asc(accounts.name))
      .limit(limit);
  }

  async accountNames(ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: accounts.id, name: accounts.name, username: accounts.username })
      .from(accounts)
      .where(inArray(accounts.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row.name ?? row.username ?? row.id]));
  }

  async deviceNames(viewer: Viewer, ids: readonly string[]): Promise<Map<string, string>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({ id: devices.id, name: devices.name })
      .from(devices)
      .where(and(visibleDeviceCondition(viewer), inArray(devices.id, [...ids])));
    return new Map(rows.map((row) => [row.id, row.name]));
  }

  // Inspection plans -------------------------------------------------------------------------------

  async insertPlan(row: typeof inspectionPlans.$inferInsert): Promise<InspectionPlanRow> {
    const [inserted] = await this.db.insert(inspectionPlans).values(row).returning();
    return inserted!;
  }

  async updatePlan(id: string, changes: Partial<typeof inspectionPlans.$inferInsert>) {
    const [row] = await this.db
      .update(inspectionPlans)
      .set(changes)
      .where(eq(inspectionPlans.id, id))
      .returning();
    return row;
  }

  async deletePlan(id: string): Promise<void> {
    await this.db.delete(inspectionPlans).where(eq(inspectionPlans.id, id));
  }

  async planById(id: string): Promise<InspectionPlanRow | undefined> {
    const [row] = await this.db.select().from(inspectionPlans).where(eq(inspectionPlans.id, id));
    return row;
  }

  /**
   * Plans a person made or inspects; for operation staff, the plans whose every device is within
   * their scope (the policy's visibility of a plan, `inspectionPlan` in src/policy/authorize.ts).
   */
  async plansOf(viewer: Viewer): Promise<InspectionPlanRow[]> {
    return this.db
      .select()
      .from(inspectionPlans)
      .where(
        viewer.staff
          ? sql`not exists (select 1 from ${devices} where ${devices.id} in (select jsonb_array_elements_text(${inspectionPlans.deviceIds})) and not (${visibleDeviceCondition(viewer)}))`
          : or(
              eq(inspectionPlans.ownerAccountId, viewer.accountId),
              sql`${inspectionPlans.inspectorIds} @> ${JSON.stringify([viewer.accountId])}::jsonb`,
            ),
      )
      .orderBy(desc(inspectionPlans.createdAt));
  }

  async enabledPlans(): Promise<InspectionPlanRow[]> {
    return this.db.select().from(inspectionPlans).where(eq(inspectionPlans.enabled, true));
  }

  /** The start of each plan's newest task period (plans without tasks are absent). */
  async newestPeriodStarts(planIds: readonly string[]): Promise<Map<string, number>> {
    if (planIds.length === 0) return new Map();
    const rows = await this.db
      .select({ planId: inspectionTasks.planId, newest: max(inspectionTasks.periodStart) })
      .from(inspectionTasks)
      .where(inArray(inspectionTasks.planId, [...planIds]))
      .groupBy(inspectionTasks.planId);
    return new Map(
      rows.flatMap((row) => (row.newest ? [[row.planId, new Date(row.newest).getTime()] as const] : [])),
    );
  }

  /**
   * Creates the tasks of a period. The unique index on (plan, device, period) is the claim: when two
   * nodes generate the same period, each task is inserted by exactly one of them.
   */
  async insertTasks(rows: NewInspectionTaskRow[]): Promise<number> {
    if (rows.length === 0) return 0;
    const inserted = await this.db
      .insert(inspectionTasks)
      .values(rows)
      .onConflictDoNothing({
        target: [inspectionTasks.planId, inspectionTasks.deviceId, inspectionTasks.periodStart],
      })
      .returning({ id: inspectionTasks.id });
    return inserted.length;
  }

  private taskSelection() {
    return this.db
      .select({
        task: inspectionTasks,
        planName: inspectionPlans.name,
        inspectorIds: inspectionPlans.inspectorIds,
        deviceName: devices.name,
        inspectorName: inspectors.name,
      })
      .from(inspectionTasks)
      .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
      .innerJoin(devices, eq(devices.id, inspectionTasks.deviceId))
      .leftJoin(inspectors, eq(inspectors.id, inspectionTasks.inspectorId));
  }

  async pageTasks(
    viewer: Viewer,
    filter: TaskFilter,
    now: number,
    page: { offset: number; limit: number },
  ): Promise<{ total: number; rows: TaskListRow[] }> {
    const where = and(...taskConditions(viewer, filter, now));
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(inspectionTasks)
      .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
      .innerJoin(devices, eq(devices.id, inspectionTasks.deviceId))
      .where(where);
    const rows = await this.taskSelection()
      .where(where)
      .orderBy(desc(inspectionTasks.periodStart), asc(devices.name), asc(inspectionTasks.id))
      .limit(page.limit)
      .offset(page.offset);
    return { total: count?.total ?? 0, rows };
  }

  async findVisibleTask(
    viewer: Viewer,
    id: string,
  ): Promise<(TaskListRow & { items: InspectionPlanRow['items'] }) | undefined> {
    const [row] = await this.db
      .select({
        task: inspectionTasks,
        planName: inspectionPlans.name,
        inspectorIds: inspectionPlans.inspectorIds,
        items: inspectionPlans.items,
        deviceName: devices.name,
        inspectorName: inspectors.name,
      })
      .from(inspectionTasks)
      .innerJoin(inspectionPlans, eq(inspectionPlans.id, inspectionTasks.planId))
      .innerJoin(devices, eq(devices.id, inspectionTasks.deviceId))
      .leftJoin(inspectors, eq(inspectors.id, inspectionTasks.inspectorId))
      .where(and(visibleDeviceCondition(viewer), eq(inspectionTasks.id, id)));
    return row;
  }

  /** Changes a task only if it is still in the state (and with the results) it was read with. */
  async updateTask(
    id: string,
    from: { state: string; recorded: number },
    changes: Partial<NewInspectionTaskRow>,
  ): Promise<InspectionTaskRow | undefined> {
    const [row] = await this.db
      .update(inspectionTasks)
      .set(changes)
      .where(
        and(
          eq(inspectionTasks.id, id),
          eq(inspectionTasks.state, from.state as InspectionTaskRow['state']),
          sql`jsonb_array_length(${inspectionTasks.results}) = ${from.recorded}`,
        ),
      )
      .returning();
    return row;
  }

  // Operations centre ------------------------------------------------------------------------------

  /** The gateways of the devices a viewer may see, with what the fleet figures need. */
  async fleet(viewer: Viewer) {
    return this.db
      .select({
        deviceId: devices.id,
        deviceName: devices.name,
        productId: devices.productId,
        productTitle: products.title,
        iccid: devices.iccid,
        sn: gateways.sn,
        status: gateways.status,
        signal: gateways.signal,
        hardwareModelId: gateways.hardwareModelId,
        hardwareModel: hardwareModels.name,
        firmware: gateways.firmware,
        rejectedMessages: gateways.rejectedMessages,
        configSyncState: gateways.configSyncState,
        simExpiresAt: simCards.expiresAt,
        simShutdown: simCards.shutdown,
      })
      .from(devices)
      .innerJoin(gateways, eq(gateways.sn, devices.gatewaySn))
      .innerJoin(hardwareModels, eq(hardwareModels.id, gateways.hardwareModelId))
      .innerJoin(products, eq(products.id, devices.productId))
      .leftJoin(simCards, eq(simCards.iccid, devices.iccid))
      .where(visibleDeviceCondition(viewer));
  }

  async activeAlarmCount(viewer: Viewer): Promise<number> {
    const [row] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(alarmRecords)
      .innerJoin(devices, eq(devices.id, alarmRecords.deviceId))
      .where(and(visibleDeviceCondition(viewer), isNull(alarmRecords.releasedAt)));
    return row?.total ?? 0;
  }

  async workOrderStates(viewer: Viewer) {
    return this.db
      .select({ state: workOrders.state, createdAt: workOrders.createdAt })
      .from(workOrders)
      .innerJoin(devices, eq(devices.id, workOrders.deviceId))
      .where(visibleDeviceCondition(viewer));
  }

  async taskStates(viewer: Viewer) {
    return this.db
      .select({ state: inspectionTasks.state, dueAt: inspectionTasks.dueAt })
      .from(inspectionTasks)
      .innerJoin(devices, eq(devices.id, inspectionTasks.deviceId))
      .where(visibleDeviceCondition(viewer));
  }
}
