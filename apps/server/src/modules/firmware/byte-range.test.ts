import { describe, expect, it } from 'vitest';
import { decideRange } from './byte-range.ts';

describe('decideRange', () => {
  it('serves the whole file without a header or with several ranges', () => {
    expect(decideRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(decideRange('bytes=0-9,20-29', 100)).toEqual({ kind: 'whole' });
  });

  it('reads an open, a closed and a suffix range, cutting the end at the file', () => {
    expect(decideRange('bytes=40-', 100)).toEqual({ kind: 'range', start: 40, end: 99 });
    expect(decideRange('bytes=0-9', 100)).toEqual({ kind: 'range', start: 0, end: 9 });
    expect(decideRange('bytes=90-500', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
    expect(decideRange('bytes=-10', 100)).toEqual({ kind: 'range', start: 90, end: 99 });
  });

  it('refuses ranges past the end, reversed or malformed', () => {
    expect(decideRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=9-3', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('bytes=-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(decideRange('items=0-9', 100)).toEqual({ kind: 'unsatisfiable' });
  });
});
