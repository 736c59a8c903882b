/**
 * Work orders (§3: number, problem description, repair staff, repair content, creator, time,
 * status) and their lifecycle (§4: pending → dispatched → received → finished, or ended early).
 *
 * The state machine is pure: `decideWorkOrderAction` says, for an order, an action and who asks,
 * the state it moves to or the catalogue code that refuses it. The server applies the answer with
 * an update conditional on the state it read, so two people acting at once cannot both win.
 */

export const WORK_ORDER_STATES = ['pending', 'dispatched', 'received', 'finished', 'ended'] as const;
export type WorkOrderState = (typeof WORK_ORDER_STATES)[number];

export const WORK_ORDER_STATE_NAMES = {
  pending: { zh: '待派单', en: 'Pending' },
  dispatched: { zh: '已派单', en: 'Dispatched' },
  received: { zh: '已接单', en: 'Received' },
  finished: { zh: '已完成', en: 'Finished' },
  ended: { zh: '提前结束', en: 'Ended early' },
} as const satisfies Record<WorkOrderState, { zh: string; en: string }>;

/** States in which nothing more happens to an order but comments. */
export const WORK_ORDER_FINAL_STATES: readonly WorkOrderState[] = ['finished', 'ended'];

export const WORK_ORDER_ACTIONS = ['dispatch', 'receive', 'finish', 'end'] as const;
export type WorkOrderAction = (typeof WORK_ORDER_ACTIONS)[number];

export const WORK_ORDER_ACTION_NAMES = {
  dispatch: { zh: '派单', en: 'Dispatch' },
  receive: { zh: '接单', en: 'Receive' },
  finish: { zh: '完成', en: 'Finish' },
  end: { zh: '提前结束', en: 'End early' },
} as const satisfies Record<WorkOrderAction, { zh: string; en: string }>;

/** Who may take an action: the assignee, the creator, or someone holding the dispatch permission. */
export type WorkOrderRole = 'assignee' | 'creator' | 'dispatcher';

interface ActionRule {
  readonly from: readonly WorkOrderState[];
  readonly to: WorkOrderState;
  /** Any one of these roles may take the action. */
  readonly by: readonly WorkOrderRole[];
  /** The code answered when the caller holds none of the roles. */
  readonly refusal: '2402' | '2403' | '2404';
}

/**
 * The transition table. Dispatch again while dispatched hands the order to someone else; once it
 * is received only its assignee moves it on (or the creator or a dispatcher ends it).
 */
export const WORK_ORDER_TRANSITIONS = {
  dispatch: { from: ['pending', 'dispatched'], to: 'dispatched', by: ['dispatcher'], refusal: '2404' },
  receive: { from: ['dispatched'], to: 'received', by: ['assignee'], refusal: '2402' },
  finish: { from: ['received'], to: 'finished', by: ['assignee'], refusal: '2402' },
  end: {
    from: ['pending', 'dispatched', 'received'],
    to: 'ended',
    by: ['creator', 'dispatcher'],
    refusal: '2403',
  },
} as const satisfies Record<WorkOrderAction, ActionRule>;

/** What the machine needs to know about the caller. */
export interface WorkOrderActor {
  readonly accountId: string;
  /** Holds `monitor:workorder:dispatch`. */
  readonly canDispatch: boolean;
}

export interface WorkOrderFacts {
  readonly state: WorkOrderState;
  readonly creatorId: string;
  readonly assigneeId: string | null;
}

export function rolesOf(order: WorkOrderFacts, actor: WorkOrderActor): Set<WorkOrderRole> {
  const roles = new Set<WorkOrderRole>();
  if (order.creatorId === actor.accountId) roles.add('creator');
  if (order.assigneeId !== null && order.assigneeId === actor.accountId) roles.add('assignee');
  if (actor.canDispatch) roles.add('dispatcher');
  return roles;
}

export type WorkOrderDecision =
  | { readonly ok: true; readonly to: WorkOrderState }
  | { readonly ok: false; readonly code: '2401' | '2402' | '2403' | '2404' };

/**
 * The state an action moves an order to, or why it is refused: 2401 when the order's state does
 * not allow it (checked first, so a finished order says so to everyone), else the action's own
 * code when the caller may not take it.
 */
export function decideWorkOrderAction(
  order: WorkOrderFacts,
  action: WorkOrderAction,
  actor: WorkOrderActor,
): WorkOrderDecision {
  const rule: ActionRule = WORK_ORDER_TRANSITIONS[action];
  if (!rule.from.includes(order.state)) return { ok: false, code: '2401' };
  const roles = rolesOf(order, actor);
  if (!rule.by.some((role) => roles.has(role))) return { ok: false, code: rule.refusal };
  return { ok: true, to: rule.to };
}

/** The actions the caller could take now, for the buttons a screen shows. */
export function availableWorkOrderActions(order: WorkOrderFacts, actor: WorkOrderActor): WorkOrderAction[] {
  return WORK_ORDER_ACTIONS.filter((action) => decideWorkOrderAction(order, action, actor).ok);
}

/**
 * The readable number of an order: `WO-` + the day it was raised (UTC+8 by default, the
 * platform's business day) + a four-digit sequence of that day, e.g. WO-20261124-0001.
 */
export function workOrderNumber(day: string, sequence: number): string {
  return `WO-${day}-${String(sequence).padStart(4, '0')}`;
}

/** `YYYYMMDD` of a time at a fixed offset from UTC. */
export function businessDay(at: number, offsetMinutes = 480): string {
  const shifted = new Date(at + offsetMinutes * 60_000);
  const year = shifted.getUTCFullYear();
  const month = String(shifted.getUTCMonth() + 1).padStart(2, '0');
  const day = String(shifted.getUTCDate()).padStart(2, '0');
  return `${year}${month}${day}`;
}

/** Age buckets of open orders in the operations centre. */
export const WORK_ORDER_AGE_BUCKETS = [
  { key: 'under1d', maxHours: 24 },
  { key: 'under3d', maxHours: 72 },
  { key: 'under7d', maxHours: 168 },
  { key: 'older', maxHours: Number.POSITIVE_INFINITY },
] as const;
export type WorkOrderAgeBucket = (typeof WORK_ORDER_AGE_BUCKETS)[number]['key'];

export function ageBucketOf(createdAt: number, now: number): WorkOrderAgeBucket {
  const hours = (now - createdAt) / 3_600_000;
  return WORK_ORDER_AGE_BUCKETS.find((bucket) => hours < bucket.maxHours)?.key ?? 'older';
}
