import { describe, expect, it } from 'vitest';
import {
  INSPECTION_ACTIONS,
  INSPECTION_STORED_STATES,
  decideInspectionAction,
  inspectionResultOf,
  inspectionStateOf,
  periodAt,
  periodsBetween,
  readingIsOutOfRange,
  type InspectionAction,
  type InspectionStoredState,
} from './inspection.ts';
import { signalBandOf } from './signal.ts';

const CST = 480;

describe('inspection schedules', () => {
  it('gives daily periods from local midnight', () => {
    // 2026-11-24 02:00 in China is 2026-11-23 18:00 UTC.
    const at = Date.UTC(2026, 10, 23, 18);
    expect(periodAt({ frequency: 'daily', utcOffsetMinutes: CST }, at)).toEqual({
      start: Date.UTC(2026, 10, 23, 16),
      end: Date.UTC(2026, 10, 24, 16),
    });
  });

  it('gives weekly periods from the chosen weekday', () => {
    // Tuesday 2026-11-24 (UTC); Monday periods start on the 23rd.
    const at = Date.UTC(2026, 10, 24, 12);
    expect(periodAt({ frequency: 'weekly', weekday: 1, utcOffsetMinutes: 0 }, at)).toEqual({
      start: Date.UTC(2026, 10, 23),
      end: Date.UTC(2026, 10, 30),
    });
    expect(periodAt({ frequency: 'weekly', weekday: 3, utcOffsetMinutes: 0 }, at)).toEqual({
      start: Date.UTC(2026, 10, 18),
      end: Date.UTC(2026, 10, 25),
    });
  });

  it('gives monthly periods from the chosen day, across the year end', () => {
    expect(
      periodAt({ frequency: 'monthly', monthDay: 15, utcOffsetMinutes: 0 }, Date.UTC(2026, 0, 3)),
    ).toEqual({
      start: Date.UTC(2025, 11, 15),
      end: Date.UTC(2026, 0, 15),
    });
    expect(
      periodAt({ frequency: 'monthly', monthDay: 1, utcOffsetMinutes: 0 }, Date.UTC(2026, 1, 28)),
    ).toEqual({
      start: Date.UTC(2026, 1, 1),
      end: Date.UTC(2026, 2, 1),
    });
  });
});

describe('inspection task states', () => {
  const allowed: Array<[InspectionStoredState, InspectionAction, InspectionStoredState]> = [
    ['not-started', 'record', 'in-progress'],
    ['in-progress', 'record', 'in-progress'],
    ['in-progress', 'finish', 'finished'],
    ['not-started', 'abort', 'aborted'],
    ['in-progress', 'abort', 'aborted'],
  ];

  it.each(allowed)('%s --%s--> %s for an inspector', (state, action, to) => {
    expect(decideInspectionAction({ state, recordedItems: 2, totalItems: 2 }, action, true)).toEqual({
      ok: true,
      to,
    });
  });

  it('refuses every other state and action with 2411, and strangers with 2412', () => {
    const ok = new Set(allowed.map(([state, action]) => `${state}/${action}`));
    for (const state of INSPECTION_STORED_STATES) {
      for (const action of INSPECTION_ACTIONS) {
        const task = { state, recordedItems: 2, totalItems: 2 };
        if (ok.has(`${state}/${action}`)) {
          expect(decideInspectionAction(task, action, false)).toEqual({ ok: false, code: '2412' });
        } else {
          expect(decideInspectionAction(task, action, true)).toEqual({ ok: false, code: '2411' });
        }
      }
    }
  });

  it('finishes only with every item recorded', () => {
    expect(
      decideInspectionAction({ state: 'in-progress', recordedItems: 1, totalItems: 2 }, 'finish', true),
    ).toEqual({ ok: false, code: '2413' });
  });

  it('derives overdue from the time for open tasks only', () => {
    const dueAt = 1000;
    expect(inspectionStateOf({ state: 'not-started', dueAt }, 999)).toBe('not-started');
    expect(inspectionStateOf({ state: 'not-started', dueAt }, 1000)).toBe('overdue');
    expect(inspectionStateOf({ state: 'in-progress', dueAt }, 2000)).toBe('overdue');
    expect(inspectionStateOf({ state: 'finished', dueAt }, 2000)).toBe('finished');
    expect(inspectionStateOf({ state: 'aborted', dueAt }, 2000)).toBe('aborted');
  });

  it('is abnormal if any item is, and a reading outside its range is abnormal', () => {
    expect(inspectionResultOf([{ result: 'normal' }, { result: 'abnormal' }])).toBe('abnormal');
    expect(inspectionResultOf([{ result: 'normal' }])).toBe('normal');
    expect(readingIsOutOfRange({ low: 1, high: 5 }, 6)).toBe(true);
    expect(readingIsOutOfRange({ low: 1, high: 5 }, 0.5)).toBe(true);
    expect(readingIsOutOfRange({ low: 1, high: 5 }, 3)).toBe(false);
    expect(readingIsOutOfRange({ low: null, high: 5 }, -100)).toBe(false);
    expect(readingIsOutOfRange({ low: 1, high: 5 }, null)).toBe(false);
  });
});

describe('missed periods', () => {
  const weekly = { frequency: 'weekly', weekday: 1, utcOffsetMinutes: 480 } as const;
  const WEEK_MS = 7 * 24 * 3600 * 1000;

  it('lists the periods from the one holding the start to the current one, oldest first', () => {
    const from = Date.UTC(2026, 0, 7, 4); // a Wednesday, Beijing noon
    const periods = periodsBetween(weekly, from, from + 2 * WEEK_MS, 10);
    expect(periods).toHaveLength(3);
    expect(periods[0]).toEqual(periodAt(weekly, from));
    expect(periods[2]).toEqual(periodAt(weekly, from + 2 * WEEK_MS));
    expect(periods[1]!.start).toBe(periods[0]!.end);
  });

  it('keeps only the newest periods beyond the limit, and one period when nothing was missed', () => {
    const from = Date.UTC(2026, 0, 7, 4);
    const periods = periodsBetween(weekly, from, from + 20 * WEEK_MS, 4);
    expect(periods).toHaveLength(4);
    expect(periods[3]).toEqual(periodAt(weekly, from + 20 * WEEK_MS));
    expect(periodsBetween(weekly, from, from + 1000, 4)).toEqual([periodAt(weekly, from)]);
  });
});

describe('signal bands (§9)', () => {
  it('puts the band edges where the specification does', () => {
    expect(signalBandOf(100)).toBe('very-good');
    expect(signalBandOf(70)).toBe('very-good');
    expect(signalBandOf(69)).toBe('good');
    expect(signalBandOf(50)).toBe('good');
    expect(signalBandOf(49)).toBe('fair');
    expect(signalBandOf(30)).toBe('fair');
    expect(signalBandOf(29)).toBe('bad');
    expect(signalBandOf(0)).toBe('bad');
    expect(signalBandOf(null)).toBe('unknown');
  });
});
