/** History curve: up to 10 variables over the range holding their latest points, panned and zoomed freely. */
import { Empty, Space } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceTabProps } from './device-tab-props.ts';
import { describeCurveLines, type CurveLine } from './curve-axes.ts';
import { CurveVariableSelect, useCurveChoice } from './CurveVariables.tsx';
import { HistoryCurvePlot } from './HistoryCurvePlot.tsx';

export default function HistoryCurveTab({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const choice = useCurveChoice(variables);
  const { keyList } = choice;
  const lines = useMemo<CurveLine[]>(
    () => describeCurveLines(keyList.split('\n').filter(Boolean), variables),
    [keyList, variables],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <CurveVariableSelect choice={choice} maxWidth={720} testId="curve-variables" />
      {lines.length === 0 ? (
        <Empty description={t('monitor.curve.choose')} />
      ) : (
        <HistoryCurvePlot key={`${device.id}\n${keyList}`} deviceId={device.id} lines={lines} />
      )}
    </Space>
  );
}
