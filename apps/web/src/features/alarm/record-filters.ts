/**
 * The filters of the alarm list (state, activity, device, group, type, time range) and the request
 * they make. The range follows §5 like every history query: start before end, at most 30 days, not
 * before 1970 — checked here with the catalogue codes the server answers with, so the list says
 * what is wrong before it asks.
 */
import type { RuleViolation } from '@lyyp/contracts';
import type { AlarmRecordType, AlarmState, RecordListBody } from '@lyyp/contracts/alarm';
import type { Dayjs } from 'dayjs';
import { checkTimeRange, rangeOfShortcut, type TimeRange } from '../monitor/history-range.ts';

export interface RecordFilters {
  state?: AlarmState | undefined;
  activity?: 'active' | 'cleared' | undefined;
  equipmentId?: string | undefined;
  groupId?: string | undefined;
  type?: AlarmRecordType | undefined;
  range: TimeRange;
}

/** The list opens on the last 7 days up to now. */
export function defaultRecordFilters(now: Dayjs): RecordFilters {
  return { range: { start: now.subtract(7, 'day').startOf('day').valueOf(), end: now.valueOf() } };
}

/** Today's alarms: the quick choice of the filter bar. */
export function todayRange(now: Dayjs): TimeRange {
  return rangeOfShortcut('today', now) ?? { start: now.startOf('day').valueOf(), end: now.valueOf() };
}

/** The first rule the filters break (the time range), or null when they may be queried. */
export function checkRecordFilters(filters: RecordFilters): RuleViolation | null {
  return checkTimeRange(filters.range);
}

const given = <T>(value: T | undefined | '') => (value === undefined || value === '' ? undefined : value);

/** The request of one page: empty filters are left out rather than sent blank. */
export function toRecordQuery(filters: RecordFilters, page: number, pageSize: number): RecordListBody {
  const query: RecordListBody = { start: filters.range.start, end: filters.range.end, page, pageSize };
  const state = given(filters.state);
  const activity = given(filters.activity);
  const equipmentId = given(filters.equipmentId);
  const groupId = given(filters.groupId);
  const type = given(filters.type);
  if (state) query.state = state;
  if (activity) query.activity = activity;
  if (equipmentId) query.equipmentId = equipmentId;
  if (groupId) query.groupId = groupId;
  if (type) query.type = type;
  return query;
}

/** The export takes the same filters without paging. */
export function toExportQuery(filters: RecordFilters): Omit<RecordListBody, 'page' | 'pageSize'> {
  const { page: _page, pageSize: _pageSize, ...rest } = toRecordQuery(filters, 1, 1);
  return rest;
}

/** Records that can still be acknowledged (ISA-18.2: active or cleared, once only). */
export function selectAcknowledgeable<T extends { id: string; acknowledgedAt: number | null }>(
  records: readonly T[],
  selected: readonly string[],
): string[] {
  const chosen = new Set(selected);
  return records
    .filter((record) => chosen.has(record.id) && record.acknowledgedAt === null)
    .map((record) => record.id);
}
