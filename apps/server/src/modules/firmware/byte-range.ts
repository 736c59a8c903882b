/**
 * The one byte range of an HTTP `Range` header a resuming download sends (`bytes=500-`,
 * `bytes=0-1023`, `bytes=-200`). Several ranges at once are not needed by the agent and are
 * answered with the whole file, which HTTP allows. Pure.
 */
export type RangeDecision =
  { kind: 'whole' } | { kind: 'range'; start: number; end: number } | { kind: 'unsatisfiable' };

const SINGLE = /^bytes=(\d*)-(\d*)$/;

export function decideRange(header: string | undefined, size: number): RangeDecision {
  if (!header) return { kind: 'whole' };
  const match = SINGLE.exec(header.trim());
  if (!match)
    return header.trim().startsWith('bytes=') && header.includes(',')
      ? { kind: 'whole' }
      : { kind: 'unsatisfiable' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'unsatisfiable' };
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end };
}
