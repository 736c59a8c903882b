/** History curve: up to 10 variables over the range holding their latest points, panned and zoomed freely. */
import { DATA_TYPE_DEFINITIONS } from '@lyyp/contracts/device-model';
import { Empty, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceTabProps } from './device-tab-props.ts';
import { HISTORY_CURVE_MAX_VARIABLES } from './history-curve.ts';
import { describeCurveLines, type CurveLine } from './curve-axes.ts';
import { HistoryCurvePlot } from './HistoryCurvePlot.tsx';

const DEFAULT_CURVES = 3;

export default function HistoryCurveTab({ device, variables }: DeviceTabProps) {
  const { t } = useTranslation();
  const plottable = useMemo(
    () =>
      variables.filter(
        (variable) => !variable.definition || DATA_TYPE_DEFINITIONS[variable.definition.dataType].numeric,
      ),
    [variables],
  );
  const [chosen, setChosen] = useState<string[] | null>(null);
  const keys = chosen ?? plottable.slice(0, DEFAULT_CURVES).map((variable) => variable.key);
  const keyList = keys.join('\n');
  const lines = useMemo<CurveLine[]>(
    () => describeCurveLines(keyList.split('\n').filter(Boolean), variables),
    [keyList, variables],
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Select
        data-testid="curve-variables"
        mode="multiple"
        style={{ minWidth: 320, maxWidth: 720 }}
        placeholder={t('monitor.history.variables')}
        value={keys}
        maxCount={HISTORY_CURVE_MAX_VARIABLES}
        onChange={(value: string[]) => setChosen(value)}
        options={plottable.map((variable) => ({ value: variable.key, label: variable.name }))}
      />
      {lines.length === 0 ? (
        <Empty description={t('monitor.curve.choose')} />
      ) : (
        <HistoryCurvePlot key={`${device.id}\n${keyList}`} deviceId={device.id} lines={lines} />
      )}
    </Space>
  );
}
