/**
 * The batch numbers the platform acknowledged since the buffer opened, as sorted, disjoint spans.
 * Acknowledgements come mostly in order, so the spans stay few: one, plus one per stretch lost.
 */
export class DeliveredSpans {
  private readonly spans: Array<[number, number]> = [];

  add(seq: number): void {
    const { spans } = this;
    // The index of the first span starting after `seq`.
    let low = 0;
    let high = spans.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (spans[middle]![0] <= seq) low = middle + 1;
      else high = middle;
    }
    const before = spans[low - 1];
    const after = spans[low];
    if (before && seq <= before[1]) return;
    const joinsBefore = before !== undefined && before[1] + 1 === seq;
    const joinsAfter = after !== undefined && after[0] - 1 === seq;
    if (joinsBefore && joinsAfter) {
      before[1] = after[1];
      spans.splice(low, 1);
    } else if (joinsBefore) before[1] = seq;
    else if (joinsAfter) after[0] = seq;
    else spans.splice(low, 0, [seq, seq]);
  }

  /** Whether any batch numbered `from` … `to` was acknowledged. */
  within(from: number, to: number): boolean {
    if (from > to) return false;
    for (const [start, end] of this.spans) {
      if (start > to) return false;
      if (end >= from) return true;
    }
    return false;
  }
}
