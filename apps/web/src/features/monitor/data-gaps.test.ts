import { describe, expect, it } from 'vitest';
import { withGapBreaks } from './data-gaps.ts';

describe('gaps on the history curve', () => {
  it('breaks the lines of the variables a gap concerns, in time order, and leaves the others running', () => {
    const data: [number[], ...Array<Array<number | null | undefined>>] = [
      [1000, 2000, 9000],
      [1, 2, 9],
      [10, 20, 90],
    ];
    const broken = withGapBreaks(data, [{ from: 3000, to: 7000, lost: 40, keys: ['a'] }], ['a', 'b']);
    expect(broken).toEqual([
      [1000, 2000, 5000, 9000],
      [1, 2, null, 9],
      [10, 20, undefined, 90],
    ]);
  });

  it('breaks every line for a gap that names no variables, and changes nothing without gaps', () => {
    const data: [number[], ...Array<Array<number | null | undefined>>] = [
      [1000, 9000],
      [1, 9],
      [10, 90],
    ];
    expect(withGapBreaks(data, [], ['a', 'b'])).toBe(data);
    expect(withGapBreaks(data, [{ from: 2000, to: 4000, lost: 3, keys: null }], ['a', 'b'])).toEqual([
      [1000, 3000, 9000],
      [1, null, 9],
      [10, null, 90],
    ]);
  });
});
