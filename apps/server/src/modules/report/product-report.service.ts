/**
 * A product's report over all its devices, for staff on the monitoring site (operators, the
 * product's developer, the super manager: whoever may see the product's devices). The product must
 * be visible to the caller (else 1003, like a missing one) and the rows come only from the devices
 * the caller may see (`visibleDeviceCondition`), so a role narrowed to chosen products or a dealer
 * sees no more than elsewhere. Rows are one device in one hour, day or month: newest unit first,
 * devices by name within a unit, paged over those pairs and merged from stored rows the way a
 * device's own table is (`mergeIntoUnits`).
 */
import dayjs from 'dayjs';
import { CatalogueError, checkQueryRange, type Locale, type SheetFormat } from '@lyyp/contracts';
import {
  REPORT_EXPORT_MAX_ROWS,
  REPORT_RANGE_DAYS,
  type DeviceReport,
  type ProductReportRow,
  type ReportGranularity,
  type ReportProductOption,
} from '@lyyp/contracts/report';
import type { ProductService } from '../product/product.service.ts';
import type { ActionName } from '@lyyp/contracts/policy';
import { viewerOf, type Caller } from '../device/viewer.ts';
import { resolveTimeZone, unitStarts } from './engine/calendar.ts';
import { writeSheet } from './report-sheet.ts';
import {
  AGGREGATION_LABELS,
  TIME_FORMATS,
  columnsOf,
  mergeIntoUnits,
  heldStretch,
  windowAtOrAfter,
} from './report-query.service.ts';
import type { ReportRepository } from './report.repository.ts';

export interface ProductReportRange {
  productId: string;
  reportId: string;
  granularity: ReportGranularity;
  start: number;
  end: number;
  timeZone?: string | undefined;
}

export interface ProductReportDeps {
  readonly repository: ReportRepository;
  readonly products: Pick<ProductService, 'requireFor'>;
}

export class ProductReportService {
  constructor(private readonly deps: ProductReportDeps) {}

  /** Products the caller may see, to choose from. */
  async options(caller: Caller): Promise<ReportProductOption[]> {
    return this.deps.repository.reportProducts(viewerOf(caller.account));
  }

  async reports(caller: Caller, productId: string): Promise<DeviceReport[]> {
    const product = await this.deps.products.requireFor(caller, 'report.view', productId);
    const stored = await this.deps.repository.storedReportsOf(product.id);
    return stored.map(({ report }) => ({
      id: report.id,
      name: report.name,
      type: report.type,
      intervalMinutes: report.intervalMinutes,
      columns: columnsOf(report, product.model),
    }));
  }

  private async resolve(caller: Caller, range: ProductReportRange, action: ActionName = 'report.view') {
    const violation = checkQueryRange(range, REPORT_RANGE_DAYS[range.granularity]);
    if (violation) throw new CatalogueError(violation.code, violation.params);
    const product = await this.deps.products.requireFor(caller, action, range.productId);
    const stored = await this.deps.repository.storedReport(range.reportId);
    if (!stored || stored.productId !== product.id) throw new CatalogueError('1003');
    const devices = await this.deps.repository.visibleDevices(viewerOf(caller.account), product.id);
    const names = new Map(devices.map((device) => [device.id, device.name]));
    const starts = unitStarts(range.start, range.end, range.granularity, resolveTimeZone(range.timeZone));
    const pairs = await this.deps.repository.unitsWithRowsOf(
      range.reportId,
      [...names.keys()],
      starts,
      range.start,
      range.end,
    );
    // Newest unit first; within a unit, devices by name (then id, so equal names keep an order).
    pairs.sort(
      (a, b) =>
        b.unit - a.unit ||
        names.get(a.deviceId)!.localeCompare(names.get(b.deviceId)!) ||
        a.deviceId.localeCompare(b.deviceId),
    );
    return { columns: columnsOf(stored.report, product.model), names, starts, pairs, report: stored.report };
  }

