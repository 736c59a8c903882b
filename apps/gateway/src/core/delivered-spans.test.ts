import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DeliveredSpans } from './delivered-spans.ts';

describe('delivered batch numbers', () => {
  it('answers like the set of numbers added, in any order', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 80 }),
        fc.integer({ min: 0, max: 62 }),
        fc.integer({ min: 0, max: 62 }),
        (added, a, b) => {
          const spans = new DeliveredSpans();
          for (const seq of added) spans.add(seq);
          const [from, to] = [Math.min(a, b), Math.max(a, b)];
          const expected = added.some((seq) => from <= seq && seq <= to);
          expect(spans.within(from, to)).toBe(expected);
          expect(spans.within(to + 1, from - 1)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });
});
