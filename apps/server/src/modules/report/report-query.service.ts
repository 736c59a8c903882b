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
import { mergeCell, presentCell, type CellStats } from './engine/window-compute.ts';
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

/** Merges stored rows (sorted by time) into the units starting at `starts`. */
export function mergeIntoUnits(
  rows: ReadonlyArray<{ at: number; cells: Record<string, CellStats> }>,
  starts: readonly number[],
  columns: readonly ReportColumn[],
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
  return [...merged.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([unit, cells]) => ({
      at: starts[unit]!,
      values: Object.fromEntries(
        columns.map((column) => [column.key, presentCell(cells[column.key], column.aggregation)]),
      ),
    }));
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
    average: '平均值',
  },
  'en-US': {
    difference: 'difference',
    first: 'first',
    last: 'last',
    max: 'max',
    min: 'min',
    average: 'average',
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
    return { deviceId: context.deviceId, columns, starts };
  }

  /** Every row of the range, oldest first. */
  async series(
    account: AccountRow,
    range: ReportRange,
  ): Promise<{ columns: ReportColumn[]; rows: ReportRow[] }> {
    const { deviceId, columns, starts } = await this.resolve(account, range);
    const rows = await this.deps.repository.storedRows(range.reportId, [deviceId], range.start, range.end);
    return { columns, rows: mergeIntoUnits(rows, starts, columns) };
  }

  /**
   * One page of rows, newest first. The units with rows are counted in the database; only the
   * stored rows of the page's units are read and merged, so a page of a year's daily table reads a
   * month of hourly rows, not the year.
   */
  async table(account: AccountRow, range: ReportRange & { page: number; pageSize: number }) {
    const { deviceId, columns, starts } = await this.resolve(account, range);
    const repository = this.deps.repository;
    const units = await repository.unitsWithRows(range.reportId, deviceId, starts, range.start, range.end);
    const offset = (range.page - 1) * range.pageSize;
    const page = units.reverse().slice(offset, offset + range.pageSize);
    const answer = { columns, total: units.length, page: range.page, pageSize: range.pageSize };
    if (page.length === 0) return { ...answer, list: [] };
    const from = Math.max(range.start, starts[page.at(-1)!]!);
    const to = Math.min(range.end, starts[page[0]! + 1] ?? range.end);
    const rows = await repository.storedRows(range.reportId, [deviceId], from, to);
    return { ...answer, list: mergeIntoUnits(rows, starts, columns).reverse() };
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
