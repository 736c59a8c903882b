import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema, type ReportDefinitionInput } from '@lyyp/contracts/report';
import { compileReport, computeWindow, mergeCell, presentCell, type Sample } from './window-compute.ts';
import { assignUnits, unitStart, unitStarts } from './calendar.ts';

const HOUR = 3_600_000;
const base = Date.UTC(2026, 0, 5, 0, 0, 0);

function report(input: Partial<ReportDefinitionInput>) {
  return compileReport(
    reportDefinitionSchema.parse({
      id: 'r1',
      name: 'Energy',
      variables: [
        { key: 'energy', aggregation: 'difference' },
        { key: 'temp', aggregation: 'average' },
      ],
      ...input,
    }),
  );
}

const at = (minute: number) => base + minute * 60_000;
const s = (key: string, minute: number, value: number): Sample => ({ key, ts: at(minute), value });

describe('computeWindow', () => {
  it('periodic: one row per window with each aggregation, increments taken across the window edge', () => {
    const compiled = report({});
    const rows = computeWindow(compiled, base, new Map([['energy', 100]]), [
      s('energy', 0, 102),
      s('temp', 0, 60),
      s('energy', 30, 110),
      s('temp', 30, 70),
      s('temp', 59, 80),
    ]);
    expect(rows).toHaveLength(1);
    const cells = rows[0]!.cells;
    expect(rows[0]!.at).toBe(base);
    expect(presentCell(cells.energy, 'difference')).toBe(10);
    // Time-weighted: 60 holds 30 minutes, 70 holds 29, 80 holds the last minute (the mean of the
    // samples would be 70).
    expect(presentCell(cells.temp, 'average')).toBeCloseTo((60 * 30 + 70 * 29 + 80 * 1) / 60, 12);
    expect(presentCell(cells.temp, 'first')).toBe(60);
    expect(presentCell(cells.temp, 'last')).toBe(80);
    expect(presentCell(cells.temp, 'max')).toBe(80);
    expect(presentCell(cells.temp, 'min')).toBe(60);
  });

  it('stores nothing for a window without samples, and a counter window without a previous value starts at 0', () => {
    const compiled = report({});
    expect(computeWindow(compiled, base, new Map(), [])).toEqual([]);
    const [row] = computeWindow(compiled, base, new Map(), [s('energy', 1, 5), s('energy', 2, 9)]);
    expect(presentCell(row!.cells.energy, 'difference')).toBe(4);
    expect(presentCell(row!.cells.temp, 'average')).toBeNull();
  });

  it('windows merge into the same figures as one long window', () => {
    const compiled = report({ intervalMinutes: 30 });
    const first = computeWindow(compiled, base, new Map([['energy', 0]]), [
      s('energy', 10, 4),
      s('temp', 10, 1),
    ]);
    const second = computeWindow(compiled, at(30), new Map([['energy', 4]]), [
      s('energy', 40, 9),
      s('temp', 40, 3),
    ]);
    const whole = computeWindow(report({}), base, new Map([['energy', 0]]), [
      s('energy', 10, 4),
      s('temp', 10, 1),
      s('energy', 40, 9),
      s('temp', 40, 3),
    ]);
    const merged = mergeCell(mergeCell(undefined, first[0]!.cells.energy!), second[0]!.cells.energy!);
    expect(merged).toEqual(whole[0]!.cells.energy);
  });

  it('change: a row at each moment a listed variable changes, with the values held then', () => {
    const compiled = report({ storageMode: 'change' });
    const rows = computeWindow(compiled, base, new Map([['temp', 60]]), [
      s('temp', 1, 60),
      s('energy', 2, 5),
      s('temp', 3, 61),
      s('temp', 4, 61),
    ]);
    expect(rows.map((row) => row.at)).toEqual([at(2), at(3)]);
    expect(presentCell(rows[1]!.cells.temp, 'last')).toBe(61);
    expect(presentCell(rows[1]!.cells.energy, 'last')).toBe(5);
  });

  it('condition with interval storage counts only samples taken while it holds', () => {
    const compiled = report({
      storageMode: 'condition',
      condition: { variableKey: 'running', operator: '==', value: 1 },
    });
    const rows = computeWindow(
      compiled,
      base,
      new Map([
        ['energy', 0],
        ['running', 0],
      ]),
      [
        s('energy', 1, 2),
        s('running', 2, 1),
        s('energy', 3, 5),
        s('energy', 4, 9),
        s('running', 5, 0),
        s('energy', 6, 20),
      ],
    );
    expect(rows).toHaveLength(1);
    expect(presentCell(rows[0]!.cells.energy, 'difference')).toBe(7);
    expect(rows[0]!.cells.energy!.count).toBe(2);
  });

  it('expression with single storage stores once each time the formula starts to hold', () => {
    const compiled = report({
      storageMode: 'expression',
      storage: 'single',
      expression: 'temp > 70 && energy > 0',
    });
    const rows = computeWindow(compiled, base, new Map([['energy', 1]]), [
      s('temp', 1, 75),
      s('temp', 2, 80),
      s('temp', 3, 60),
      s('temp', 4, 90),
    ]);
    expect(rows.map((row) => row.at)).toEqual([at(1), at(4)]);
    expect(presentCell(rows[1]!.cells.temp, 'last')).toBe(90);
  });

  it('a formula that fails (a variable without a value) never holds', () => {
    const compiled = report({ storageMode: 'expression', expression: 'missing > 1' });
    expect(computeWindow(compiled, base, new Map(), [s('temp', 1, 5)])).toEqual([]);
  });
});

describe('calendar', () => {
  it('cuts days and months in the person’s time zone', () => {
    const zone = 'Asia/Shanghai';
    const ts = Date.UTC(2026, 0, 5, 17, 0, 0); // 01:00 on 6 January in Shanghai
    expect(unitStart(ts, 'day', zone)).toBe(Date.UTC(2026, 0, 5, 16, 0, 0));
    expect(unitStart(ts, 'month', zone)).toBe(Date.UTC(2025, 11, 31, 16, 0, 0));
    const starts = unitStarts(Date.UTC(2026, 0, 1), Date.UTC(2026, 0, 3), 'day', zone);
    expect(starts).toEqual([Date.UTC(2025, 11, 31, 16), Date.UTC(2026, 0, 1, 16), Date.UTC(2026, 0, 2, 16)]);
    expect(
      assignUnits([Date.UTC(2026, 0, 1, 15), Date.UTC(2026, 0, 1, 16), Date.UTC(2026, 0, 2, 20)], starts),
    ).toEqual([0, 1, 2]);
  });

  it('keeps days whole across a daylight-saving change', () => {
    const starts = unitStarts(Date.UTC(2026, 2, 28, 12), Date.UTC(2026, 2, 30, 12), 'day', 'Europe/Berlin');
    expect(starts[2]! - starts[1]!).toBe(23 * HOUR);
  });
});
