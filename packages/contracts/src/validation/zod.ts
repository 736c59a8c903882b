/**
 * Zod adapters for the §5 rules. A failed check becomes a zod issue whose message is the catalogue
 * code and whose params travel with it, so the server can answer with the catalogue's text.
 */
import { z } from 'zod';
import { checkWellFormedText, type Check } from './rules.ts';

/** Prefix that marks a zod issue message as a catalogue code (`catalogue:1117`). */
export const CATALOGUE_ISSUE_PREFIX = 'catalogue:';

/**
 * A required string checked by the given rules. Empty input is reported as missing. A NUL or a
 * lone surrogate is refused (1002) before any other rule.
 */
export function checkedString(...checks: Check[]) {
  return z.string().superRefine((value, context) => {
    for (const check of [checkWellFormedText, ...checks]) {
      const violation = check(value);
      if (violation) {
        context.addIssue({
          code: 'custom',
          message: `${CATALOGUE_ISSUE_PREFIX}${violation.code}`,
          params: violation.params ? { ...violation.params } : undefined,
        });
        return;
      }
    }
  });
}
