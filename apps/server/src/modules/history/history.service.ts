/**
 * History of a device's variables: a paged table, exports (CSV, XLSX) and curves. A table row is
 * one instant (a stored time, to the millisecond) at which any chosen variable has a point, with
 * each variable's value at that instant (empty where it has none), so every stored value appears
 * exactly once with its own time, in the table, its pages and the exports alike. Curves Curves send min/max buckets sized to the screen when a range holds more points than the
 * screen has pixels to show them, and raw points once zoomed in far enough. Buckets come from the
 * coarsest store that still gives at least one bucket per pixel: raw points, or the minute, hour or
 * day summaries (`history-summary.repository.ts`), so any range up to years answers in one step.
 */
import ExcelJS from 'exceljs';
import {
  CURVE_MAX_KEYS,
  CatalogueError,
  EPOCH_MS_MAX,
  MAX_QUERY_RANGE_DAYS,
  checkQueryRange,
  type CurveSeries,
  type HistoryGap,
  type Locale,
} from '@lyyp/contracts';
import { DATA_TYPE_DEFINITIONS, type Variable } from '@lyyp/contracts/device-model';
import type { StoredValue } from '../../db/schema/index.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { HistoryQueries, RawHistoryRow } from '../telemetry/history-queries.repository.ts';
import type { DeviceContext, RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { summaryLevelFor, type HistorySummaryQueries } from './history-summary.repository.ts';

export { CURVE_MAX_KEYS } from '@lyyp/contracts';
export const CURVE_LATEST_POINTS = 200_000;
/** Most rows (instants) an export holds; a range with more is refused (2305), never cut. */
export const EXPORT_MAX_ROWS = 100_000;

/** `YYYY-MM-DD HH:mm:ss.SSS` in `timeZone`: the export's times, to the millisecond. */
export function instantFormatter(timeZone: string): (ts: number) => string {
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    fractionalSecondDigits: 3,
    hourCycle: 'h23',
  });
  return (ts) => {
    const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
    for (const { type, value } of format.formatToParts(ts)) part[type] = value;
    return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}.${part.fractionalSecond}`;
  };
}

/** §5 (the contract's `checkQueryRange`): within 1970 … 9999, start before end, at most `limitDays`. */
export function checkRange(
  start: number,
  end: number,
  limitDays: number | null = MAX_QUERY_RANGE_DAYS,
): void {
  const violation = checkQueryRange({ start, end }, limitDays);
  if (violation) throw new CatalogueError(violation.code, violation.params);
}

function valueOf(variable: Variable | undefined, row: RawHistoryRow): StoredValue {
  if (row.num === null && row.text === null) return null;
  const kind = variable ? DATA_TYPE_DEFINITIONS[variable.dataType].id : 'float';
  if (kind === 'string') return row.text;
  if (kind === 'boolean') return row.num === 1;
  return row.num;
}

export class HistoryService {
  constructor(
    private readonly queries: HistoryQueries,
    private readonly runtime: RuntimeRepository,
    private readonly access: Pick<DeviceAccess, 'requireDeviceMenu'>,
    private readonly summaries: HistorySummaryQueries,
    private readonly now: () => number,
  ) {}

  /**
   * The device's context for `menu`: history tables and exports are the history screen's; curves
   * the curve screen's, and also read by the charts of the device's configuration pages.
   */
  private async context(
    account: AccountRow,
    deviceId: string,
    keys: readonly string[],
    menu: 'history' | 'historyCurve',
  ): Promise<{ context: DeviceContext; variables: Map<string, Variable> }> {
    const device = await this.access.requireDeviceMenu(account, deviceId, menu, {
      orTopMenu: menu === 'historyCurve',
    });
    const context = await this.runtime.deviceContextById(device.id);
    if (!context) throw new CatalogueError('1003');
    const variables = new Map(context.model.variables.map((variable) => [variable.key, variable]));
    for (const key of keys) if (!variables.has(key)) throw new CatalogueError('1714');
    return { context, variables };
  }

  async table(
    account: AccountRow,
    input: { deviceId: string; keys: string[]; start: number; end: number; page: number; pageSize: number },
  ) {
    checkRange(input.start, input.end);
    const { context, variables } = await this.context(account, input.deviceId, input.keys, 'history');
    const keys = input.keys.length > 0 ? input.keys : [...variables.keys()];
    const { total, instants } = await this.queries.instantsPage(
      context.deviceId,
      keys,
      input.start,
      input.end,
      input.pageSize,
      (input.page - 1) * input.pageSize,
    );
    const [list, gaps] = await Promise.all([
      this.rowsFor(context.deviceId, keys, variables, instants),
      this.gapsFor(context.deviceId, keys, input.start, input.end),
    ]);
    return { list, total, page: input.page, pageSize: input.pageSize, gaps };
  }

  /**
   * Points the device's gateway could not keep within the range, for the variables asked about
   * (a gap that names no variables concerns them all).
   */
  private async gapsFor(
    deviceId: string,
    keys: readonly string[],
    start: number,
    end: number,
  ): Promise<HistoryGap[]> {
    const wanted = new Set(keys);
    const gaps: HistoryGap[] = [];
    for (const gap of await this.runtime.gapsOf(deviceId, start, end)) {
      if (gap.keys === null) gaps.push(gap);
      else {
        const concerned = gap.keys.filter((key) => wanted.has(key));
        if (concerned.length > 0) gaps.push({ ...gap, keys: concerned });
      }
    }
    return gaps;
  }

  /**
   * The rows of `instants` (newest first, a contiguous run of the range's instants): the points
   * from the oldest to the newest of them are exactly theirs, at most one per key and instant.
   */
  private async rowsFor(
    deviceId: string,
    keys: readonly string[],
    variables: Map<string, Variable>,
    instants: readonly number[],
  ) {
    if (instants.length === 0) return [];
    const newest = instants[0]!;
    const oldest = instants[instants.length - 1]!;
    const points = await this.queries.points(
      deviceId,
      keys,
      oldest,
      newest + 1,
      instants.length * keys.length,
    );
    const byInstant = new Map<number, Record<string, StoredValue>>(instants.map((ts) => [ts, {}]));
    for (const point of points) {
      const row = byInstant.get(point.ts);
      if (row) row[point.key] = valueOf(variables.get(point.key), point);
    }
    return instants.map((ts) => ({ ts, values: byInstant.get(ts) ?? {} }));
  }

  async export(
    account: AccountRow,
    input: {
      deviceId: string;
      keys: string[];
      start: number;
      end: number;
      format: 'csv' | 'xlsx';
      timeZone: string;
      locale: Locale;
    },
  ) {
    checkRange(input.start, input.end);
    const { context, variables } = await this.context(account, input.deviceId, input.keys, 'history');
    const keys = input.keys.length > 0 ? input.keys : [...variables.keys()];
    const { total, instants } = await this.queries.instantsPage(
      context.deviceId,
      keys,
      input.start,
      input.end,
      EXPORT_MAX_ROWS,
      0,
    );
    // A file that silently lacks rows would look complete: refuse instead.
    if (total > EXPORT_MAX_ROWS) throw new CatalogueError('2305', { rows: total, max: EXPORT_MAX_ROWS });
    const rows = (await this.rowsFor(context.deviceId, keys, variables, instants)).reverse();
    const formatInstant = instantFormatter(input.timeZone);
    const header = [
      input.locale === 'en-US' ? 'Time' : '时间',
      ...keys.map((key) => {
        const variable = variables.get(key);
        return variable?.unit ? `${variable.name} (${variable.unit})` : (variable?.name ?? key);
      }),
    ];
    const table = rows.map((row) => [formatInstant(row.ts), ...keys.map((key) => row.values[key] ?? '')]);
    if (input.format === 'csv') {
      const escape = (cell: unknown) => {
        const text = String(cell);
        return /[",\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
      };
      // A byte-order mark makes spreadsheet programs read the Chinese names as UTF-8.
      return Buffer.from(
        `\uFEFF${[header, ...table].map((line) => line.map(escape).join(',')).join('\r\n')}\r\n`,
        'utf8',
      );
    }
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('history');
    sheet.addRow(header);
    for (const line of table) sheet.addRow(line);
    sheet.getRow(1).font = { bold: true };
    sheet.getColumn(1).width = 21;
    return Buffer.from(await workbook.xlsx.writeBuffer());
  }

  async curve(
    account: AccountRow,
    input: { deviceId: string; keys: string[]; start?: number; end?: number; width: number },
  ) {
    if (input.keys.length === 0 || input.keys.length > CURVE_MAX_KEYS)
      throw new CatalogueError('1002', { field: 'keys' });
    const { context } = await this.context(account, input.deviceId, input.keys, 'historyCurve');
    let start = input.start;
    let end = input.end;
    if (start === undefined || end === undefined) {
      // The range holding the latest 200,000 points of each key (from its summaries when numeric).
      const [extents, starts] = await Promise.all([
        this.summaries.extents(context.deviceId, input.keys),
        this.summaries.latestWindowStarts(context.deviceId, input.keys, CURVE_LATEST_POINTS, this.now()),
      ]);
      if (extents.size === 0)
        return {
          start: null,
          end: null,
          series: input.keys.map((key) => ({ key, mode: 'raw' as const, points: [] })),
        };
      const windows = [...extents].map(([key, extent]) => ({
        from: Math.max(starts.get(key) ?? extent.oldest, extent.oldest),
        to: extent.newest,
      }));
      start ??= Math.min(...windows.map((window) => window.from));
      end ??= Math.max(...windows.map((window) => window.to));
    }
    checkRange(start, Math.min(end + 1, EPOCH_MS_MAX), null);
    const from = start;
    const to = end;
    const width = Math.max(50, Math.min(input.width, 4000));
    const bucketMs = Math.max(1, Math.ceil((to - from + 1) / width));
    // Buckets of a minute or more come from the summaries (every key in one query, a few thousand
    // rows, not millions), which also say how many points lie behind them.
    const level = summaryLevelFor(bucketMs);
    const summarised = level
      ? await this.summaries.buckets(context.deviceId, input.keys, from, to, bucketMs, level, this.now())
      : null;
    const series: CurveSeries[] = await Promise.all(
      input.keys.map(async (key): Promise<CurveSeries> => {
        if (summarised) {
          const entry = summarised.get(key);
          if (entry && entry.count > width * 2)
            return { key, mode: 'bucket', buckets: entry.buckets, bucketMs, level: level! };
        } else if (
          (await this.queries.countInRange(context.deviceId, key, from, to, width * 2 + 1)) >
          width * 2
        ) {
          const buckets = await this.queries.buckets(context.deviceId, key, from, to, bucketMs);
          return { key, mode: 'bucket', buckets, bucketMs, level: 'point' };
        }
        const points = await this.queries.points(context.deviceId, [key], from, to + 1);
        const variable = context.model.variables.find((item) => item.key === key);
        return { key, mode: 'raw', points: points.map((point) => [point.ts, valueOf(variable, point)]) };
      }),
    );
    return { start: from, end: to, series, gaps: await this.gapsFor(context.deviceId, input.keys, from, to) };
  }
}
