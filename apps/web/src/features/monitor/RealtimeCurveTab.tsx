/**
 * Real-time curve: the chosen variables (up to 10) drawn as they arrive over the live channel,
 * the last ten minutes, in an ECharts line chart.
 */
import type { LiveValueItem } from '@lyyp/contracts/live';
import { Empty, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import type { EChartsCoreOption } from 'echarts/core';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { historyApi, type CurveAnswer } from '../../api/history.api.ts';
import { liveClient } from '../../api/live.ts';
import { EChart } from './common/EChart.tsx';
import { TIME_FORMAT } from './common/format-time.ts';
import { VISIBLE_AXES, assignUnitAxes, describeCurveLines } from './curve-axes.ts';
import { CurveVariableSelect, useCurveChoice } from './CurveVariables.tsx';
import type { DeviceTabProps } from './device-tab-props.ts';
import { REALTIME_WINDOW_MS, appendRealtime, type RealtimeSeries } from './realtime-series.ts';

/** History points as live items, to start the window with what happened before the tab opened. */
function toLiveItems(answer: CurveAnswer): LiveValueItem[] {
  return answer.series.flatMap((series) =>
    series.mode === 'raw'
      ? series.points.map(([ts, value]) => ({ key: series.key, ts, receivedAt: ts, value, error: null }))
      : series.buckets.map(([ts, , max]) => ({
          key: series.key,
          ts,
          receivedAt: ts,
          value: max,
          error: null,
        })),
  );
}

/** The value ECharts hands a tooltip formatter: the number, or the [time, value] pair. */
function plottedValue(value: unknown): number | null {
  const last: unknown = Array.isArray(value) ? value.at(-1) : value;
  return typeof last === 'number' ? last : null;
}

export default function RealtimeCurveTab({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const choice = useCurveChoice(variables);
  const { keys, keyList } = choice;
  const [series, setSeries] = useState<RealtimeSeries>({});

  useEffect(() => {
    const wanted = new Set(keyList.split('\n').filter(Boolean));
    if (wanted.size === 0) return;
    const controller = new AbortController();
    // The window starts filled from history, then grows with what the live channel brings.
    const end = Date.now();
    historyApi
      .queryCurve(
        { equipmentId: device.id, keys: [...wanted], start: end - REALTIME_WINDOW_MS, end, width: 600 },
        controller.signal,
      )
      .then((answer) => setSeries((current) => appendRealtime(current, toLiveItems(answer), wanted)))
      .catch(() => undefined);
    const stop = liveClient.subscribe(device.id, (message) => {
      if (message.type === 'snapshot' || message.type === 'values')
        setSeries((current) => appendRealtime(current, message.values, wanted));
    });
    return () => {
      controller.abort();
      stop();
    };
  }, [device.id, keyList]);

  const option = useMemo<EChartsCoreOption>(() => {
    const names = new Map(variables.map((variable) => [variable.key, variable]));
    const lines = describeCurveLines(keyList.split('\n').filter(Boolean), variables);
    const { units, axisOf } = assignUnitAxes(lines);
    return {
      animation: false,
      grid: { left: 56, right: 24, top: 40, bottom: 40 },
      legend: { top: 0 },
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'time', axisLabel: { hideOverlap: true } },
      yAxis: units.map((unit, index) => ({
        type: 'value',
        scale: true,
        name: unit,
        show: index < VISIBLE_AXES,
        position: index === 0 ? 'left' : 'right',
        splitLine: { show: index === 0 },
      })),
      series: lines.map(({ key, label, colour, format }) => {
        const variable = names.get(key);
        return {
          id: key,
          name: label,
          color: colour,
          tooltip: { valueFormatter: (value: unknown) => format(plottedValue(value)) },
          type: 'line',
          showSymbol: false,
          yAxisIndex: axisOf[key] ?? 0,
          step: variable?.definition?.dataType === 'boolean' ? 'end' : undefined,
          data: series[key] ?? [],
        };
      }),
    };
  }, [keyList, series, variables]);

  const newest = Math.max(0, ...keys.flatMap((key) => (series[key] ?? []).map(([ts]) => ts)));
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap>
        <CurveVariableSelect choice={choice} maxWidth={640} />
        <Typography.Text type="secondary">
          {newest
            ? t('monitor.curve.latest', { time: dayjs(newest).format(TIME_FORMAT) })
            : t('monitor.curve.waiting')}
        </Typography.Text>
      </Space>
      {keys.length === 0 ? (
        <Empty description={t('monitor.curve.choose')} />
      ) : (
        <EChart option={option} height={420} testId="realtime-chart" />
      )}
    </Space>
  );
}
