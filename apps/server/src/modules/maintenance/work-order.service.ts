/**
 * Work orders: raised by hand from a device or in one click from an alarm record, moved through
 * the contracts' state machine by the right person, with a timeline of every change and comment,
 * photos from the files module, messages to the assignee and the creator, lists, export.
 *
 * Tenancy: an order belongs to its device; an order of a device the caller may not see answers
 * exactly like a missing one (1003). Who may act is the pure `decideWorkOrderAction`; the change
 * is applied conditional on the state it was decided on, so of two people acting at once one wins
 * and the other is told the state no longer allows it (2401).
 */
import { CatalogueError, type Locale } from '@lyyp/contracts';
import {
  WORK_ORDER_ACTION_NAMES,
  WORK_ORDER_EXPORT_MAX_ROWS,
  WORK_ORDER_STATE_NAMES,
  availableWorkOrderActions,
  businessDay,
  decideWorkOrderAction,
  workOrderNumber,
  type Photo,
  type WorkOrderAction,
  type WorkOrderActor,
  type WorkOrderDetail,
  type WorkOrderFilter,
  type WorkOrderItem,
} from '@lyyp/contracts/maintenance';
import type { ActionName } from '@lyyp/contracts/policy';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import type { MessageService } from '../alarm/message.service.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import { viewerOf } from '../device/viewer.ts';
import { allowsOnSeenDevice } from '../../policy/index.ts';
import { fileUrlOf } from '../files/index.ts';
import { writeSheet, type SheetFormat } from '../product/spreadsheet.ts';
import type { MaintenanceRepository, WorkOrderListRow, WorkOrderRow } from './maintenance.repository.ts';

export const DISPATCH_PERMISSION = 'monitor:workorder:dispatch';
const ASSIGNEE_CANDIDATES_MAX = 200;

/**
 * The caller as the state machine sees them. A dispatcher holds the dispatch permission and may
 * manage the device (its owner or operation staff, by the device access policy): a technician who
 * was only granted the device repairs, and does not hand out work.
 */
export function actorOf(account: AccountRow, device: { ownerAccountId: string }): WorkOrderActor {
  return { accountId: account.id, canDispatch: allowsOnSeenDevice(account, 'workOrder.dispatch', device) };
}

function deviceOf(row: WorkOrderListRow): { id: string; ownerAccountId: string } {
  return { id: row.order.deviceId, ownerAccountId: row.deviceOwnerId };
}

export function photosOf(ids: readonly string[]): Photo[] {
  return ids.map((id) => ({ id, url: fileUrlOf(id) }));
}

export interface WorkOrderServiceDeps {
  readonly repository: MaintenanceRepository;
  readonly access: DeviceAccess;
  readonly accounts: Pick<AccountRepository, 'findById'>;
  readonly messages: Pick<MessageService, 'createWorkOrderMessage'>;
  readonly now: () => number;
}

export class WorkOrderService {
  constructor(private readonly deps: WorkOrderServiceDeps) {}

  private actor(account: AccountRow, row: WorkOrderListRow): WorkOrderActor {
    return actorOf(account, { ownerAccountId: row.deviceOwnerId });
  }

  private present(row: WorkOrderListRow, account: AccountRow): WorkOrderItem {
    const { order } = row;
    return {
      id: order.id,
      number: order.number,
      deviceId: order.deviceId,
      deviceName: row.deviceName,
      alarmRecordId: order.alarmRecordId,
      alarmName: order.alarmName,
      alarmValue: order.alarmValue ?? null,
      alarmAt: order.alarmAt?.getTime() ?? null,
      problem: order.problem,
      content: order.content,
      state: order.state,
      creatorId: order.creatorId,
      creatorName: row.creatorName ?? '',
      assigneeId: order.assigneeId,
      assigneeName: row.assigneeName,
      photos: photosOf(order.photoIds),
      createdAt: order.createdAt.getTime(),
      updatedAt: order.updatedAt.getTime(),
      actions: availableWorkOrderActions(order, this.actor(account, row)),
    };
  }

