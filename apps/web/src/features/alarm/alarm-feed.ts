/**
 * What the console header knows of alarms arriving on the live channel: the newest raised alarms
 * (for the pop-up and the bell's list) and how many arrived since the person last looked (the count
 * badge). Each record counts once however often it is announced; an acknowledged or released alarm
 * leaves the "new" count, since someone has dealt with it or it is over.
 */
import type { AlarmRecord } from '@lyyp/contracts/alarm';

export type AlarmEventKind = 'raised' | 'released' | 'acknowledged';

export interface AlarmFeedEvent {
  readonly event: AlarmEventKind;
  readonly record: AlarmRecord;
}

export interface AlarmFeed {
  /** Raised alarms not yet looked at, newest first, at most FEED_SIZE. */
  readonly recent: readonly AlarmRecord[];
  /** Ids of those counted in the badge. */
  readonly unseen: ReadonlySet<string>;
}

export const FEED_SIZE = 20;

export const EMPTY_ALARM_FEED: AlarmFeed = { recent: [], unseen: new Set() };

/** The feed after one live alarm event, and whether it is a new alarm to announce (pop-up and tone). */
export function applyAlarmEvent(
  feed: AlarmFeed,
  { event, record }: AlarmFeedEvent,
): { feed: AlarmFeed; announce: boolean } {
  const others = feed.recent.filter((item) => item.id !== record.id);
  if (event === 'raised') {
    if (record.releasedAt !== null || record.acknowledgedAt !== null) return { feed, announce: false };
    const known = feed.unseen.has(record.id) || feed.recent.some((item) => item.id === record.id);
    const unseen = new Set(feed.unseen).add(record.id);
    return { feed: { recent: [record, ...others].slice(0, FEED_SIZE), unseen }, announce: !known };
  }
  if (!feed.unseen.has(record.id) && others.length === feed.recent.length) return { feed, announce: false };
  const unseen = new Set(feed.unseen);
  unseen.delete(record.id);
  // A released or acknowledged alarm stays in the list with its new times, but no longer counts.
  const recent = feed.recent.map((item) => (item.id === record.id ? record : item));
  return { feed: { recent, unseen }, announce: false };
}

/** The person opened the list: everything in it has been seen. */
export function markFeedSeen(feed: AlarmFeed): AlarmFeed {
  return feed.unseen.size === 0 ? feed : { recent: feed.recent, unseen: new Set() };
}

/** The number on the header's badge; the ant design badge shows 99+ above its overflow. */
export function badgeCount(feed: AlarmFeed): number {
  return feed.unseen.size;
}
