/**
 * Inspections: plans (devices, checklist items, a schedule, inspectors), the tasks each period of
 * a schedule gives every device, and carrying a task out item by item. Tasks are generated from
 * the injected clock by `generateDueTasks`, which any node may run at any time: the database's
 * unique (plan, device, period) makes each task exist exactly once. Overdue is derived from the
 * time when a task is read, never stored.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  INSPECTION_RESULT_NAMES,
  decideInspectionAction,
  inspectionResultOf,
  inspectionStateOf,
  INSPECTION_BACKFILL_PERIODS,
  periodsBetween,
  readingIsOutOfRange,
  type InspectionAction,
  type InspectionPlanBody,
  type InspectionPlanItem,
  type InspectionResult,
  type InspectionTaskDetail,
  type InspectionTaskItem,
  type TaskFilter,
} from '@lyyp/contracts/maintenance';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { Authorizer, PolicyObject } from '../../policy/index.ts';
import { viewerOf } from '../device/viewer.ts';
import type { InspectionPlanRow, MaintenanceRepository, TaskListRow } from './maintenance.repository.ts';
import type { StoredItemResult } from '../../db/schema/index.ts';
import { photosOf, type WorkOrderService } from './work-order.service.ts';

export interface InspectionServiceDeps {
  readonly repository: MaintenanceRepository;
  readonly access: DeviceAccess;
  readonly authorizer: Pick<Authorizer, 'authorize'>;
  readonly accounts: Pick<AccountRepository, 'findById'>;
  readonly workOrders: Pick<WorkOrderService, 'raise'>;
  readonly now: () => number;
}

/** An inspection plan as the policy meets it. */
export function planObjectOf(plan: InspectionPlanRow): PolicyObject {
  return {
    kind: 'inspectionPlan',
    id: plan.id,
    ownerAccountId: plan.ownerAccountId,
    deviceIds: plan.deviceIds,
    inspectorIds: plan.inspectorIds,
  };
}

export class InspectionService {
  constructor(private readonly deps: InspectionServiceDeps) {}

  // Plans ------------------------------------------------------------------------------------------

