import { describe, expect, it } from 'vitest';
import { chooseTickStep, computeRulerTicks } from './ruler-ticks.ts';

describe('ruler ticks', () => {
  it('labels every 100 units at 100% and spreads labels out when zoomed out', () => {
    expect(chooseTickStep(1)).toBe(100);
    expect(chooseTickStep(0.5)).toBe(200);
    expect(chooseTickStep(0.1)).toBe(1000);
    expect(chooseTickStep(4)).toBe(20);
  });

  it('places ticks from where the page sits under the ruler', () => {
    const ticks = computeRulerTicks(-50, 300, 1);
    const major = ticks.filter((tick) => tick.major);
    expect(major.map((tick) => [tick.value, tick.offset])).toEqual([
      [0, 50],
      [100, 150],
      [200, 250],
    ]);
    expect(ticks.filter((tick) => !tick.major)).toHaveLength(ticks.length - 3);
  });

  it('has no ticks on a ruler with no length', () => {
    expect(computeRulerTicks(0, 0, 1)).toEqual([]);
  });
});