  /** Photos must be images the caller uploaded (2407 names the first that is not). */
  private async checkPhotos(accountId: string, photos: readonly string[]): Promise<void> {
    const owned = await this.deps.repository.ownedFileIds(accountId, photos);
    const missing = photos.find((id) => !owned.has(id));
    if (missing) throw new CatalogueError('2407', { photo: missing });
  }

  /**
   * Creates an order with the next number of the day and its first timeline entry. Used by hand,
   * from an alarm and from an abnormal inspection item.
   */
  async raise(
    creator: AccountRow,
    input: {
      deviceId: string;
      problem: string;
      photos: readonly string[];
      alarm?: { recordId: string; name: string; value: unknown; at: Date } | undefined;
      inspectionTaskId?: string | undefined;
    },
  ): Promise<WorkOrderRow> {
    const now = new Date(this.deps.now());
    const repository = this.deps.repository;
    const order = await repository.transaction(async (tx) => {
      const sequence = await tx.nextSequence(businessDay(now.getTime()));
      const row = await tx.insertWorkOrder({
        id: newId(),
        number: workOrderNumber(businessDay(now.getTime()), sequence),
        deviceId: input.deviceId,
        alarmRecordId: input.alarm?.recordId ?? null,
        alarmName: input.alarm?.name ?? null,
        alarmValue: (input.alarm?.value ?? null) as WorkOrderRow['alarmValue'],
        alarmAt: input.alarm?.at ?? null,
        inspectionTaskId: input.inspectionTaskId ?? null,
        problem: input.problem,
        creatorId: creator.id,
        photoIds: [...input.photos],
        createdAt: now,
        updatedAt: now,
      });
      if (!row) return undefined;
      await tx.insertEvent({ id: newId(), workOrderId: row.id, kind: 'created', byId: creator.id, at: now });
      return row;
    });
    if (!order) {
      const open = input.alarm ? await repository.openOrderOfAlarm(input.alarm.recordId) : undefined;
      throw new CatalogueError('2408', { number: open?.number ?? '' });
    }
    return order;
  }

  async create(account: AccountRow, input: { equipmentId: string; problem: string; photos: string[] }) {
    const device = await this.deps.access.requireVisibleDevice(account, input.equipmentId);
    await this.deps.access.authorize(account, 'workOrder.create', device);
    await this.checkPhotos(account.id, input.photos);
    const order = await this.raise(account, {
      deviceId: input.equipmentId,
      problem: input.problem,
      photos: input.photos,
    });
    return this.detail(account, order.id);
  }

  /** One click from an alarm record: its device, name, value and time go on the order. */
  async fromAlarm(account: AccountRow, input: { alarmRecordId: string; problem: string }) {
    const found = await this.deps.repository.findVisibleAlarmRecord(viewerOf(account), input.alarmRecordId);
    if (!found) throw new CatalogueError('1003');
    const { record } = found;
    const device = await this.deps.access.requireVisibleDevice(account, record.deviceId);
    await this.deps.access.authorize(account, 'workOrder.create', device);
    const order = await this.raise(account, {
      deviceId: record.deviceId,
      problem: input.problem.trim() || record.message || record.name,
      photos: [],
      alarm: { recordId: record.id, name: record.name, value: record.value, at: record.raisedAt },
    });
    return this.detail(account, order.id);
  }

  /** A work order is its device's for the policy: the caller acts on it as `action` allows on the device. */
  private async requireOrder(
    account: AccountRow,
    id: string,
    action: ActionName = 'workOrder.view',
  ): Promise<WorkOrderListRow> {
    const row = await this.deps.repository.findVisibleWorkOrder(viewerOf(account), id);
    if (!row) throw new CatalogueError('1003');
    await this.deps.access.authorize(account, action, deviceOf(row));
    return row;
  }

