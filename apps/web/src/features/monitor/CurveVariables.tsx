/**
 * The variables a curve tab draws: the numeric ones may be chosen (up to 10), the first three are
 * drawn before the person chooses. Shared by the history and real-time curves.
 */
import { DATA_TYPE_DEFINITIONS } from '@lyyp/contracts/device-model';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeviceTabProps } from './device-tab-props.ts';
import { HISTORY_CURVE_MAX_VARIABLES } from './history-curve.ts';

/** Variables drawn before the person chooses. */
const DEFAULT_CURVES = 3;

type Variables = DeviceTabProps['variables'];

export interface CurveChoice {
  plottable: Variables;
  keys: string[];
  /** The keys joined by new lines: a stable value for effects and memos. */
  keyList: string;
  choose: (keys: string[]) => void;
}

export function useCurveChoice(variables: Variables): CurveChoice {
  const plottable = useMemo(
    () =>
      variables.filter(
        (variable) => !variable.definition || DATA_TYPE_DEFINITIONS[variable.definition.dataType].numeric,
      ),
    [variables],
  );
  const [chosen, setChosen] = useState<string[] | null>(null);
  const keys = chosen ?? plottable.slice(0, DEFAULT_CURVES).map((variable) => variable.key);
  return { plottable, keys, keyList: keys.join('\n'), choose: setChosen };
}

export function CurveVariableSelect({
  choice,
  maxWidth,
  testId,
}: {
  choice: CurveChoice;
  maxWidth: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Select
      data-testid={testId}
      mode="multiple"
      style={{ minWidth: 320, maxWidth }}
      placeholder={t('monitor.history.variables')}
      value={choice.keys}
      maxCount={HISTORY_CURVE_MAX_VARIABLES}
      onChange={(value: string[]) => choice.choose(value)}
      options={choice.plottable.map((variable) => ({ value: variable.key, label: variable.name }))}
    />
  );
}
