/**
 * The order in which batch statements write their rows. Group commits can run at once (two on one
 * node, and one on each node of a cluster), and an upsert locks its rows in the order it writes
 * them: when every batch statement writes in this order, two commits touching the same rows wait
 * for each other instead of deadlocking. Any fixed order serves; this one is JavaScript's.
 */
export function compareTexts(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