  async detail(account: AccountRow, id: string): Promise<WorkOrderDetail> {
    const row = await this.requireOrder(account, id);
    const events = await this.deps.repository.eventsOf(id);
    return {
      ...this.present(row, account),
      timeline: events.map(({ event, byName, assigneeName }) => ({
        id: event.id,
        kind: event.kind,
        byId: event.byId,
        byName: byName ?? '',
        at: event.at.getTime(),
        comment: event.comment,
        assigneeName,
        photos: photosOf(event.photoIds),
      })),
    };
  }

  async act(
    account: AccountRow,
    input: {
      id: string;
      action: WorkOrderAction;
      assigneeId?: string | undefined;
      content: string;
      comment: string;
      photos: string[];
    },
  ): Promise<WorkOrderDetail> {
    const row = await this.requireOrder(account, input.id, 'workOrder.act');
    const { order } = row;
    // Dispatching is the policy's full decision on the device, not only what the row tells.
    const actor = {
      accountId: account.id,
      canDispatch: await this.deps.access.allows(account, 'workOrder.dispatch', deviceOf(row)),
    };
    const decision = decideWorkOrderAction(order, input.action, actor);
    if (!decision.ok) throw new CatalogueError(decision.code);
    await this.checkPhotos(account.id, input.photos);
    const now = new Date(this.deps.now());
    const changes: Partial<WorkOrderRow> = { state: decision.to, updatedAt: now };
    if (input.action === 'dispatch') {
      if (!input.assigneeId) throw new CatalogueError('2409');
      const assignee = await this.deps.accounts.findById(input.assigneeId);
      if (
        !assignee ||
        assignee.status !== 'enabled' ||
        !(await this.deps.access.findVisibleDevice(assignee, order.deviceId))
      )
        throw new CatalogueError('2405', { account: input.assigneeId });
      changes.assigneeId = assignee.id;
    }
    if (input.action === 'finish') {
      if (!input.content.trim()) throw new CatalogueError('2406');
      changes.content = input.content.trim();
    }
    if (input.photos.length > 0 && input.action === 'finish')
      changes.photoIds = [...order.photoIds, ...input.photos];
    const updated = await this.deps.repository.transaction(async (tx) => {
      const row = await tx.updateWorkOrder(order.id, order.state, changes);
      if (!row) return undefined;
      await tx.insertEvent({
        id: newId(),
        workOrderId: order.id,
        kind: input.action,
        byId: account.id,
        at: now,
        comment: input.action === 'finish' ? (changes.content ?? '') : input.comment,
        assigneeId: changes.assigneeId ?? null,
        photoIds: input.photos,
      });
      return row;
    });
    if (!updated) throw new CatalogueError('2401');
    await this.tell(updated, input.action, account);
    return this.detail(account, order.id);
  }

  async comment(account: AccountRow, input: { id: string; comment: string; photos: string[] }) {
    const { order } = await this.requireOrder(account, input.id, 'workOrder.act');
    await this.checkPhotos(account.id, input.photos);
    const now = new Date(this.deps.now());
    await this.deps.repository.transaction(async (tx) => {
      await tx.insertEvent({
        id: newId(),
        workOrderId: order.id,
        kind: 'comment',
        byId: account.id,
        at: now,
        comment: input.comment,
        photoIds: input.photos,
      });
      await tx.touchWorkOrder(order.id, now);
    });
    return this.detail(account, order.id);
  }

