/**
 * A device's reports on the monitoring site: the reports of its product with their columns, and a
 * report's stored rows merged into hours, days or months of the person's time zone (table with
 * paging, every row for the chart, export). Who may see the device decides who may see its
 * reports: staff every device, others their own (a device they may not see is 1003).
 */
import dayjs from 'dayjs';
import { CatalogueError, checkQueryRange, type Locale, type SheetFormat } from '@lyyp/contracts';
import {
  REPORT_EXPORT_MAX_ROWS,
  REPORT_RANGE_DAYS,
  type DeviceReport,
  type ReportColumn,
  type ReportGranularity,
  type ReportRow,
} from '@lyyp/contracts/report';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { AccountRow } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { assignUnits, resolveTimeZone, unitStarts } from './engine/calendar.ts';
import { heldOnlyCell, holdCell, mergeCell, presentCell, type CellStats } from './engine/window-compute.ts';
import type { ReportRepository, StoredReport } from './report.repository.ts';
import { writeSheet } from './report-sheet.ts';

export interface ReportRange {
  equipmentId: string;
  reportId: string;
  granularity: ReportGranularity;
  start: number;
  end: number;
  timeZone?: string | undefined;
}

export interface ReportQueryDeps {
  readonly repository: ReportRepository;
  readonly access: Pick<DeviceAccess, 'requireDeviceMenu'>;
  readonly runtime: Pick<RuntimeRepository, 'deviceContextById'>;
}

export function columnsOf(report: StoredReport['report'], model: DeviceModel): ReportColumn[] {
  return report.variables.map((variable) => {
    const known = model.variables.find((candidate) => candidate.key === variable.key);
    return {
      key: variable.key,
      name: known?.name ?? variable.key,
      unit: known?.unit ?? '',
      decimals: known?.decimals ?? 2,
      aggregation: variable.aggregation,
    };
  });
}

/**
 * What a periodic report's time-weighted average needs beyond the stored rows of `[from, until)`:
 * the window length, and each variable's value held at `from` (a window start). Windows without a
 * sample of a variable have no cell; the value held then (the previous cell's last) counts toward
 * the units those windows lie in, up to `until` (the end of the computed windows read).
 */
export interface Holding {
  readonly windowMs: number;
  readonly from: number;
  readonly until: number;
  readonly before: ReadonlyMap<string, number>;
}

/** The first window start at or after `ts`. */
export function windowAtOrAfter(ts: number, windowMs: number): number {
  return Math.ceil(ts / windowMs) * windowMs;
}

/**
 * The held stretches of a device between the first whole window from `from` and the end of the
 * window reaching `to`, no later than the device is computed; undefined without a holding.
 */
export function heldStretch(
  holding: { computedUntil: number; before: ReadonlyMap<string, number> } | undefined,
  from: number,
  to: number,
  windowMs: number,
): Holding | undefined {
  return (
    holding && {
      windowMs,
      from: windowAtOrAfter(from, windowMs),
      until: Math.min(windowAtOrAfter(to, windowMs), holding.computedUntil),
      before: holding.before,
    }
  );
}

/** Merges stored rows (sorted by time) into the units starting at `starts`. */
export function mergeIntoUnits(
  rows: ReadonlyArray<{ at: number; cells: Record<string, CellStats> }>,
  starts: readonly number[],
  columns: readonly ReportColumn[],
  holding?: Holding,
): ReportRow[] {
  const units = assignUnits(
    rows.map((row) => row.at),
    starts,
  );
  const merged = new Map<number, Record<string, CellStats>>();
  rows.forEach((row, index) => {
    const unit = units[index]!;
    if (unit < 0) return;
    const cells = merged.get(unit) ?? {};
    for (const [key, cell] of Object.entries(row.cells)) cells[key] = mergeCell(cells[key], cell);
    merged.set(unit, cells);
  });
  if (holding) fillHeldStretches(rows, starts, columns, holding, merged);
  return [...merged.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([unit, cells]) => ({
      at: starts[unit]!,
      values: Object.fromEntries(
        columns.map((column) => [column.key, presentCell(cells[column.key], column.aggregation)]),
      ),
    }));
}

/**
 * Adds to the merged units the stretches in which a variable held a value without a sample: from
 * `holding.from` to its first cell (the value held before), between the end of a cell's window and
 * the next cell's window (the earlier cell's last value), after its last cell up to
 * `holding.until`. Only units that have rows are shown, so only those receive their share.
 */
function fillHeldStretches(
  rows: ReadonlyArray<{ at: number; cells: Record<string, CellStats> }>,
  starts: readonly number[],
  columns: readonly ReportColumn[],
  holding: Holding,
  merged: Map<number, Record<string, CellStats>>,
): void {
  const unitOf = (ts: number) => {
    let low = 0;
    let high = starts.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      if (starts[middle]! <= ts) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    return found;
  };
  const fill = (key: string, value: number, from: number, to: number) => {
    if (to <= from) return;
    for (let unit = Math.max(0, unitOf(from)); unit < starts.length && starts[unit]! < to; unit += 1) {
      const cells = merged.get(unit);
      if (!cells) continue;
      const ms = Math.min(to, starts[unit + 1] ?? to) - Math.max(from, starts[unit]!);
      if (ms <= 0) continue;
      const cell = cells[key];
      if (cell) holdCell(cell, value, ms);
      else cells[key] = heldOnlyCell(value, ms);
    }
  };
  for (const { key } of columns) {
    let value = holding.before.get(key);
    let since = holding.from;
    for (const row of rows) {
      const cell = row.cells[key];
      if (!cell) continue;
      if (value !== undefined) fill(key, value, since, Math.min(row.at, holding.until));
      value = cell.last;
      since = row.at + holding.windowMs;
    }
    if (value !== undefined) fill(key, value, since, holding.until);
  }
}

