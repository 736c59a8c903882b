/**
 * A short, stable fingerprint of the parts of a rule that decide when it raises and releases. A
 * stored state carries the fingerprint of the rule it was built for; when they differ the rule was
 * edited and the state starts afresh. Renaming a rule, editing its text, groups or push methods
 * keeps the fingerprint (and the alarm): they change who is told and how, not what is an alarm.
 */
import type { AlarmRule } from '@lyyp/contracts/alarm';

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

/** cyrb53: a fast 53-bit string hash; collisions between two versions of one rule are negligible. */
function hash53(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

export function ruleFingerprint(
  rule: Pick<AlarmRule, 'variableKey' | 'condition' | 'deadBand' | 'filterCount'>,
): string {
  return hash53(
    canonical({
      variableKey: rule.variableKey,
      condition: rule.condition,
      deadBand: rule.deadBand,
      filterCount: rule.filterCount,
    }),
  );
}
