/**
 * Limits and defaults of history reports and the data centre. Server schemas, console forms and the
 * computation read them from here; nobody repeats a number.
 */

/** Reports one product (one gateway's configuration) may hold until hardware models carry numbers (§9). */
export const REPORT_DEFAULT_CAPACITY = 16;
/** §5 name max 20. */
export const REPORT_NAME_MAX_LENGTH = 20;
/** Variables one report lists. */
export const REPORT_VARIABLES_MAX = 32;
/** Window lengths a report is computed in; each divides an hour, so windows nest in hours, days, months. */
export const REPORT_INTERVAL_MINUTES = [1, 5, 10, 15, 30, 60] as const;
export type ReportIntervalMinutes = (typeof REPORT_INTERVAL_MINUTES)[number];
export const REPORT_DEFAULT_INTERVAL_MINUTES: ReportIntervalMinutes = 60;

/** §9 history report timeRange 720 (hours): the hourly table spans at most 30 days. */
export const REPORT_TIME_RANGE_HOURS = 720;
/** §9 history report rollTime 30 (seconds): how often an open report screen asks again. */
export const REPORT_ROLL_TIME_SECONDS = 30;
/** Most days a report query may span, by the unit of its rows (hourly: §9 timeRange 720 h). */
export const REPORT_RANGE_DAYS = { hour: REPORT_TIME_RANGE_HOURS / 24, day: 366, month: 3 * 366 } as const;
/** Rows one page of a report table holds. */
export const REPORT_PAGE_SIZE_MAX = 100;
/** Rows one report export writes. */
export const REPORT_EXPORT_MAX_ROWS = 20_000;

/**
 * A window is computed once it has been closed this long: uploads still under way get in first.
 * Points that arrive later than `REPORT_LATE_MARGIN_MS` after their own time mark their hour, and
 * computed windows of that hour are computed again (a gateway replaying its buffer).
 */
export const REPORT_WINDOW_GRACE_MS = 60_000;
export const REPORT_LATE_MARGIN_MS = 30_000;
/**
 * A late hour is handled (summaries refreshed, computed windows computed again) once it was marked
 * late this long ago: a replay under way marks the same hours with every upload, and handling them
 * once it has moved on saves doing it again after every sweep. Meanwhile windows computed from then
 * on read the hour from its minute summaries; windows computed before, and hour and day curves, show
 * the hour as it was for those seconds.
 */
export const REPORT_LATE_SETTLE_MS = 30_000;
/** A new report is computed back over at most this much stored history. */
export const REPORT_BACKFILL_DAYS = 366;

/** Devices the data centre ranks at the top and at the bottom. */
export const DATACENTER_RANK_SIZE = 5;
/** Most days the data centre spans (a year by month). */
export const DATACENTER_RANGE_DAYS = 366;
