import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  checkRecordFilters,
  defaultRecordFilters,
  selectAcknowledgeable,
  toExportQuery,
  toRecordQuery,
} from './record-filters.ts';

const DAY = 86_400_000;
const now = dayjs('2025-03-20T10:00:00');

describe('alarm list filters', () => {
  it('opens on the last week and leaves empty filters out of the request', () => {
    const filters = { ...defaultRecordFilters(now), state: undefined, equipmentId: '' };
    const query = toRecordQuery(filters, 2, 10);
    expect(query).toEqual({ start: filters.range.start, end: now.valueOf(), page: 2, pageSize: 10 });
    expect(checkRecordFilters(filters)).toBeNull();
  });

  it('sends every chosen filter, and the export the same without paging', () => {
    const filters = {
      range: { start: 0, end: DAY },
      state: 'active-unacknowledged' as const,
      activity: 'active' as const,
      equipmentId: 'dev-1',
      groupId: 'g-1',
      type: 'offline' as const,
    };
    expect(toRecordQuery(filters, 1, 20)).toEqual({
      start: 0,
      end: DAY,
      page: 1,
      pageSize: 20,
      state: 'active-unacknowledged',
      activity: 'active',
      equipmentId: 'dev-1',
      groupId: 'g-1',
      type: 'offline',
    });
    expect(toExportQuery(filters)).not.toHaveProperty('page');
    expect(toExportQuery(filters)).toMatchObject({ equipmentId: 'dev-1', type: 'offline' });
  });

  it('refuses a range over 30 days or ending before it starts, with the server’s codes', () => {
    expect(checkRecordFilters({ range: { start: 0, end: 31 * DAY } })).toEqual({
      code: '1805',
      params: { days: 30 },
    });
    expect(checkRecordFilters({ range: { start: 0, end: 30 * DAY } })).toBeNull();
    expect(checkRecordFilters({ range: { start: DAY, end: 0 } })?.code).toBe('1804');
  });

  it('acknowledges only the chosen records not yet acknowledged', () => {
    const records = [
      { id: 'a', acknowledgedAt: null },
      { id: 'b', acknowledgedAt: 5 },
      { id: 'c', acknowledgedAt: null },
    ];
    expect(selectAcknowledgeable(records, ['a', 'b'])).toEqual(['a']);
    expect(selectAcknowledgeable(records, [])).toEqual([]);
  });
});
