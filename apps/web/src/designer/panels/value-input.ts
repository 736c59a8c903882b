/** Reading what a person typed into a rule value: numbers where it is a number, text otherwise. */
import type { RuleValue } from '@lyyp/contracts/designer';

export function toRuleValue(text: string): RuleValue {
  const trimmed = text.trim();
  if (trimmed !== '' && Number.isFinite(Number(trimmed))) return Number(trimmed);
  return text;
}

/** A new id for an item of a list (select options, radio options), unique within the list. */
export function nextItemId(existing: readonly string[]): string {
  const numbers = existing.map(Number).filter(Number.isInteger);
  return String(numbers.length === 0 ? existing.length + 1 : Math.max(...numbers) + 1);
}
