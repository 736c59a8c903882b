/**
 * Building blocks for the device model schemas: every issue they raise carries a catalogue code
 * (`catalogue:<code>`) and the field it is about, like the §5 rules in validation/zod.ts.
 */
import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors/index.ts';
import { CATALOGUE_ISSUE_PREFIX, characterCount, hasEmoji } from '../validation/index.ts';

/** The message of an issue the schema raises without a more specific code. */
export const INVALID_FIELD_MESSAGE = `${CATALOGUE_ISSUE_PREFIX}1002`;

interface IssueSink {
  addIssue(issue: {
    code: 'custom';
    message: string;
    params?: Record<string, unknown>;
    path?: PropertyKey[];
  }): void;
}

export function addCatalogueIssue(
  context: IssueSink,
  code: ErrorCode,
  params: ErrorParams,
  path?: PropertyKey[],
): void {
  context.addIssue({
    code: 'custom',
    message: `${CATALOGUE_ISSUE_PREFIX}${code}`,
    params: { ...params },
    ...(path ? { path } : {}),
  });
}

/** A number within bounds; anything else is 1002 for the field. */
export function boundedNumber(field: string, bounds: { min?: number; max?: number; integer?: boolean }) {
  return z.number({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    const wrong =
      (bounds.integer === true && !Number.isInteger(value)) ||
      (bounds.min !== undefined && value < bounds.min) ||
      (bounds.max !== undefined && value > bounds.max);
    if (wrong) addCatalogueIssue(context, '1002', { field });
  });
}

/** A required text: blank is missing (1001), too long is 1137, emoji are refused (1120). */
export function requiredText(field: string, max: number) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (!value.trim()) addCatalogueIssue(context, '1001', { field });
    else if (hasEmoji(value)) addCatalogueIssue(context, '1120', {});
    else if (characterCount(value) > max) addCatalogueIssue(context, '1137', { field, max });
  });
}

/** An optional text limited in length. */
export function optionalText(field: string, max: number) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (hasEmoji(value)) addCatalogueIssue(context, '1120', {});
    else if (characterCount(value) > max) addCatalogueIssue(context, '1137', { field, max });
  });
}

export const IDENTIFIER_MAX_LENGTH = 50;
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A key identifier: a letter or underscore, then letters, digits, underscores; at most 50. */
export function identifier(field: string) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (!value) addCatalogueIssue(context, '1001', { field });
    else if (value.length > IDENTIFIER_MAX_LENGTH)
      addCatalogueIssue(context, '1137', { field, max: IDENTIFIER_MAX_LENGTH });
    else if (!IDENTIFIER.test(value)) addCatalogueIssue(context, '1002', { field });
  });
}

export function enumField<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: INVALID_FIELD_MESSAGE });
}
