/**
 * History of a device's variables (/history/*): the table (one row per stored instant, to the
 * millisecond, newest first: each variable's value at that instant, absent where it has none), its
 * CSV and XLSX export (the same rows, oldest first), and curves as raw points or min/max buckets sized to the plot's width.
 * Times are epoch milliseconds within 1970 … 9999 (`epochMsInput`); tables and exports span at
 * most MAX_QUERY_RANGE_DAYS (checked with `checkQueryRange`).
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import { pointValueSchema } from '../protocol/payloads.ts';
import { SHEET_FORMATS, epochMsInput, pageSchema } from './common.ts';

/** Most rows a history table page holds. */
export const HISTORY_PAGE_SIZE_MAX = 100;
/** Most variables one curve request draws. */
export const CURVE_MAX_KEYS = 10;
/**
 * Where curve buckets come from: raw points, or the minute, hour and day summaries kept as points
 * arrive. A curve reads the coarsest level that still gives at least one bucket per pixel.
 */
export const CURVE_LEVELS = ['point', 'minute', 'hour', 'day'] as const;
export type CurveLevel = (typeof CURVE_LEVELS)[number];
/** A curve's plot width in pixels when the request names none. */
export const CURVE_DEFAULT_WIDTH = 1200;

/** Keys as an array (`keys[0]=a`, `keys=a&keys=b`) or one comma-separated string. */
const keysField = z
  .union([z.array(z.string().min(1)), z.string()])
  .optional()
  .transform((value) =>
    value === undefined
      ? []
      : Array.isArray(value)
        ? value
        : value
            .split(',')
            .map((key) => key.trim())
            .filter(Boolean),
  );

const rangeFields = {
  equipmentId: z.string().min(1),
  keys: keysField,
  /** Epoch ms, inclusive. */
  start: epochMsInput,
  /** Epoch ms. */
  end: epochMsInput,
};

// Requests

export const HistoryQueryRequestSchema = z.object({
  ...rangeFields,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(HISTORY_PAGE_SIZE_MAX).default(DEFAULT_PAGE_SIZE),
});
export type HistoryQueryRequest = z.input<typeof HistoryQueryRequestSchema>;

export const HistoryExportRequestSchema = z.object({
  ...rangeFields,
  format: z.enum(SHEET_FORMATS).default('xlsx'),
  /** IANA time zone the file's times are written in; the server's own when unknown. */
  timeZone: z.string().max(64).optional(),
});
export type HistoryExportRequest = z.input<typeof HistoryExportRequestSchema>;

/** Without a range the server picks the one holding the latest points. */
export const HistoryCurveRequestSchema = z.object({
  equipmentId: z.string().min(1),
  keys: keysField,
  start: epochMsInput.optional(),
  end: epochMsInput.optional(),
  /** Plot width in pixels: buckets are sized so one falls on each. */
  width: z.coerce.number().int().min(1).default(CURVE_DEFAULT_WIDTH),
});
export type HistoryCurveRequest = z.input<typeof HistoryCurveRequestSchema>;

/** The range fields the table and the export share, as the console holds them. */
export type HistoryRange = Pick<
  z.output<typeof HistoryQueryRequestSchema>,
  'equipmentId' | 'keys' | 'start' | 'end'
>;

// Answers

export const HistoryValueSchema = pointValueSchema;
export type HistoryValue = z.infer<typeof HistoryValueSchema>;

export const HistoryRowSchema = z.object({
  /** The instant, epoch ms: every value of the row was stored with exactly this time. */
  ts: z.number().int(),
  values: z.record(z.string(), HistoryValueSchema),
});
export type HistoryRow = z.infer<typeof HistoryRowSchema>;

/**
 * Points a gateway measured but could not keep (its disk budget was exceeded while it was offline)
 * within the queried range: an explicit gap, never a joined line. `keys`: the queried variables
 * that lost points, or null when the gateway did not say which (then every variable did).
 */
export const HistoryGapSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  lost: z.number().int().nonnegative(),
  keys: z.array(z.string()).nullable(),
});
export type HistoryGap = z.infer<typeof HistoryGapSchema>;

export const HistoryPageSchema = pageSchema(HistoryRowSchema).extend({
  /** Gaps overlapping the queried range, oldest first. Absent in answers of older servers. */
  gaps: z.array(HistoryGapSchema).optional(),
});
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

/** Raw points `[ts, value]`, or buckets `[start, min, max]` when there are more points than pixels. */
export const CurveSeriesSchema = z.discriminatedUnion('mode', [
  z.object({
    key: z.string(),
    mode: z.literal('raw'),
    points: z.array(z.tuple([z.number(), HistoryValueSchema])),
  }),
  z.object({
    key: z.string(),
    mode: z.literal('bucket'),
    buckets: z.array(z.tuple([z.number(), z.number(), z.number()])),
    /**
     * The width of a bucket: a bucket missing between two others is a gap (no data), drawn as a
     * break rather than joined. Absent in answers of older servers.
     */
    bucketMs: z.number().int().positive().optional(),
    /** The store the buckets were read from: raw points, or minute, hour or day summaries. */
    level: z.enum(CURVE_LEVELS).optional(),
  }),
]);
export type CurveSeries = z.infer<typeof CurveSeriesSchema>;

export const CurveAnswerSchema = z.object({
  /** Null when none of the variables has data yet. */
  start: z.number().nullable(),
  end: z.number().nullable(),
  series: z.array(CurveSeriesSchema),
  /** Gaps overlapping the curve's range, oldest first. Absent in answers of older servers. */
  gaps: z.array(HistoryGapSchema).optional(),
});
export type CurveAnswer = z.infer<typeof CurveAnswerSchema>;