  /** The rows of the chosen (device, unit) pairs, in their order, merged from stored rows. */
  private async rowsOf(
    range: ProductReportRange,
    resolved: Awaited<ReturnType<ProductReportService['resolve']>>,
    chosen: ReadonlyArray<{ deviceId: string; unit: number }>,
  ): Promise<ProductReportRow[]> {
    if (chosen.length === 0) return [];
    const { starts, columns, names } = resolved;
    const units = chosen.map((pair) => pair.unit);
    const from = Math.max(range.start, starts[Math.min(...units)]!);
    const to = Math.min(range.end, starts[Math.max(...units) + 1] ?? range.end);
    const deviceIds = [...new Set(chosen.map((pair) => pair.deviceId))];
    const report = resolved.report;
    const windowMs = report.intervalMinutes * 60_000;
    const holdFrom = windowAtOrAfter(from, windowMs);
    const [stored, holdings] = await Promise.all([
      this.deps.repository.storedRows(range.reportId, deviceIds, from, to),
      report.storageMode === 'periodic'
        ? this.deps.repository.holdingOf(
            range.reportId,
            deviceIds,
            columns.map((column) => column.key),
            holdFrom,
          )
        : null,
    ]);
    const byDevice = new Map<string, typeof stored>();
    for (const row of stored) byDevice.set(row.deviceId, [...(byDevice.get(row.deviceId) ?? []), row]);
    const merged = new Map<string, Map<number, ProductReportRow['values']>>();
    for (const [deviceId, rows] of byDevice) {
      const units = mergeIntoUnits(
        rows,
        starts,
        columns,
        heldStretch(holdings?.get(deviceId), from, to, windowMs),
      );
      merged.set(deviceId, new Map(units.map((row) => [row.at, row.values])));
    }
    return chosen.map((pair) => ({
      deviceId: pair.deviceId,
      deviceName: names.get(pair.deviceId) ?? '',
      at: starts[pair.unit]!,
      values: merged.get(pair.deviceId)?.get(starts[pair.unit]!) ?? {},
    }));
  }

  async table(caller: Caller, range: ProductReportRange & { page: number; pageSize: number }) {
    const resolved = await this.resolve(caller, range);
    const offset = (range.page - 1) * range.pageSize;
    const chosen = resolved.pairs.slice(offset, offset + range.pageSize);
    return {
      columns: resolved.columns,
      list: await this.rowsOf(range, resolved, chosen),
      total: resolved.pairs.length,
      page: range.page,
      pageSize: range.pageSize,
      devices: resolved.names.size,
    };
  }

  /** The newest `REPORT_EXPORT_MAX_ROWS` rows as a sheet: time, device, then the report's columns. */
  async export(caller: Caller, range: ProductReportRange & { format: SheetFormat }, locale: Locale) {
    const resolved = await this.resolve(caller, range, 'report.export');
    const rows = await this.rowsOf(range, resolved, resolved.pairs.slice(0, REPORT_EXPORT_MAX_ROWS));
    const zone = resolveTimeZone(range.timeZone);
    const labels = AGGREGATION_LABELS[locale];
    const header = [
      locale === 'en-US' ? 'Time' : '时间',
      locale === 'en-US' ? 'Device' : '设备',
      ...resolved.columns.map(
        (column) => `${column.name}${column.unit ? ` (${column.unit})` : ''} · ${labels[column.aggregation]}`,
      ),
    ];
    const lines = rows.map((row) => [
      dayjs(row.at).tz(zone).format(TIME_FORMATS[range.granularity]),
      row.deviceName,
      ...resolved.columns.map((column) => row.values[column.key] ?? null),
    ]);
    const bytes = await writeSheet(range.format, 'report', header, lines);
    const day = dayjs(range.start).tz(zone).format('YYYY-MM-DD');
    return { name: `product-report-${day}.${range.format}`, format: range.format, bytes };
  }
}
