/**
 * The data centre (§1): consumption and production of the devices a person may see, by day, week
 * or month, per device, group and product; top and bottom devices; the previous period of the same
 * length; the online rate now. Amounts are sums of the `difference` columns of the devices'
 * consumption and production reports, read from stored report rows.
 */
import dayjs from 'dayjs';
import { CatalogueError, checkQueryRange, type Locale, type SheetFormat } from '@lyyp/contracts';
import {
  DATACENTER_RANGE_DAYS,
  DATACENTER_RANK_SIZE,
  type DatacenterAmounts,
  type DatacenterDevice,
  type DatacenterPeriod,
  type DatacenterSummary,
} from '@lyyp/contracts/report';
import type { AccountRow } from '../account/account.repository.ts';
import { viewerOf } from '../device/viewer.ts';
import { assignUnits, resolveTimeZone, unitStarts } from './engine/calendar.ts';
import type { ReportRepository } from './report.repository.ts';
import { writeSheet } from './report-sheet.ts';

export interface DatacenterRange {
  start: number;
  end: number;
  period: DatacenterPeriod;
  productId?: string | undefined;
  timeZone?: string | undefined;
}

const zero = (): DatacenterAmounts => ({ consumption: 0, production: 0 });
const round = (value: number) => Math.round(value * 1000) / 1000;
const rounded = <T extends DatacenterAmounts>(amounts: T): T => ({
  ...amounts,
  consumption: round(amounts.consumption),
  production: round(amounts.production),
});

export class DatacenterService {
  constructor(private readonly repository: ReportRepository) {}

  async summary(account: AccountRow, range: DatacenterRange): Promise<DatacenterSummary> {
    const violation = checkQueryRange(range, DATACENTER_RANGE_DAYS);
    if (violation) throw new CatalogueError(violation.code, violation.params);
    const zone = resolveTimeZone(range.timeZone);
    const devices = await this.repository.visibleDevices(viewerOf(account), range.productId);
    const previousStart = range.start - (range.end - range.start);
    const starts = unitStarts(range.start, range.end, range.period, zone);
    const periods = starts.map(() => zero());
    const total = zero();
    const previous = zero();
    const perDevice = new Map<string, DatacenterAmounts>(devices.map((device) => [device.id, zero()]));

    const byProduct = new Map<string, string[]>();
    for (const device of devices)
      byProduct.set(device.productId, [...(byProduct.get(device.productId) ?? []), device.id]);
    for (const [productId, deviceIds] of byProduct) {
      const reports = await this.repository.storedReportsOf(productId);
      for (const { report } of reports) {
        if (report.type === 'general') continue;
        const keys = report.variables
          .filter((variable) => variable.aggregation === 'difference')
          .map((v) => v.key);
        if (keys.length === 0) continue;
        const kind = report.type;
        const rows = await this.repository.storedRows(report.id, deviceIds, previousStart, range.end);
        const units = assignUnits(
          rows.map((row) => row.at),
          starts,
        );
        rows.forEach((row, index) => {
          const amount = keys.reduce((sum, key) => sum + (row.cells[key]?.diff ?? 0), 0);
          if (row.at < range.start) {
            previous[kind] += amount;
            return;
          }
          total[kind] += amount;
          perDevice.get(row.deviceId)![kind] += amount;
          const unit = units[index]!;
          if (unit >= 0) periods[unit]![kind] += amount;
        });
      }
    }

    const deviceList: DatacenterDevice[] = devices.map((device) =>
      rounded({
        deviceId: device.id,
        name: device.name,
        group: device.group,
        productId: device.productId,
        productTitle: device.productTitle,
        online: device.online,
        ...perDevice.get(device.id)!,
      }),
    );
    const groups = new Map<string, DatacenterAmounts & { group: string; devices: number }>();
    const products = new Map<
      string,
      DatacenterAmounts & { productId: string; title: string; devices: number }
    >();
    for (const device of deviceList) {
      const group = groups.get(device.group) ?? { group: device.group, devices: 0, ...zero() };
      group.devices += 1;
      group.consumption += device.consumption;
      group.production += device.production;
      groups.set(device.group, group);
      const product = products.get(device.productId) ?? {
        productId: device.productId,
        title: device.productTitle,
        devices: 0,
        ...zero(),
      };
      product.devices += 1;
      product.consumption += device.consumption;
      product.production += device.production;
      products.set(device.productId, product);
    }
    const ranked = [...deviceList].sort(
      (a, b) => b.consumption - a.consumption || a.name.localeCompare(b.name),
    );
    return {
      periods: starts.map((at, index) => rounded({ at, ...periods[index]! })),
      total: rounded(total),
      previous: rounded(previous),
      devices: deviceList,
      groups: [...groups.values()].map(rounded),
      products: [...products.values()].map(rounded),
      top: ranked.slice(0, DATACENTER_RANK_SIZE),
      bottom: ranked.slice(-DATACENTER_RANK_SIZE).reverse(),
      online: { online: devices.filter((device) => device.online).length, total: devices.length },
    };
  }

  async export(account: AccountRow, range: DatacenterRange & { format: SheetFormat }, locale: Locale) {
    const summary = await this.summary(account, range);
    const en = locale === 'en-US';
    const header = en
      ? ['Device', 'Group', 'Product', 'Consumption', 'Production', 'Online']
      : ['设备', '分组', '产品', '消耗', '产量', '在线'];
    const rows = summary.devices.map((device) => [
      device.name,
      device.group,
      device.productTitle,
      device.consumption,
      device.production,
      device.online ? (en ? 'yes' : '是') : en ? 'no' : '否',
    ]);
    const bytes = await writeSheet(range.format, 'datacenter', header, rows);
    const day = dayjs(range.start).tz(resolveTimeZone(range.timeZone)).format('YYYY-MM-DD');
    return { name: `datacenter-${day}.${range.format}`, format: range.format, bytes };
  }
}
