/**
 * The data centre's range per period (this month by day, the last 12 weeks by week, the last 12
 * months by month) and the change against the previous period. Pure.
 */
import { checkQueryRange, type RuleViolation } from '@lyyp/contracts';
import { DATACENTER_RANGE_DAYS, type DatacenterPeriod } from '@lyyp/contracts/report';
import type { Dayjs } from 'dayjs';

export interface CentreRange {
  start: number;
  /** Exclusive. */
  end: number;
}

export function defaultCentrePicked(period: DatacenterPeriod, now: Dayjs): [Dayjs, Dayjs] {
  if (period === 'day') return [now.startOf('month'), now];
  if (period === 'week') return [now.subtract(11, 'week'), now];
  return [now.subtract(11, 'month'), now];
}

export function rangeOfCentrePicked(first: Dayjs, last: Dayjs, period: DatacenterPeriod): CentreRange {
  const unit = period === 'month' ? 'month' : 'day';
  return { start: first.startOf(unit).valueOf(), end: last.endOf(unit).valueOf() + 1 };
}

export function checkCentreRange(range: CentreRange): RuleViolation | null {
  return checkQueryRange(range, DATACENTER_RANGE_DAYS);
}

/** The change from the previous period as a share (0.1 = +10 %); null when there was nothing before. */
export function changeOf(current: number, previous: number): number | null {
  if (previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

export const PERIOD_FORMATS: Record<DatacenterPeriod, string> = {
  day: 'MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};
