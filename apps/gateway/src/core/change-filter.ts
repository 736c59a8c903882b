/**
 * Decides which samples are worth reporting. A number is reported when it moved more than the
 * variable's dead zone from the last reported value, or when its state changed: its mapping text,
 * its limit flag, or recovery from a fault. Text values and faults are reported when they change.
 * The first sample of every variable is always reported.
 *
 * The agent keeps one filter for as long as it runs, across configurations: a configuration
 * applied again (saved with no change for this variable, or changed elsewhere) goes on from the
 * values already reported instead of sending every value again.
 */
import type { Sample } from './samples.ts';

export class ChangeFilter {
  private readonly lastReported = new Map<string, Sample>();

  /** Whether to report the sample; an accepted sample becomes the new reference. */
  accept(sample: Sample, deadZone: number): boolean {
    const last = this.lastReported.get(sample.key);
    if (!last || isChange(last, sample, deadZone)) {
      this.lastReported.set(sample.key, sample);
      return true;
    }
    return false;
  }

  /** Marks a sample as reported without asking, e.g. after it was sent on request. */
  remember(sample: Sample): void {
    this.lastReported.set(sample.key, sample);
  }

  forget(key: string): void {
    this.lastReported.delete(key);
  }

  /** Forgets every variable but these (those of a new configuration): one added again starts anew. */
  keepOnly(keys: ReadonlySet<string>): void {
    for (const key of this.lastReported.keys()) if (!keys.has(key)) this.lastReported.delete(key);
  }
}

function isChange(last: Sample, next: Sample, deadZone: number): boolean {
  if (last.kind === 'fault' || next.kind === 'fault') {
    return (
      last.kind !== next.kind || (last.kind === 'fault' && next.kind === 'fault' && last.code !== next.code)
    );
  }
  if (last.text !== next.text || last.limit !== next.limit) return true;
  if (typeof last.value === 'number' && typeof next.value === 'number') {
    return exceedsDeadZone(last.value, next.value, deadZone);
  }
  return last.value !== next.value;
}

/**
 * |next - last| > dead zone, without letting binary fractions decide: 62.2 - 62 is
 * 0.2000000000000028 in floating point, which must not count as beyond a dead zone of 0.2.
 */
function exceedsDeadZone(last: number, next: number, deadZone: number): boolean {
  const tolerance = 16 * Number.EPSILON * Math.max(1, Math.abs(last), Math.abs(next));
  return Math.abs(next - last) > deadZone + tolerance;
}
