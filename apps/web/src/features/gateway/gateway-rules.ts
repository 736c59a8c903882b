/**
 * Gateway inputs of the back-office: SNs typed one per line, checked against §5 (SN 12 digits,
 * SN_LENGTH from contracts) before anything is sent.
 */
import { SN_LENGTH, type Check, type RuleViolation } from '@lyyp/contracts';

const SN_PATTERN = new RegExp(`^\\d{${SN_LENGTH}}$`);

/** One SN as typed: missing (1001) or not 12 digits (1002), as the platform says it. */
export const checkSn: Check = (value) => {
  if (!value.trim()) return { code: '1001', params: { field: 'sn' } };
  return SN_PATTERN.test(value.trim()) ? null : { code: '1002', params: { field: 'sn' } };
};

/** The SNs of a text area, one per line (commas and spaces also separate), blanks dropped. */
export function splitSnList(text: string): string[] {
  return text
    .split(/[\s,;，；]+/)
    .map((sn) => sn.trim())
    .filter(Boolean);
}

/** The first problem of a typed SN list: empty (1001), a malformed or repeated SN (1002, naming it). */
export function checkSnList(sns: readonly string[]): { violation: RuleViolation; sn?: string } | null {
  if (sns.length === 0) return { violation: { code: '1001', params: { field: 'sns' } } };
  const seen = new Set<string>();
  for (const sn of sns) {
    if (checkSn(sn) || seen.has(sn)) return { violation: { code: '1002', params: { field: 'sn' } }, sn };
    seen.add(sn);
  }
  return null;
}