  private async presentPlans(account: AccountRow, rows: InspectionPlanRow[]): Promise<InspectionPlanItem[]> {
    const deviceNames = await this.deps.repository.deviceNames(
      viewerOf(account),
      rows.flatMap((row) => row.deviceIds),
    );
    const people = await this.deps.repository.accountNames(rows.flatMap((row) => row.inspectorIds));
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      devices: row.deviceIds
        .filter((id) => deviceNames.has(id))
        .map((id) => ({ id, name: deviceNames.get(id) ?? id })),
      items: row.items,
      schedule: row.schedule,
      inspectors: row.inspectorIds.map((id) => ({ id, name: people.get(id) ?? id })),
      enabled: row.enabled,
      ownerAccountId: row.ownerAccountId,
      createdAt: row.createdAt.getTime(),
    }));
  }

  async listPlans(account: AccountRow): Promise<InspectionPlanItem[]> {
    return this.presentPlans(account, await this.deps.repository.plansOf(viewerOf(account)));
  }

  /**
   * A plan to edit or delete, as the policy allows it (`inspection.editPlan`): its maker, or staff
   * whose scope holds every device of it; a plan out of sight is missing (1003), one the caller
   * only inspects is refused (2417).
   */
  private async requireOwnPlan(account: AccountRow, id: string): Promise<InspectionPlanRow> {
    const plan = await this.deps.repository.planById(id);
    if (!plan) throw new CatalogueError('1003');
    await this.deps.authorizer.authorize(account, 'inspection.editPlan', planObjectOf(plan));
    return plan;
  }

  async savePlan(account: AccountRow, input: InspectionPlanBody): Promise<InspectionPlanItem> {
    for (const deviceId of input.deviceIds) await this.deps.access.requireVisibleDevice(account, deviceId);
    for (const inspectorId of input.inspectorIds) {
      const inspector = await this.deps.accounts.findById(inspectorId);
      const seesAll =
        inspector?.status === 'enabled' &&
        (
          await Promise.all(input.deviceIds.map((id) => this.deps.access.findVisibleDevice(inspector, id)))
        ).every(Boolean);
      if (!seesAll) throw new CatalogueError('2410', { account: inspectorId });
    }
    const now = new Date(this.deps.now());
    const fields = {
      name: input.name,
      deviceIds: input.deviceIds,
      items: input.items,
      schedule: input.schedule,
      inspectorIds: input.inspectorIds,
      enabled: input.enabled,
      updatedAt: now,
    };
    let row: InspectionPlanRow | undefined;
    if (input.id) {
      await this.requireOwnPlan(account, input.id);
      row = await this.deps.repository.updatePlan(input.id, fields);
    } else {
      row = await this.deps.repository.insertPlan({
        id: newId(),
        ownerAccountId: account.id,
        createdAt: now,
        ...fields,
      });
    }
    if (!row) throw new CatalogueError('1003');
    // The current period's tasks exist as soon as the plan does.
    if (row.enabled) await this.generatePlanTasks(row, this.deps.now(), this.deps.now());
    const [presented] = await this.presentPlans(account, [row]);
    return presented!;
  }

  async deletePlan(account: AccountRow, id: string): Promise<void> {
    await this.requireOwnPlan(account, id);
    await this.deps.repository.deletePlan(id);
  }

  // Task generation --------------------------------------------------------------------------------

  /** Creates the plan's tasks of every period from the one holding `since` to the current one. */
  private async generatePlanTasks(plan: InspectionPlanRow, since: number, now: number): Promise<number> {
    const periods = periodsBetween(plan.schedule, since, now, INSPECTION_BACKFILL_PERIODS);
    return this.deps.repository.insertTasks(
      periods.flatMap((period) =>
        plan.deviceIds.map((deviceId) => ({
          id: newId(),
          planId: plan.id,
          deviceId,
          periodStart: new Date(period.start),
          dueAt: new Date(period.end),
          createdAt: new Date(now),
        })),
      ),
    );
  }

  /**
   * Gives every enabled plan's devices their task of the current period, once, and makes up the
   * periods missed while no node ran (since the plan's newest task, never before the plan was last
   * saved, at most INSPECTION_BACKFILL_PERIODS back). Safe to run on every node at once and as
   * often as wanted; returns how many tasks this call created.
   */
  async generateDueTasks(): Promise<number> {
    const now = this.deps.now();
    const plans = await this.deps.repository.enabledPlans();
    const newest = await this.deps.repository.newestPeriodStarts(plans.map((plan) => plan.id));
    let created = 0;
    for (const plan of plans) {
      const since = Math.max(plan.updatedAt.getTime(), newest.get(plan.id) ?? 0);
      created += await this.generatePlanTasks(plan, since, now);
    }
    return created;
  }

  // Tasks ------------------------------------------------------------------------------------------

  private presentTask(row: TaskListRow, account: AccountRow): InspectionTaskItem {
    const { task } = row;
    return {
      id: task.id,
      planId: task.planId,
      planName: row.planName,
      deviceId: task.deviceId,
      deviceName: row.deviceName,
      periodStart: task.periodStart.getTime(),
      dueAt: task.dueAt.getTime(),
      state: inspectionStateOf({ state: task.state, dueAt: task.dueAt.getTime() }, this.deps.now()),
      result: task.result,
      inspectorId: task.inspectorId,
      inspectorName: row.inspectorName,
      remark: task.remark,
      startedAt: task.startedAt?.getTime() ?? null,
      finishedAt: task.finishedAt?.getTime() ?? null,
      canAct: row.inspectorIds.includes(account.id),
    };
  }

  async listTasks(account: AccountRow, filter: TaskFilter) {
    const { total, rows } = await this.deps.repository.pageTasks(viewerOf(account), filter, this.deps.now(), {
      offset: (filter.page - 1) * filter.pageSize,
      limit: filter.pageSize,
    });
    return {
      list: rows.map((row) => this.presentTask(row, account)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  private async requireTask(account: AccountRow, id: string) {
    const row = await this.deps.repository.findVisibleTask(viewerOf(account), id);
    if (!row) throw new CatalogueError('1003');
    return row;
  }

  async taskDetail(account: AccountRow, id: string): Promise<InspectionTaskDetail> {
    const row = await this.requireTask(account, id);
    return {
      ...this.presentTask(row, account),
      items: row.items,
      results: row.task.results.map((result) => ({
        itemId: result.itemId,
        result: result.result,
        reading: result.reading,
        remark: result.remark,
        photos: photosOf(result.photoIds),
        workOrderId: result.workOrderId,
        recordedAt: result.recordedAt,
      })),
    };
  }

  private decide(
    row: Awaited<ReturnType<InspectionService['requireTask']>>,
    action: InspectionAction,
    account: AccountRow,
  ) {
    const decision = decideInspectionAction(
      { state: row.task.state, recordedItems: row.task.results.length, totalItems: row.items.length },
      action,
      row.inspectorIds.includes(account.id),
    );
    if (!decision.ok) throw new CatalogueError(decision.code);
    return decision.to;
  }

  /**
   * Records one checklist item (again, to correct it). A reading outside its expected range is
   * abnormal whatever was chosen; an abnormal item raises a work order for the device once.
   */
  async record(
    account: AccountRow,
    input: {
      id: string;
      itemId: string;
      result: InspectionResult;
      reading: number | null;
      remark: string;
      photos: string[];
    },
  ): Promise<InspectionTaskDetail> {
    const row = await this.requireTask(account, input.id);
    const to = this.decide(row, 'record', account);
    const item = row.items.find((candidate) => candidate.id === input.itemId);
    if (!item) throw new CatalogueError('2414', { item: input.itemId });
    const owned = await this.deps.repository.ownedFileIds(account.id, input.photos);
    const missing = input.photos.find((photo) => !owned.has(photo));
    if (missing) throw new CatalogueError('2407', { photo: missing });
    const result: InspectionResult =
      item.kind === 'reading' && readingIsOutOfRange(item, input.reading) ? 'abnormal' : input.result;
    const previous = row.task.results.find((entry) => entry.itemId === item.id);
    let workOrderId = previous?.workOrderId ?? null;
    if (result === 'abnormal' && !workOrderId) {
      const reading = input.reading === null ? '' : ` ${input.reading}${item.unit}`;
      const order = await this.deps.workOrders.raise(account, {
        deviceId: row.task.deviceId,
        problem: `${row.planName} · ${item.name}${reading} ${INSPECTION_RESULT_NAMES.abnormal.zh}${input.remark ? `：${input.remark}` : ''}`,
        photos: input.photos,
        inspectionTaskId: row.task.id,
      });
      workOrderId = order.id;
    }
    const now = this.deps.now();
    const entry: StoredItemResult = {
      itemId: item.id,
      result,
      reading: input.reading,
      remark: input.remark,
      photoIds: input.photos,
      workOrderId,
      recordedAt: now,
    };
    const results = [...row.task.results.filter((other) => other.itemId !== item.id), entry];
    const updated = await this.deps.repository.updateTask(
      row.task.id,
      { state: row.task.state, recorded: row.task.results.length },
      {
        state: to,
        results,
        inspectorId: row.task.inspectorId ?? account.id,
        startedAt: row.task.startedAt ?? new Date(now),
      },
    );
    if (!updated) throw new CatalogueError('2411');
    return this.taskDetail(account, row.task.id);
  }

  async finish(account: AccountRow, input: { id: string; remark: string }) {
    return this.close(account, input, 'finish');
  }

  async abort(account: AccountRow, input: { id: string; remark: string }) {
    return this.close(account, input, 'abort');
  }

  private async close(
    account: AccountRow,
    input: { id: string; remark: string },
    action: 'finish' | 'abort',
  ) {
    const row = await this.requireTask(account, input.id);
    const to = this.decide(row, action, account);
    const updated = await this.deps.repository.updateTask(
      row.task.id,
      { state: row.task.state, recorded: row.task.results.length },
      {
        state: to,
        remark: input.remark,
        result: action === 'finish' ? inspectionResultOf(row.task.results) : null,
        finishedAt: new Date(this.deps.now()),
        inspectorId: row.task.inspectorId ?? account.id,
      },
    );
    if (!updated) throw new CatalogueError('2411');
    return this.taskDetail(account, row.task.id);
  }
}
