/**
 * The page the frame-time bench draws: 100 widgets of a designer page, 20 of them charts, bound to
 * 50 signals of one product (`s0` … `s49`, float input registers), on a 1920 × 1500 canvas. Built
 * with the designer's own factory, so it is a page the designer could have saved.
 */
import { demoBoilerModelInput, deviceModelSchema, type DeviceModel } from '@lyyp/contracts/device-model';
import type { DataBinding, LeafWidget, LeafWidgetType, PageFile } from '@lyyp/contracts/designer';
import {
  CHART_THEME,
  createEmptyBinding,
  createPage,
  createSequentialDeps,
  createWidget,
  toPageFile,
} from '@lyyp/designer-core';

export const BENCH_SIGNALS = 50;
const signalKey = (index: number) => `s${index % BENCH_SIGNALS}`;

/** The demo boiler's driver with 50 float signals in place of its own variables. */
export function benchDeviceModel(): DeviceModel {
  const input = demoBoilerModelInput();
  const driverKey = input.drivers?.[0]?.key ?? '';
  return deviceModelSchema.parse({
    drivers: input.drivers,
    variables: Array.from({ length: BENCH_SIGNALS }, (_, index) => ({
      driverKey,
      registerType: 'input-register',
      key: signalKey(index),
      name: `信号 ${index}`,
      address: String(index * 2),
      dataType: 'float',
      decimals: 1,
    })),
    scripts: [],
  });
}

const binding = (index: number): DataBinding => ({
  ...createEmptyBinding(),
  signalId: signalKey(index),
  title: `信号 ${index % BENCH_SIGNALS}`,
});

const series = (first: number, count: number) =>
  Array.from({ length: count }, (_, offset) => ({
    title: `信号 ${(first + offset) % BENCH_SIGNALS}`,
    subTitle: '',
    signalId: signalKey(first + offset),
    equipId: '',
    color: CHART_THEME[offset % CHART_THEME.length]!,
  }));

/** Chart types and how many series each draws: 20 charts. */
const CHARTS: ReadonlyArray<[LeafWidgetType, number, number]> = [
  ['ComplexLine', 8, 3],
  ['ComplexArea', 4, 2],
  ['ComplexBar', 4, 2],
  ['ComplexPie', 2, 3],
  ['ComplexRing', 2, 3],
];

/** The other 80 widgets: [type, count]. */
const SMALL: ReadonlyArray<[LeafWidgetType, number]> = [
  ['UsualDataText', 40],
  ['UsualDashboard', 10],
  ['UsualPercentFill', 10],
  ['ShapeRect', 10],
  ['UsualText', 10],
];

/**
 * `windowMinutes` sets every trend chart's live window (line, area and bar); left out, each keeps
 * its type's default (5 minutes for lines, 60 for areas and bars).
 */
export function benchPageFile(pageId: string, productId: string, windowMinutes?: number): PageFile {
  const deps = createSequentialDeps('bench');
  const widgets: LeafWidget[] = [];
  let signal = 0;

  let chartIndex = 0;
  for (const [type, count, seriesCount] of CHARTS) {
    for (let index = 0; index < count; index += 1, chartIndex += 1) {
      const box = {
        x: 10 + (chartIndex % 5) * 380,
        y: 10 + Math.floor(chartIndex / 5) * 240,
        width: 370,
        height: 230,
      };
      const chart = createWidget(type, box, deps) as LeafWidget & { data: { dataAddon: object } };
      const dataAddon = {
        ...chart.data.dataAddon,
        signalArray: series(signal, seriesCount),
        ...(windowMinutes !== undefined && 'timeRange' in chart.data.dataAddon
          ? { timeRange: windowMinutes }
          : {}),
      };
      widgets.push({ ...chart, data: { ...chart.data, dataAddon } } as LeafWidget);
      signal += seriesCount;
    }
  }

  let smallIndex = 0;
  for (const [type, count] of SMALL) {
    for (let index = 0; index < count; index += 1, smallIndex += 1) {
      const box = {
        x: 10 + (smallIndex % 16) * 119,
        y: 980 + Math.floor(smallIndex / 16) * 100,
        width: 110,
        height: 90,
      };
      const widget = createWidget(type, box, deps) as LeafWidget;
      if (type === 'UsualText') {
        widgets.push(widget);
        continue;
      }
      if (type === 'ShapeRect') {
        // A shape whose fill follows its signal: the commonest animation of a SCADA page.
        widgets.push({
          ...widget,
          animation: {
            ...widget.animation,
            fillColor: {
              enable: true,
              binding: binding(smallIndex),
              colors: [
                { symbol: '>', value: 50, color: '#f5222d' },
                { symbol: '<=', value: 50, color: '#52c41a' },
              ],
            },
          },
        });
        continue;
      }
      widgets.push({ ...widget, binding: binding(smallIndex) });
    }
  }

  const document = {
    ...createPage({ id: pageId, productId }),
    title: 'Frame bench',
    width: 1920,
    height: 1500,
    widgets,
    widgetCount: widgets.length,
  };
  return toPageFile(document);
}
