import '../../app/i18n.ts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { createSequentialDeps, createWidget, setAtPath } from '@lyyp/designer-core';
import dayjs from 'dayjs';
import { createDesignRuntime } from '../render-context.ts';
import { WidgetView } from '../WidgetView.tsx';
import { alarmDevicesOf, concernsWidget, previewAlarmRecords, shownAlarmColumns } from './alarm-widget.ts';
import {
  checkHistoryRange,
  defaultHistoryRange,
  formatRowTime,
  historyIntervalOf,
  lastShownMoment,
  previewHistoryRows,
  rangeOfPickedPeriod,
  rawKeysOf,
  tableBodyHeight,
} from './history-table.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const NOW = dayjs('2026-03-15T10:20:30').valueOf();

const historyWidget = () =>
  createWidget('ComplexHistory', { x: 0, y: 0, width: 560, height: 320 }, createSequentialDeps());
const alarmWidget = () =>
  createWidget('ComplexAlarm', { x: 0, y: 0, width: 560, height: 300 }, createSequentialDeps());
const series = (signalId: string, title: string) => ({
  title,
  subTitle: '',
  signalId,
  equipId: '',
  color: '',
});

describe('history report table', () => {
  it('opens new widgets on raw samples; older pages read raw without a report and hourly with one', () => {
    expect(historyIntervalOf(historyWidget().data.dataAddon)).toBe('raw');
    expect(historyIntervalOf({ reportId: '' })).toBe('raw');
    expect(historyIntervalOf({ reportId: 'report-1' })).toBe('hour');
    expect(historyIntervalOf({ reportId: 'report-1', interval: 'month' })).toBe('month');
  });

  it('reads raw samples over the time range ending now, at most the 30 days the platform answers', () => {
    const addon = historyWidget().data.dataAddon;
    expect(defaultHistoryRange({ ...addon, timeRange: 90, timeUnit: 'minute' }, NOW)).toEqual({
      start: NOW - 90 * 60_000,
      end: NOW,
    });
    // 720 hours is exactly the 30 days allowed; 60 days is cut to 30.
    expect(defaultHistoryRange(addon, NOW)).toEqual({ start: NOW - 30 * DAY, end: NOW });
    expect(defaultHistoryRange({ ...addon, timeRange: 60, timeUnit: 'day' }, NOW)).toEqual({
      start: NOW - 30 * DAY,
      end: NOW,
    });
  });

  it('reads report rows over whole days or months that fit the report limits', () => {
    const addon = { ...historyWidget().data.dataAddon, reportId: 'report-1' };
    const hourly = defaultHistoryRange({ ...addon, interval: 'hour', timeRange: 6, timeUnit: 'hour' }, NOW);
    expect(hourly).toEqual({
      start: dayjs(NOW).startOf('day').valueOf(),
      end: dayjs(NOW).endOf('day').valueOf() + 1,
    });
    const month = defaultHistoryRange({ ...addon, interval: 'hour', timeRange: 720, timeUnit: 'hour' }, NOW);
    expect(checkHistoryRange(month, 'hour')).toBeNull();
    expect(dayjs(month.start).format('YYYY-MM-DD HH:mm')).toBe('2026-02-14 00:00');
    const yearly = defaultHistoryRange({ ...addon, interval: 'month', timeRange: 365, timeUnit: 'day' }, NOW);
    expect(dayjs(yearly.start).format('YYYY-MM-DD')).toBe('2025-03-01');
    expect(dayjs(yearly.end).format('YYYY-MM-DD')).toBe('2026-04-01');
  });

  it('reads a picked period as picked for raw rows and as whole days or months for report rows', () => {
    const first = dayjs('2026-03-01T08:30:00').valueOf();
    const last = dayjs('2026-03-10T17:45:00').valueOf();
    expect(rangeOfPickedPeriod(first, last, 'raw')).toEqual({ start: first, end: last });
    const days = rangeOfPickedPeriod(first, last, 'day');
    expect(dayjs(days.start).format('YYYY-MM-DD HH:mm')).toBe('2026-03-01 00:00');
    expect(dayjs(days.end).format('YYYY-MM-DD HH:mm')).toBe('2026-03-11 00:00');
    expect(dayjs(lastShownMoment(days, 'day')).format('YYYY-MM-DD')).toBe('2026-03-10');
    const months = rangeOfPickedPeriod(first, last, 'month');
    expect(dayjs(months.end).format('YYYY-MM-DD')).toBe('2026-04-01');
    expect(lastShownMoment({ start: first, end: last }, 'raw')).toBe(last);
  });

  it('refuses picked periods the platform would refuse, with its codes', () => {
    expect(checkHistoryRange({ start: NOW, end: NOW - 1 }, 'raw')).toEqual({ code: '1804' });
    expect(checkHistoryRange({ start: NOW - 31 * DAY, end: NOW }, 'raw')).toEqual({
      code: '1805',
      params: { days: 30 },
    });
    expect(checkHistoryRange({ start: NOW - 200 * DAY, end: NOW }, 'day')).toBeNull();
  });

  it('asks for each listed variable once', () => {
    expect(
      rawKeysOf({
        signalArray: [series('a', 'A'), series('', ''), series('a', 'A again'), series('b', 'B')],
      }),
    ).toEqual(['a', 'b']);
    expect(rawKeysOf({})).toEqual([]);
  });

  it('previews five rows newest first a unit apart, and writes times to the unit', () => {
    const rows = previewHistoryRows([{ key: 'a', title: 'A' }], 'hour', NOW);
    expect(rows).toHaveLength(5);
    expect(rows[0]!.at - rows[1]!.at).toBe(HOUR);
    expect(typeof rows[0]!.values.a).toBe('number');
    expect(formatRowTime(NOW, 'hour')).toBe('2026-03-15 10:00');
    expect(formatRowTime(NOW, 'month')).toBe('2026-03');
    expect(formatRowTime(NOW, 'raw')).toBe('2026-03-15 10:20:30');
  });

  it('keeps the header and the pager inside the widget and lets the rows scroll', () => {
    expect(tableBodyHeight(320, true)).toBe(176);
    expect(tableBodyHeight(320, false)).toBe(224);
    expect(tableBodyHeight(100, true)).toBe(60);
  });

  it('draws its chosen variables over sample rows in the designer', () => {
    const widget = setAtPath(historyWidget(), 'data.dataAddon.signalArray', [
      series('waterTemperature', 'Water temperature'),
    ]);
    const markup = renderToStaticMarkup(
      <WidgetView widget={widget} runtime={createDesignRuntime('en-US')} />,
    );
    expect(markup).toContain('data-history-interval="raw"');
    expect(markup).toContain('Water temperature');
    expect(markup.match(/ant-table-row /g)).toHaveLength(5);
    const empty = renderToStaticMarkup(
      <WidgetView widget={historyWidget()} runtime={createDesignRuntime('en-US')} />,
    );
    expect(empty).toContain('请在属性中选择变量');
  });
});