  /**
   * Messages of a change: the assignee when the order is dispatched to them, the creator at every
   * change someone else made (nobody is told of their own action).
   */
  private async tell(order: WorkOrderRow, action: WorkOrderAction, by: AccountRow): Promise<void> {
    const state = WORK_ORDER_STATE_NAMES[order.state];
    const who = by.name ?? by.username ?? '';
    if (action === 'dispatch' && order.assigneeId && order.assigneeId !== by.id) {
      const texts = {
        'zh-CN': {
          title: `新工单 ${order.number}`,
          text: `${who} 给您派发了工单 ${order.number}：${order.problem}`,
        },
        'en-US': {
          title: `New work order ${order.number}`,
          text: `${who} dispatched work order ${order.number} to you: ${order.problem}`,
        },
      };
      await this.deps.messages.createWorkOrderMessage({
        accountId: order.assigneeId,
        workOrderId: order.id,
        title: texts['zh-CN'].title,
        body: texts['zh-CN'].text,
        texts,
      });
    }
    if (order.creatorId !== by.id) {
      const texts = {
        'zh-CN': {
          title: `工单 ${order.number} ${state.zh}`,
          text: `${who} ${WORK_ORDER_ACTION_NAMES[action].zh}了工单 ${order.number}，当前状态：${state.zh}。`,
        },
        'en-US': {
          title: `Work order ${order.number}: ${state.en}`,
          text: `${who} took the action “${WORK_ORDER_ACTION_NAMES[action].en}” on work order ${order.number}; its state is now ${state.en}.`,
        },
      };
      await this.deps.messages.createWorkOrderMessage({
        accountId: order.creatorId,
        workOrderId: order.id,
        title: texts['zh-CN'].title,
        body: texts['zh-CN'].text,
        texts,
      });
    }
  }

  async list(account: AccountRow, filter: WorkOrderFilter) {
    const { total, rows } = await this.deps.repository.pageWorkOrders(
      viewerOf(account),
      filter,
      this.deps.now(),
      {
        offset: (filter.page - 1) * filter.pageSize,
        limit: filter.pageSize,
      },
    );
    return {
      list: rows.map((row) => this.present(row, account)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async assignees(account: AccountRow, deviceId: string) {
    await this.deps.access.requireVisibleDevice(account, deviceId);
    const candidates = await this.deps.repository.assigneeCandidates(deviceId, ASSIGNEE_CANDIDATES_MAX);
    return candidates.map((row) => ({ id: row.id, name: row.name ?? row.username ?? row.id }));
  }

  async export(
    account: AccountRow,
    input: Omit<WorkOrderFilter, 'page' | 'pageSize'> & {
      format: SheetFormat;
      timeZone?: string | undefined;
    },
    locale: Locale,
  ): Promise<{ name: string; bytes: Buffer; format: SheetFormat }> {
    const { rows } = await this.deps.repository.pageWorkOrders(viewerOf(account), input, this.deps.now(), {
      offset: 0,
      limit: WORK_ORDER_EXPORT_MAX_ROWS,
    });
    const language = locale === 'en-US' ? 'en' : 'zh';
    let timeZone = 'Asia/Shanghai';
    try {
      if (input.timeZone)
        timeZone = new Intl.DateTimeFormat('en', { timeZone: input.timeZone }).resolvedOptions().timeZone;
    } catch {
      // an unknown zone falls back to the platform's
    }
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    const time = (value: Date | null) => (value ? format.format(value) : '');
    const headers =
      language === 'en'
        ? [
            'Number',
            'Device',
            'Problem',
            'Repair staff',
            'Repair content',
            'Creator',
            'Created',
            'Status',
            'Alarm',
            'Alarm time',
            'Alarm value',
          ]
        : [
            '工单编号',
            '设备',
            '问题描述',
            '维修人员',
            '维修内容',
            '创建人',
            '创建时间',
            '状态',
            '报警',
            '报警时间',
            '报警值',
          ];
    const table = rows.map(({ order, deviceName, creatorName, assigneeName }) => [
      order.number,
      deviceName,
      order.problem,
      assigneeName ?? '',
      order.content,
      creatorName ?? '',
      time(order.createdAt),
      WORK_ORDER_STATE_NAMES[order.state][language],
      order.alarmName ?? '',
      time(order.alarmAt),
      order.alarmValue === null || order.alarmValue === undefined ? '' : String(order.alarmValue),
    ]);
    const bytes = await writeSheet(input.format, 'work orders', headers, table);
    return { name: `work-orders.${input.format}`, bytes, format: input.format };
  }
}