export const TIME_FORMATS: Record<ReportGranularity, string> = {
  hour: 'YYYY-MM-DD HH:00',
  day: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};

export const AGGREGATION_LABELS: Record<Locale, Record<ReportColumn['aggregation'], string>> = {
  'zh-CN': {
    difference: '差值',
    first: '首值',
    last: '末值',
    max: '最大值',
    min: '最小值',
    average: '平均值（时间加权）',
  },
  'en-US': {
    difference: 'difference',
    first: 'first',
    last: 'last',
    max: 'max',
    min: 'min',
    average: 'time-weighted average',
  },
};

export class ReportQueryService {
  constructor(private readonly deps: ReportQueryDeps) {}

  /** The device's context, for those who may open its reports (report widgets of its pages too). */
  private async deviceContext(account: AccountRow, equipmentId: string) {
    const device = await this.deps.access.requireDeviceMenu(account, equipmentId, 'reports', {
      orTopMenu: true,
    });
    const context = await this.deps.runtime.deviceContextById(device.id);
    if (!context) throw new CatalogueError('1003');
    return context;
  }

  async deviceReports(account: AccountRow, equipmentId: string): Promise<DeviceReport[]> {
    const context = await this.deviceContext(account, equipmentId);
    const reports = await this.deps.repository.storedReportsOf(context.productId);
    return reports.map(({ report }) => ({
      id: report.id,
      name: report.name,
      type: report.type,
      intervalMinutes: report.intervalMinutes,
      columns: columnsOf(report, context.model),
    }));
  }

  private async resolve(account: AccountRow, range: ReportRange) {
    const violation = checkQueryRange(range, REPORT_RANGE_DAYS[range.granularity]);
    if (violation) throw new CatalogueError(violation.code, violation.params);
    const context = await this.deviceContext(account, range.equipmentId);
    const stored = await this.deps.repository.storedReport(range.reportId);
    if (!stored || stored.productId !== context.productId) throw new CatalogueError('1003');
    const columns = columnsOf(stored.report, context.model);
    const starts = unitStarts(range.start, range.end, range.granularity, resolveTimeZone(range.timeZone));
    return { deviceId: context.deviceId, columns, starts, report: stored.report };
  }

  /** The stored rows of `[from, to)` merged into units, periodic averages with their held stretches. */
  private async merged(
    resolved: Awaited<ReturnType<ReportQueryService['resolve']>>,
    from: number,
    to: number,
  ): Promise<ReportRow[]> {
    const { deviceId, columns, starts, report } = resolved;
    const repository = this.deps.repository;
    if (report.storageMode !== 'periodic') {
      const rows = await repository.storedRows(report.id, [deviceId], from, to);
      return mergeIntoUnits(rows, starts, columns);
    }
    const windowMs = report.intervalMinutes * 60_000;
    const holdFrom = windowAtOrAfter(from, windowMs);
    const [rows, holdings] = await Promise.all([
      repository.storedRows(report.id, [deviceId], from, to),
      repository.holdingOf(
        report.id,
        [deviceId],
        columns.map((column) => column.key),
        holdFrom,
      ),
    ]);
    return mergeIntoUnits(rows, starts, columns, heldStretch(holdings.get(deviceId), from, to, windowMs));
  }

  /** Every row of the range, oldest first. */
  async series(
    account: AccountRow,
    range: ReportRange,
  ): Promise<{ columns: ReportColumn[]; rows: ReportRow[] }> {
    const resolved = await this.resolve(account, range);
    return { columns: resolved.columns, rows: await this.merged(resolved, range.start, range.end) };
  }

  /**
   * One page of rows, newest first. The units with rows are counted in the database; only the
   * stored rows of the page's units are read and merged, so a page of a year's daily table reads a
   * month of hourly rows, not the year.
   */
  async table(account: AccountRow, range: ReportRange & { page: number; pageSize: number }) {
    const resolved = await this.resolve(account, range);
    const { deviceId, columns, starts } = resolved;
    const repository = this.deps.repository;
    const units = await repository.unitsWithRows(range.reportId, deviceId, starts, range.start, range.end);
    const offset = (range.page - 1) * range.pageSize;
    const page = units.reverse().slice(offset, offset + range.pageSize);
    const answer = { columns, total: units.length, page: range.page, pageSize: range.pageSize };
    if (page.length === 0) return { ...answer, list: [] };
    const from = Math.max(range.start, starts[page.at(-1)!]!);
    const to = Math.min(range.end, starts[page[0]! + 1] ?? range.end);
    return { ...answer, list: (await this.merged(resolved, from, to)).reverse() };
  }

  async export(account: AccountRow, range: ReportRange & { format: SheetFormat }, locale: Locale) {
    const { columns, rows } = await this.series(account, range);
    const zone = resolveTimeZone(range.timeZone);
    const labels = AGGREGATION_LABELS[locale];
    const header = [
      locale === 'en-US' ? 'Time' : '时间',
      ...columns.map(
        (column) => `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${labels[column.aggregation]}`,
      ),
    ];
    const lines = rows
      .slice(-REPORT_EXPORT_MAX_ROWS)
      .map((row) => [
        dayjs(row.at).tz(zone).format(TIME_FORMATS[range.granularity]),
        ...columns.map((column) => row.values[column.key] ?? null),
      ]);
    const bytes = await writeSheet(range.format, 'report', header, lines);
    const day = dayjs(range.start).tz(zone).format('YYYY-MM-DD');
    return { name: `report-${day}.${range.format}`, format: range.format, bytes };
  }
}
