/**
 * Inspections (§3: inspector, status, time, remark, result; §4: not started, aborted and others;
 * result normal or abnormal). A plan names devices, checklist items (readings carry an expected
 * range), a schedule and its inspectors; every period of the schedule gives each device one task.
 *
 * Pure: periods are computed from the time given and the plan's fixed offset from UTC, never from
 * a clock. Overdue is derived (a task not finished or aborted once its period ended), so it is true
 * after any restart without anything having to flip it.
 */

export const INSPECTION_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type InspectionFrequency = (typeof INSPECTION_FREQUENCIES)[number];

export const INSPECTION_FREQUENCY_NAMES = {
  daily: { zh: '每天', en: 'Daily' },
  weekly: { zh: '每周', en: 'Weekly' },
  monthly: { zh: '每月', en: 'Monthly' },
} as const satisfies Record<InspectionFrequency, { zh: string; en: string }>;

/** States kept in the database. */
export const INSPECTION_STORED_STATES = ['not-started', 'in-progress', 'finished', 'aborted'] as const;
export type InspectionStoredState = (typeof INSPECTION_STORED_STATES)[number];

/** States people see: the stored ones plus overdue, derived from the time. */
export const INSPECTION_STATES = [...INSPECTION_STORED_STATES, 'overdue'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];

export const INSPECTION_STATE_NAMES = {
  'not-started': { zh: '未开始', en: 'Not started' },
  'in-progress': { zh: '进行中', en: 'In progress' },
  finished: { zh: '已完成', en: 'Finished' },
  aborted: { zh: '已中止', en: 'Aborted' },
  overdue: { zh: '已逾期', en: 'Overdue' },
} as const satisfies Record<InspectionState, { zh: string; en: string }>;

export const INSPECTION_RESULTS = ['normal', 'abnormal'] as const;
export type InspectionResult = (typeof INSPECTION_RESULTS)[number];

export const INSPECTION_RESULT_NAMES = {
  normal: { zh: '正常', en: 'Normal' },
  abnormal: { zh: '异常', en: 'Abnormal' },
} as const satisfies Record<InspectionResult, { zh: string; en: string }>;

export interface InspectionSchedule {
  readonly frequency: InspectionFrequency;
  /** Weekly: 1 (Monday) … 7 (Sunday). */
  readonly weekday?: number | undefined;
  /** Monthly: 1 … 28, so every month has the day. */
  readonly monthDay?: number | undefined;
  /** Minutes east of UTC the periods are counted in (480: China Standard Time). */
  readonly utcOffsetMinutes: number;
}

const DAY_MS = 24 * 3600 * 1000;

/**
 * The period of the schedule that contains `at`: `[start, end)`. Daily periods start at local
 * midnight, weekly ones on the chosen weekday, monthly ones on the chosen day of the month.
 */
export function periodAt(schedule: InspectionSchedule, at: number): { start: number; end: number } {
  const offset = schedule.utcOffsetMinutes * 60_000;
  const local = new Date(at + offset);
  const midnight = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  switch (schedule.frequency) {
    case 'daily':
      return { start: midnight - offset, end: midnight + DAY_MS - offset };
    case 'weekly': {
      const isoDay = local.getUTCDay() === 0 ? 7 : local.getUTCDay();
      const back = (isoDay - (schedule.weekday ?? 1) + 7) % 7;
      const start = midnight - back * DAY_MS;
      return { start: start - offset, end: start + 7 * DAY_MS - offset };
    }
    case 'monthly': {
      const day = schedule.monthDay ?? 1;
      const year = local.getUTCFullYear();
      const month = local.getUTCMonth() - (local.getUTCDate() < day ? 1 : 0);
      const start = Date.UTC(year, month, day);
      const end = Date.UTC(year, month + 1, day);
      return { start: start - offset, end: end - offset };
    }
  }
}

/**
 * How many past periods a plan's tasks are made up for after the platform was stopped across
 * period boundaries: each missed period still gets its (overdue) task, so a gap in the records is
 * visible, up to this many periods back.
 */
export const INSPECTION_BACKFILL_PERIODS = 31;

/**
 * The periods from the one holding `from` to the one holding `to`, oldest first; at most `limit`
 * of them, the newest kept.
 */
export function periodsBetween(
  schedule: InspectionSchedule,
  from: number,
  to: number,
  limit: number,
): { start: number; end: number }[] {
  const periods: { start: number; end: number }[] = [];
  let period = periodAt(schedule, to);
  while (periods.length < limit && period.end > from) {
    periods.unshift(period);
    period = periodAt(schedule, period.start - 1);
  }
  return periods;
}

/** The state a person sees: overdue once the period ended and the task is still open. */
export function inspectionStateOf(
  task: { readonly state: InspectionStoredState; readonly dueAt: number },
  now: number,
): InspectionState {
  if ((task.state === 'not-started' || task.state === 'in-progress') && now >= task.dueAt) return 'overdue';
  return task.state;
}

/** Transitions of a task: start (recording the first item), finish and abort, by an inspector. */
export const INSPECTION_ACTIONS = ['record', 'finish', 'abort'] as const;
export type InspectionAction = (typeof INSPECTION_ACTIONS)[number];

export const INSPECTION_TRANSITIONS = {
  record: { from: ['not-started', 'in-progress'], to: 'in-progress' },
  finish: { from: ['in-progress'], to: 'finished' },
  abort: { from: ['not-started', 'in-progress'], to: 'aborted' },
} as const satisfies Record<
  InspectionAction,
  { from: readonly InspectionStoredState[]; to: InspectionStoredState }
>;

export type InspectionDecision =
  | { readonly ok: true; readonly to: InspectionStoredState }
  | { readonly ok: false; readonly code: '2411' | '2412' | '2413' };

/**
 * Whether an inspector may act on a task: only the plan's inspectors (2412); only from the states
 * the table allows (2411); finishing needs every item recorded (2413). An overdue task can still
 * be done late: overdue is a view of the time, not a stop.
 */
export function decideInspectionAction(
  task: {
    readonly state: InspectionStoredState;
    readonly recordedItems: number;
    readonly totalItems: number;
  },
  action: InspectionAction,
  isInspector: boolean,
): InspectionDecision {
  const rule = INSPECTION_TRANSITIONS[action];
  if (!(rule.from as readonly InspectionStoredState[]).includes(task.state))
    return { ok: false, code: '2411' };
  if (!isInspector) return { ok: false, code: '2412' };
  if (action === 'finish' && task.recordedItems < task.totalItems) return { ok: false, code: '2413' };
  return { ok: true, to: rule.to };
}

/** A reading outside its expected range is abnormal whatever was ticked. */
export function readingIsOutOfRange(
  item: { readonly low?: number | null | undefined; readonly high?: number | null | undefined },
  reading: number | null | undefined,
): boolean {
  if (reading === null || reading === undefined) return false;
  return (
    (item.low !== null && item.low !== undefined && reading < item.low) ||
    (item.high !== null && item.high !== undefined && reading > item.high)
  );
}

/** §4 result: abnormal if any item is. */
export function inspectionResultOf(
  items: readonly { readonly result: InspectionResult }[],
): InspectionResult {
  return items.some((item) => item.result === 'abnormal') ? 'abnormal' : 'normal';
}
