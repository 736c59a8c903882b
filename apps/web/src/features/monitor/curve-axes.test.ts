import { describe, expect, it } from 'vitest';
import { assignUnitAxes, timeLabelFormat } from './curve-axes.ts';

describe('curve axes', () => {
  it('puts variables of one unit on one axis and each unit on its own', () => {
    expect(
      assignUnitAxes([
        { key: 'water', unit: '℃' },
        { key: 'pressure', unit: 'MPa' },
        { key: 'return', unit: '℃' },
        { key: 'mode', unit: '' },
      ]),
    ).toEqual({ units: ['℃', 'MPa', ''], axisOf: { water: 0, pressure: 1, return: 0, mode: 2 } });
  });

  it('labels time more coarsely as the span grows', () => {
    expect(timeLabelFormat(5 * 60_000)).toBe('HH:mm:ss');
    expect(timeLabelFormat(3_600_000)).toBe('HH:mm');
    expect(timeLabelFormat(3 * 86_400_000)).toBe('MM-DD HH:mm');
    expect(timeLabelFormat(30 * 86_400_000)).toBe('YYYY-MM-DD');
  });
});
