/**
 * What dropping batches loses: one gap for every unacknowledged point among them and the gaps they
 * still carried, with the variables concerned (none named when a batch's or a carried gap's
 * variables are unknown: then it is every variable's).
 */
import type { Gap } from '@lyyp/contracts/protocol';

/** What a dropped batch tells about its content. */
export interface DroppedBatch {
  readonly seq: number;
  readonly points: number;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly gaps: readonly Gap[];
  readonly keys?: readonly string[];
}

export function lossOf(
  dropped: readonly DroppedBatch[],
  isAcknowledged: (seq: number) => boolean,
): Gap | null {
  let from = Infinity;
  let to = -Infinity;
  let lost = 0;
  const keys = new Set<string>();
  let everyKey = false;
  for (const batch of dropped) {
    if (isAcknowledged(batch.seq)) continue;
    if (batch.points > 0) {
      from = Math.min(from, batch.firstAt);
      to = Math.max(to, batch.lastAt);
      lost += batch.points;
      if (batch.keys) for (const key of batch.keys) keys.add(key);
      else everyKey = true;
    }
    for (const gap of batch.gaps) {
      from = Math.min(from, gap.from);
      to = Math.max(to, gap.to);
      lost += gap.lost;
      if (gap.keys) for (const key of gap.keys) keys.add(key);
      else everyKey = true;
    }
  }
  if (!Number.isFinite(from)) return null;
  return everyKey ? { from, to, lost } : { from, to, lost, keys: [...keys].sort() };
}
