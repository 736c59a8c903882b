/** Sets of sequence numbers saved compactly, as ascending inclusive ranges. */

/** Ascending numbers as inclusive ranges: [1,2,3,7] → [[1,3],[7,7]]. */
export function toRanges(sorted: readonly number[]): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const value of sorted) {
    const last = ranges.at(-1);
    if (last && value === last[1] + 1) last[1] = value;
    else ranges.push([value, value]);
  }
  return ranges;
}

/** Whether a number lies in one of the ascending, disjoint inclusive ranges. */
export function inRanges(ranges: ReadonlyArray<readonly [number, number]>, value: number): boolean {
  let low = 0;
  let high = ranges.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = ranges[middle]!;
    if (value < from) high = middle - 1;
    else if (value > to) low = middle + 1;
    else return true;
  }
  return false;
}
