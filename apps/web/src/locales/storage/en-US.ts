/** English texts of history storage; the type makes every Chinese key required here. */
import type { storageZhCN } from './zh-CN.ts';

type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };

export const storageEnUS: Texts<typeof storageZhCN> = {
  title: 'Data storage',
  fleetTitle: 'Storage growth',
  points: 'Points',
  bytes: 'Disk space',
  oldest: 'Oldest point',
  none: 'None',
  rows: 'Rows (estimate)',
  period: 'Period',
  kind: 'Kind',
  kinds: { hot: 'Recent', archive: 'Compressed archive' },
  rawDays: 'Keep raw points',
  minuteDays: 'Keep minute summaries',
  summariesForever: 'Keep hour/day summaries for ever',
  summaryYears: 'Keep hour/day summaries',
  days: 'days',
  years: 'years',
  save: 'Save policy',
  remove: 'Remove policy',
  saved: 'Retention policy saved',
  keptForever: 'No retention policy: all data is kept for ever.',
  policyOfProduct: "The product's retention policy applies.",
  policyOfDevice: "This device's own retention policy applies.",
};
