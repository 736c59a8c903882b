/** Names and colours of work order and inspection states, from the contracts' registries. */
import type { Locale } from '@lyyp/contracts';
import {
  INSPECTION_RESULT_NAMES,
  INSPECTION_STATE_NAMES,
  WORK_ORDER_ACTION_NAMES,
  WORK_ORDER_STATE_NAMES,
  type InspectionResult,
  type InspectionState,
  type WorkOrderAction,
  type WorkOrderState,
} from '@lyyp/contracts/maintenance';

/** A state read from the address (`?state=`), when it is one of `states`. */
export function readChoice<T extends string>(states: readonly T[], value: string | null): T | undefined {
  return states.find((state) => state === value);
}

const language = (locale: Locale) => (locale === 'en-US' ? 'en' : 'zh');

export const workOrderStateName = (state: WorkOrderState, locale: Locale) =>
  WORK_ORDER_STATE_NAMES[state][language(locale)];
export const workOrderActionName = (action: WorkOrderAction, locale: Locale) =>
  WORK_ORDER_ACTION_NAMES[action][language(locale)];
export const inspectionStateName = (state: InspectionState, locale: Locale) =>
  INSPECTION_STATE_NAMES[state][language(locale)];
export const inspectionResultName = (result: InspectionResult, locale: Locale) =>
  INSPECTION_RESULT_NAMES[result][language(locale)];

export const WORK_ORDER_STATE_COLORS: Record<WorkOrderState, string> = {
  pending: 'orange',
  dispatched: 'blue',
  received: 'geekblue',
  finished: 'green',
  ended: 'default',
};

export const INSPECTION_STATE_COLORS: Record<InspectionState, string> = {
  'not-started': 'default',
  'in-progress': 'blue',
  finished: 'green',
  aborted: 'default',
  overdue: 'red',
};

/** Times read as everywhere in the console (the house date-time format). */
export { formatTime } from '../monitor/common/format-time.ts';
