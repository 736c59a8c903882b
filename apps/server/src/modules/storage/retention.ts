/**
 * Retention as rules over times, shared by the sweep and its tests: what a policy keeps, and which
 * whole partitions no device's policy keeps anything of. A device without a policy of its own or
 * of its product keeps everything for ever, so while one such device has history no partition is
 * dropped for age.
 */
import type { RetentionPolicy } from '@lyyp/contracts';

export const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** The policy in force for a device: its override, else its product's, else none (for ever). */
export function effectivePolicy(
  override: RetentionPolicy | null,
  product: RetentionPolicy | null,
): RetentionPolicy | null {
  return override ?? product;
}

/** Raw points before this time are no longer kept (null: all are). */
export function rawCutoff(policy: RetentionPolicy | null, now: number): number | null {
  return policy ? now - policy.rawDays * DAY_MS : null;
}

export function minuteCutoff(policy: RetentionPolicy | null, now: number): number | null {
  return policy ? now - policy.minuteDays * DAY_MS : null;
}

export function summaryCutoff(policy: RetentionPolicy | null, now: number): number | null {
  return policy?.summaryYears ? now - policy.summaryYears * YEAR_MS : null;
}

export interface PartitionSpan {
  readonly name: string;
  readonly start: number;
  /** Exclusive. */
  readonly end: number;
}

/**
 * The partitions that can be dropped whole: those ending before the cutoff of the longest raw
 * retention in force (`longestRawDays`; null when some device with history keeps for ever).
 */
export function partitionsToDrop<T extends PartitionSpan>(
  partitions: readonly T[],
  longestRawDays: number | null,
  now: number,
): T[] {
  if (longestRawDays === null) return [];
  const cutoff = now - longestRawDays * DAY_MS;
  return partitions.filter((partition) => partition.end <= cutoff);
}
