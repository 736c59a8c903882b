import { describe, expect, it } from 'vitest';
import { POPUP_MESSAGE_TYPES, headerBadgeCount, listHeaderCounts } from './message-counts.ts';

describe('header message counts (§9)', () => {
  it('counts alarm, expiration and announcement messages, not work orders', () => {
    expect(POPUP_MESSAGE_TYPES).toEqual(['alarm', 'expiration', 'announcement']);
    expect(
      listHeaderCounts({ byType: { alarm: 3, expiration: 1, announcement: 0, 'work-order': 7 }, popup: 4 }),
    ).toEqual([
      { type: 'alarm', count: 3 },
      { type: 'expiration', count: 1 },
      { type: 'announcement', count: 0 },
    ]);
  });

  it('shows zero for a type the answer leaves out, and nothing before the answer', () => {
    expect(listHeaderCounts({ byType: { alarm: 2 }, popup: 2 }).map((entry) => entry.count)).toEqual([
      2, 0, 0,
    ]);
    expect(listHeaderCounts(undefined).map((entry) => entry.count)).toEqual([0, 0, 0]);
    expect(headerBadgeCount(undefined)).toBe(0);
  });

  it('badges the server’s pop-up count', () => {
    expect(headerBadgeCount({ byType: { alarm: 3, 'work-order': 5 }, popup: 3 })).toBe(3);
  });
});
