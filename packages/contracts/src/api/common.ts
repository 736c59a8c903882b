/**
 * Building blocks of the API shapes: paging, times, text fields with their catalogue codes and the
 * capacity counters. Every request and answer schema of `src/api/` is made of these, so a rule such
 * as "times are epoch milliseconds from 1970 to 9999" is written once.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_QUERY_RANGE_DAYS } from '../limits.ts';
import {
  CATALOGUE_ISSUE_PREFIX,
  checkedString,
  maxLengthCheck,
  type Check,
  type RuleViolation,
} from '../validation/index.ts';

// Paging

/** Largest page a list answers; variable lists page through a whole product (capacity 1000). */
export const MAX_PAGE_SIZE = 1000;

export const pagingFields = {
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
};

/** What a paged list request may send; the server fills in the defaults. */
export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** One page of a list: the rows, how many there are in all, and which page this is. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

// Times

/** 1970-01-01T00:00:00.000Z: §5 "date not before 1970". */
export const EPOCH_MS_MIN = 0;
/** 9999-12-31T23:59:59.999Z: the last instant a four-digit year and every date library can show. */
export const EPOCH_MS_MAX = 253_402_300_799_999;
/** Catalogue code of a time outside 1970 … 9999. */
export const TIME_OUT_OF_RANGE_CODE = '1806';
export const DAY_MS = 86_400_000;

const outOfRange = `${CATALOGUE_ISSUE_PREFIX}${TIME_OUT_OF_RANGE_CODE}`;

/**
 * A time input: whole epoch milliseconds from 1970 to the end of 9999. Outside that range the
 * answer is 1806; a fraction or a text that is no number is an invalid parameter (1002).
 */
export const epochMsSchema = z.number().int().min(EPOCH_MS_MIN, outOfRange).max(EPOCH_MS_MAX, outOfRange);

/** The same rule for inputs that arrive as text (query strings, forms): `"1700000000000"` is read as a number. */
export const epochMsInput = z.coerce.number().pipe(epochMsSchema);

/** Whether a number is a time the platform accepts (the rule of `epochMsSchema`). */
export function isEpochMs(value: number): boolean {
  return Number.isInteger(value) && value >= EPOCH_MS_MIN && value <= EPOCH_MS_MAX;
}

/**
 * §5 rules of a queried range: both ends within 1970 … 9999 (1806), the start before the end (1804)
 * and, where a limit applies, at most `limitDays` days (1805). Null when the range may be queried.
 */
export function checkQueryRange(
  range: { start: number; end: number },
  limitDays: number | null = MAX_QUERY_RANGE_DAYS,
): RuleViolation | null {
  if (!isEpochMs(range.start) || !isEpochMs(range.end)) return { code: TIME_OUT_OF_RANGE_CODE };
  if (range.start >= range.end) return { code: '1804' };
  if (limitDays !== null && range.end - range.start > limitDays * DAY_MS)
    return { code: '1805', params: { days: limitDays } };
  return null;
}

/** A time in an answer: ISO 8601 in UTC (`2024-05-01T08:00:00.000Z`), as JSON writes a date. */
export const isoTimeSchema = z.string();

// Text fields

/** A blank required text is a missing parameter (1001). */
export function requiredCheck(field: string): Check {
  return (value) => (value.trim() ? null : { code: '1001', params: { field } });
}

export const requiredText = (field: string, max: number) =>
  checkedString(requiredCheck(field), maxLengthCheck(field, max));
export const limitedText = (field: string, max: number) => checkedString(maxLengthCheck(field, max));

/** A coordinate outside its range is refused with its own message (1142, 1143), never clamped. */
function coordinateField(field: string, code: '1142' | '1143', limit: number) {
  return z.number({ error: `${CATALOGUE_ISSUE_PREFIX}1002` }).superRefine((value, context) => {
    if (Number.isFinite(value) && Math.abs(value) <= limit) return;
    context.addIssue({ code: 'custom', message: `${CATALOGUE_ISSUE_PREFIX}${code}`, params: { field } });
  });
}

export const latitudeField = coordinateField('latitude', '1143', 90);
export const longitudeField = coordinateField('longitude', '1142', 180);
export const idField = z.string().trim().min(1).max(64);

// Files and capacity

/** Spreadsheet formats of imports and exports. */
export const SHEET_FORMATS = ['xlsx', 'csv'] as const;
export type SheetFormat = (typeof SHEET_FORMATS)[number];

/** §9: capacity is shown as used/total. */
export const CapacityUseSchema = z.object({ used: z.number().int(), total: z.number().int() });
export type CapacityUse = z.infer<typeof CapacityUseSchema>;
