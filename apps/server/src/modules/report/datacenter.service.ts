/**
 * The data centre (§1): consumption and production of the devices a person may see, by day, week
 * or month, per device, group and product; top and bottom devices; the previous period of the same
 * length; the online rate now. Amounts are sums of the `difference` columns of the devices'
 * consumption and production reports, read from stored report rows, kept apart per energy (one
 * variable name with its unit) so m³ of gas are never added to kWh of heat.
 */
import dayjs from 'dayjs';
import { CatalogueError, checkQueryRange, type Locale, type SheetFormat } from '@lyyp/contracts';
import {
  DATACENTER_RANGE_DAYS,
  DATACENTER_RANK_SIZE,
  type DatacenterAmounts,
  type DatacenterDevice,
  type DatacenterEnergy,
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

type Amounts = DatacenterAmounts;

const zero = (): Amounts => ({ consumption: 0, production: 0, energies: {} });
const round = (value: number) => Math.round(value * 1000) / 1000;
const rounded = <T extends Amounts>(amounts: T): T => ({
  ...amounts,
  consumption: round(amounts.consumption),
  production: round(amounts.production),
  energies: Object.fromEntries(Object.entries(amounts.energies).map(([id, value]) => [id, round(value)])),
});

/** Adds one amount of one energy (and to the kind's all-unit sum older clients read). */
function add(target: Amounts, energy: DatacenterEnergy, amount: number) {
  target[energy.kind] += amount;
  target.energies[energy.id] = (target.energies[energy.id] ?? 0) + amount;
}

function addAll(target: Amounts, source: Amounts) {
  target.consumption += source.consumption;
  target.production += source.production;
  for (const [id, value] of Object.entries(source.energies))
    target.energies[id] = (target.energies[id] ?? 0) + value;
}

/** One energy per kind, variable name and unit: the same name in another unit is another energy. */
function energyOf(kind: DatacenterEnergy['kind'], name: string, unit: string): DatacenterEnergy {
  return { id: `${kind}:${name}:${unit}`, kind, name, unit };
}

function byKindNameUnit(a: DatacenterEnergy, b: DatacenterEnergy) {
  return (
    (a.kind === b.kind ? 0 : a.kind === 'consumption' ? -1 : 1) ||
    a.name.localeCompare(b.name) ||
    a.unit.localeCompare(b.unit)
  );
}

/** What the data centre reads of the report repository. */
export type DatacenterSource = Pick<
  ReportRepository,
  'visibleDevices' | 'modelsOf' | 'storedReportsOf' | 'storedRows'
>;

export class DatacenterService {
  constructor(private readonly repository: DatacenterSource) {}

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
    const perDevice = new Map<string, Amounts>(devices.map((device) => [device.id, zero()]));
    const energies = new Map<string, DatacenterEnergy>();

    const byProduct = new Map<string, string[]>();
    for (const device of devices)
      byProduct.set(device.productId, [...(byProduct.get(device.productId) ?? []), device.id]);
    const models = await this.repository.modelsOf([...byProduct.keys()]);
    for (const [productId, deviceIds] of byProduct) {
      const reports = await this.repository.storedReportsOf(productId);
      const variables = models.get(productId)?.variables ?? [];
      for (const { report } of reports) {
        if (report.type === 'general') continue;
        const kind = report.type;
        const columns = report.variables
          .filter((variable) => variable.aggregation === 'difference')
          .map((variable) => {
            const known = variables.find((candidate) => candidate.key === variable.key);
            const energy = energyOf(kind, known?.name ?? variable.key, known?.unit ?? '');
            energies.set(energy.id, energy);
            return { key: variable.key, energy };
          });
        if (columns.length === 0) continue;
        const rows = await this.repository.storedRows(report.id, deviceIds, previousStart, range.end);
        const units = assignUnits(
          rows.map((row) => row.at),
          starts,
        );
        rows.forEach((row, index) => {
          for (const { key, energy } of columns) {
            const amount = row.cells[key]?.diff ?? 0;
            if (row.at < range.start) {
              add(previous, energy, amount);
              continue;
            }
            add(total, energy, amount);
            add(perDevice.get(row.deviceId)!, energy, amount);
            const unit = units[index]!;
            if (unit >= 0) add(periods[unit]!, energy, amount);
          }
        });
      }
    }

    const energyList = [...energies.values()].sort(byKindNameUnit);
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
    const groups = new Map<string, Amounts & { group: string; devices: number }>();
    const products = new Map<string, Amounts & { productId: string; title: string; devices: number }>();
    for (const device of deviceList) {
      const group = groups.get(device.group) ?? { group: device.group, devices: 0, ...zero() };
      group.devices += 1;
      addAll(group, device);
      groups.set(device.group, group);
      const product = products.get(device.productId) ?? {
        productId: device.productId,
        title: device.productTitle,
        devices: 0,
        ...zero(),
      };
      product.devices += 1;
      addAll(product, device);
      products.set(device.productId, product);
    }
    // Ranked by one energy only: amounts of different units are never compared.
    const first = energyList[0]?.kind === 'consumption' ? energyList[0].id : null;
    const rankOf = (device: DatacenterDevice) => (first ? (device.energies[first] ?? 0) : 0);
    const ranked = [...deviceList].sort((a, b) => rankOf(b) - rankOf(a) || a.name.localeCompare(b.name));
    return {
      energies: energyList,
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
    const energyHeader = summary.energies.map(
      (energy) => `${energy.name}${energy.unit ? ` (${energy.unit})` : ''}`,
    );
    const header = en
      ? ['Device', 'Group', 'Product', ...energyHeader, 'Online']
      : ['设备', '分组', '产品', ...energyHeader, '在线'];
    const rows = summary.devices.map((device) => [
      device.name,
      device.group,
      device.productTitle,
      ...summary.energies.map((energy) => device.energies[energy.id] ?? 0),
      device.online ? (en ? 'yes' : '是') : en ? 'no' : '否',
    ]);
    const bytes = await writeSheet(range.format, 'datacenter', header, rows);
    const day = dayjs(range.start).tz(resolveTimeZone(range.timeZone)).format('YYYY-MM-DD');
    return { name: `datacenter-${day}.${range.format}`, format: range.format, bytes };
  }
}