describe('alarm records widget', () => {
  it('shows its listed devices, else the page’s device', () => {
    const addon = alarmWidget().data.dataAddon;
    expect(alarmDevicesOf(addon, 'page-device')).toEqual([{ id: 'page-device', title: '' }]);
    expect(alarmDevicesOf(addon, undefined)).toEqual([]);
    const listed = {
      equips: [
        { equipmentId: 'a', title: 'Boiler A' },
        { equipmentId: 'a', title: 'Boiler A' },
        { equipmentId: 'b', title: 'Boiler B' },
      ],
    };
    expect(alarmDevicesOf(listed, 'page-device').map((device) => device.id)).toEqual(['a', 'b']);
  });

  it('keeps the §3 column order whatever order they were chosen in', () => {
    expect(shownAlarmColumns({ columns: ['opration', 'msg', 'equipTitle'] })).toEqual([
      'equipTitle',
      'msg',
      'opration',
    ]);
    expect(shownAlarmColumns(alarmWidget().data.dataAddon)).toHaveLength(7);
  });

  it('reads again only for events of the device it shows', () => {
    expect(concernsWidget('a', 'a')).toBe(true);
    expect(concernsWidget('b', 'a')).toBe(false);
    expect(concernsWidget('a', null)).toBe(false);
  });

  it('previews an active and a cleared record in the designer', () => {
    const records = previewAlarmRecords(NOW, { name: 'High', message: 'Too hot', device: 'Boiler' });
    expect(records.map((record) => record.state)).toEqual(['active-unacknowledged', 'cleared-acknowledged']);
    const markup = renderToStaticMarkup(
      <WidgetView widget={alarmWidget()} runtime={createDesignRuntime('zh-CN')} />,
    );
    expect(markup).toContain('出水温度过高');
    expect(markup).toContain('报警中，未确认');
    expect(markup).toContain('已解除，已确认');
  });
});
