/** The operations centre's figures as chart entries, and the list each one opens. Pure. */
import {
  GATEWAY_HEALTH_STATES,
  INSPECTION_STATES,
  SIGNAL_BANDS,
  WORK_ORDER_AGE_BUCKETS,
  WORK_ORDER_STATES,
  type OperationsOverview,
} from '@lyyp/contracts/maintenance';
import type { ChartEntry } from './OverviewChart.tsx';

export const STATUS_COLORS: Record<(typeof GATEWAY_HEALTH_STATES)[number], string> = {
  online: '#52c41a',
  offline: '#bfbfbf',
  dormant: '#1677ff',
  'power-off': '#ff4d4f',
};

const SIGNAL_COLORS = {
  'very-good': '#52c41a',
  good: '#95de64',
  fair: '#faad14',
  bad: '#ff4d4f',
  unknown: '#d9d9d9',
};

export function fleetEntries(overview: OperationsOverview, label: (status: string) => string): ChartEntry[] {
  return GATEWAY_HEALTH_STATES.map((status) => ({
    key: status,
    label: label(status),
    value: overview.fleet.byStatus[status],
    color: STATUS_COLORS[status],
  }));
}

export function signalEntries(overview: OperationsOverview, english: boolean, unknown: string): ChartEntry[] {
  return [
    ...SIGNAL_BANDS.map((band) => ({
      key: band.key,
      label: english ? band.en : band.zh,
      value: overview.signal[band.key],
      color: SIGNAL_COLORS[band.key],
    })),
    { key: 'unknown', label: unknown, value: overview.signal.unknown, color: SIGNAL_COLORS.unknown },
  ];
}

export function workOrderEntries(
  overview: OperationsOverview,
  label: (state: string) => string,
): ChartEntry[] {
  return WORK_ORDER_STATES.map((state) => ({
    key: state,
    label: label(state),
    value: overview.workOrders.byState[state],
  }));
}

/** Age buckets link to open orders older than the bucket's lower edge. */
export const AGE_LOWER_HOURS: Record<(typeof WORK_ORDER_AGE_BUCKETS)[number]['key'], number> = {
  under1d: 0,
  under3d: 24,
  under7d: 72,
  older: 168,
};

export function ageEntries(overview: OperationsOverview, label: (bucket: string) => string): ChartEntry[] {
  return WORK_ORDER_AGE_BUCKETS.map((bucket) => ({
    key: bucket.key,
    label: label(bucket.key),
    value: overview.workOrders.openByAge[bucket.key],
  }));
}

export function inspectionEntries(
  overview: OperationsOverview,
  label: (state: string) => string,
): ChartEntry[] {
  return INSPECTION_STATES.map((state) => ({
    key: state,
    label: label(state),
    value: overview.inspections.byState[state],
  }));
}
