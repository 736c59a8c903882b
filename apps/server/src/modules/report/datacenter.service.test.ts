import { describe, expect, it } from 'vitest';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { AccountRow } from '../account/account.repository.ts';
import { DatacenterService, type DatacenterSource } from './datacenter.service.ts';

const DAY = 86_400_000;
const base = Date.UTC(2026, 0, 5);
const owner = {
  id: 'owner',
  accountKind: 'terminal',
  roleType: 'personal',
  auths: '',
} as unknown as AccountRow;

const model = {
  drivers: [],
  scripts: [],
  variables: [
    { key: 'gasTotal', name: '燃气累计', unit: 'm³' },
    { key: 'energyTotal', name: '累计热量', unit: 'kWh' },
  ],
} as unknown as DeviceModel;

/** One boiler with a consumption report of gas (m³) and heat (kWh), and rows today and yesterday. */
const source: DatacenterSource = {
  visibleDevices: () =>
    Promise.resolve([
      { id: 'd1', name: 'Boiler 1', group: '', productId: 'p1', productTitle: 'Boiler', online: true },
    ]),
  modelsOf: () => Promise.resolve(new Map([['p1', model]])),
  storedReportsOf: () =>
    Promise.resolve([
      {
        productId: 'p1',
        revision: 1,
        report: {
          id: 'r1',
          type: 'consumption',
          variables: [
            { key: 'gasTotal', aggregation: 'difference' },
            { key: 'energyTotal', aggregation: 'difference' },
          ],
        },
      },
    ] as unknown as Awaited<ReturnType<DatacenterSource['storedReportsOf']>>),
  storedRows: () =>
    Promise.resolve([
      { deviceId: 'd1', at: base - DAY, cells: { gasTotal: { diff: 4 }, energyTotal: { diff: 40 } } },
      { deviceId: 'd1', at: base + 3_600_000, cells: { gasTotal: { diff: 10 }, energyTotal: { diff: 120 } } },
    ] as unknown as Awaited<ReturnType<DatacenterSource['storedRows']>>),
};

describe('data centre energies', () => {
  it('keeps each energy with its unit and never adds m³ of gas to kWh of heat', async () => {
    const summary = await new DatacenterService(source).summary(owner, {
      start: base,
      end: base + DAY,
      period: 'day',
      timeZone: 'UTC',
    });
    const gas = 'consumption:燃气累计:m³';
    const heat = 'consumption:累计热量:kWh';
    expect(summary.energies).toEqual([
      { id: gas, kind: 'consumption', name: '燃气累计', unit: 'm³' },
      { id: heat, kind: 'consumption', name: '累计热量', unit: 'kWh' },
    ]);
    expect(summary.total.energies).toEqual({ [gas]: 10, [heat]: 120 });
    expect(summary.previous.energies).toEqual({ [gas]: 4, [heat]: 40 });
    expect(summary.periods[0]!.energies).toEqual({ [gas]: 10, [heat]: 120 });
    expect(summary.devices[0]!.energies).toEqual({ [gas]: 10, [heat]: 120 });
    expect(summary.products[0]!.energies).toEqual({ [gas]: 10, [heat]: 120 });
  });
});
