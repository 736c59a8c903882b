import type { AlarmRecord } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_ALARM_FEED,
  FEED_SIZE,
  applyAlarmEvent,
  badgeCount,
  markFeedSeen,
  type AlarmFeed,
} from './alarm-feed.ts';

function record(id: string, changes: Partial<AlarmRecord> = {}): AlarmRecord {
  return {
    id,
    deviceId: 'd1',
    type: 'variable',
    ruleId: 'r1',
    name: 'Boiler hot',
    message: 'Boiler temperature 91 °C',
    value: 91,
    since: 1_000,
    raisedAt: 1_000,
    late: false,
    releasedAt: null,
    releaseReason: null,
    acknowledgedAt: null,
    acknowledgedBy: null,
    acknowledgeComment: null,
    ...changes,
  };
}

function feedOf(...events: Parameters<typeof applyAlarmEvent>[1][]): {
  feed: AlarmFeed;
  announced: string[];
} {
  let feed = EMPTY_ALARM_FEED;
  const announced: string[] = [];
  for (const event of events) {
    const next = applyAlarmEvent(feed, event);
    if (next.announce) announced.push(event.record.id);
    feed = next.feed;
  }
  return { feed, announced };
}

describe('live alarm feed of the header', () => {
  it('announces and counts each raised alarm once, newest first', () => {
    const { feed, announced } = feedOf(
      { event: 'raised', record: record('a') },
      { event: 'raised', record: record('b') },
      { event: 'raised', record: record('a') },
    );
    expect(announced).toEqual(['a', 'b']);
    expect(badgeCount(feed)).toBe(2);
    expect(feed.recent.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('takes an acknowledged or released alarm out of the count, keeping it in the list', () => {
    const { feed, announced } = feedOf(
      { event: 'raised', record: record('a') },
      { event: 'raised', record: record('b') },
      { event: 'acknowledged', record: record('a', { acknowledgedAt: 2_000, acknowledgedBy: 'u1' }) },
      { event: 'released', record: record('b', { releasedAt: 3_000, releaseReason: 'condition-cleared' }) },
    );
    expect(announced).toEqual(['a', 'b']);
    expect(badgeCount(feed)).toBe(0);
    expect(feed.recent.find((item) => item.id === 'a')?.acknowledgedAt).toBe(2_000);
  });

  it('does not announce an alarm that is already over when it is learnt (replayed data)', () => {
    const { feed, announced } = feedOf({
      event: 'raised',
      record: record('late', { releasedAt: 1_500, late: true }),
    });
    expect(announced).toEqual([]);
    expect(badgeCount(feed)).toBe(0);
  });

  it('ignores a release of an alarm it never heard of', () => {
    const { feed } = feedOf({ event: 'released', record: record('x', { releasedAt: 5 }) });
    expect(feed).toBe(EMPTY_ALARM_FEED);
  });

  it('clears the badge when the person looks, and keeps at most FEED_SIZE alarms', () => {
    const events = Array.from({ length: FEED_SIZE + 5 }, (_, index) => ({
      event: 'raised' as const,
      record: record(`r${index}`),
    }));
    const { feed } = feedOf(...events);
    expect(feed.recent).toHaveLength(FEED_SIZE);
    expect(feed.recent[0]?.id).toBe(`r${FEED_SIZE + 4}`);
    expect(badgeCount(markFeedSeen(feed))).toBe(0);
  });
});
