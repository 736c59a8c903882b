import { describe, expect, it } from 'vitest';
import { checkQueryRange } from '@lyyp/contracts';
import { REPORT_RANGE_DAYS } from '@lyyp/contracts/report';
import dayjs from 'dayjs';
import { trendSeriesItems } from './chart-option.ts';
import { reportChartRange, reportGranularityFor, reportRowsToPoints } from './report-samples.ts';

const NOW = dayjs('2026-03-15T10:20:30').valueOf();
const item = (signalId: string) => ({ title: signalId, subTitle: '', signalId, equipId: '', color: '' });

describe('trend charts in report mode', () => {
  it('draw hours up to three days, days up to a year, months beyond', () => {
    expect(reportGranularityFor(60)).toBe('hour');
    expect(reportGranularityFor(3 * 24 * 60)).toBe('hour');
    expect(reportGranularityFor(3 * 24 * 60 + 1)).toBe('day');
    expect(reportGranularityFor(366 * 24 * 60)).toBe('day');
    expect(reportGranularityFor(2 * 366 * 24 * 60)).toBe('month');
  });

  it('read whole days or months ending with the current one, within what the platform answers', () => {
    const day = reportChartRange(24 * 60, 'hour', NOW);
    expect(dayjs(day.start).format('YYYY-MM-DD HH:mm')).toBe('2026-03-14 00:00');
    expect(dayjs(day.end).format('YYYY-MM-DD HH:mm')).toBe('2026-03-16 00:00');
    const year = reportChartRange(365 * 24 * 60, 'day', NOW);
    expect(checkQueryRange(year, REPORT_RANGE_DAYS.day)).toBeNull();
    const long = reportChartRange(10 * 366 * 24 * 60, 'month', NOW);
    expect(checkQueryRange(long, REPORT_RANGE_DAYS.month)).toBeNull();
  });

  it('draw each report signal’s values oldest first, a missing value as a gap', () => {
    const rows = [
      { at: 2000, values: { gas: 30, water: null } },
      { at: 1000, values: { gas: 27.5, water: 66 } },
    ];
    expect(reportRowsToPoints([item('gas'), item('water'), item('gone')], rows)).toEqual([
      [
        [1000, 27.5],
        [2000, 30],
      ],
      [
        [1000, 66],
        [2000, null],
      ],
      [
        [1000, null],
        [2000, null],
      ],
    ]);
  });

  it('draw the report’s signal list, not the live one', () => {
    const data = {
      type: 'report' as const,
      mode: 'adapt' as const,
      minVal: null,
      maxVal: null,
      timeRange: 60,
      timeFormat: 'HH:mm',
      signalArray: [item('live')],
      reportId: 'r',
      reportSignalArray: [item('gas')],
      theme: [],
    };
    expect(trendSeriesItems(data).map((entry) => entry.signalId)).toEqual(['gas']);
  });
});
