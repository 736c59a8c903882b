/**
 * The bar above a running trend: the time range (the chart's own live window, a preset ending now,
 * or a custom range checked before it is used), the pens drawn (at most `TREND_PENS_MAX`), and a
 * reload of the history shown. Zoom and pan are on the chart itself (wheel, drag, the slider).
 */
import { LineChartOutlined, ReloadOutlined } from '@ant-design/icons';
import { Button, Checkbox, DatePicker, Dropdown, Select, Tooltip } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@lyyp/contracts';
import type { SeriesItem } from '@lyyp/contracts/designer';
import { seriesName } from './chart-option.ts';
import {
  checkCustomRange,
  TREND_PENS_MAX,
  TREND_PRESETS,
  togglePen,
  type CustomRangeProblem,
  type TrendRange,
} from './trend-view.ts';

/** Height the bar takes from the chart. */
export const TREND_TOOLBAR_HEIGHT = 30;

const CUSTOM = 'custom';

type PresetName = Extract<TrendRange, { kind: 'preset' }>['preset'];

export interface TrendToolbarProps {
  readonly lng: Locale;
  readonly items: readonly SeriesItem[];
  readonly pens: readonly number[];
  readonly onPens: (pens: number[]) => void;
  readonly range: TrendRange;
  readonly onRange: (range: TrendRange) => void;
  readonly onRefresh: () => void;
  readonly loading: boolean;
}

export function TrendToolbar({
  lng,
  items,
  pens,
  onPens,
  range,
  onRange,
  onRefresh,
  loading,
}: TrendToolbarProps) {
  const { t } = useTranslation();
  const [custom, setCustom] = useState(range.kind === 'custom');
  const [problem, setProblem] = useState<CustomRangeProblem | null>(null);
  const selected = custom ? CUSTOM : range.kind === 'preset' ? range.preset : 'live';

  const choose = (value: string) => {
    setProblem(null);
    if (value === CUSTOM) {
      setCustom(true);
      return;
    }
    setCustom(false);
    onRange(value === 'live' ? { kind: 'live' } : { kind: 'preset', preset: value as PresetName });
  };

  const chooseCustom = (dates: [Dayjs | null, Dayjs | null] | null) => {
    const [from, to] = dates ?? [null, null];
    if (!from || !to) return;
    const found = checkCustomRange(from.valueOf(), to.valueOf(), Date.now());
    setProblem(found);
    if (!found) onRange({ kind: 'custom', start: from.valueOf(), end: to.valueOf() });
  };

  const penList = (
    <div
      className="ant-dropdown-menu"
      style={{ padding: 8, maxHeight: 240, overflow: 'auto' }}
      data-trend-pen-list
    >
      {items.map((item, index) => (
        <div key={index}>
          <Checkbox
            checked={pens.includes(index)}
            disabled={!pens.includes(index) && pens.length >= TREND_PENS_MAX}
            onChange={() => onPens(togglePen(pens, index))}
            data-trend-pen={index}
          >
            {seriesName(item, index)}
          </Checkbox>
        </div>
      ))}
      <div style={{ color: '#8c8c8c', fontSize: 12 }}>
        {t('designerStudio.trend.pensMax', { lng, max: TREND_PENS_MAX })}
      </div>
    </div>
  );

  return (
    <div
      style={{
        height: TREND_TOOLBAR_HEIGHT,
        display: 'flex',
        gap: 4,
        alignItems: 'center',
        padding: '0 4px',
      }}
      data-trend-toolbar
      onPointerDown={(event) => event.stopPropagation()}
    >
      <Select
        size="small"
        value={selected}
        style={{ minWidth: 140 }}
        popupMatchSelectWidth={false}
        onChange={choose}
        data-trend-range
        options={[
          ...TREND_PRESETS.map((preset) => ({
            value: preset,
            label: t(`designerStudio.trend.preset.${preset}`, { lng }),
          })),
          { value: CUSTOM, label: t('designerStudio.trend.preset.custom', { lng }) },
        ]}
      />
      {custom ? (
        <Tooltip
          open={problem !== null}
          title={problem ? t(`designerStudio.trend.problem.${problem}`, { lng }) : ''}
        >
          <DatePicker.RangePicker
            size="small"
            showTime
            status={problem ? 'error' : undefined}
            style={{ width: 300 }}
            disabledDate={(day) => day.isAfter(dayjs())}
            {...(range.kind === 'custom'
              ? { defaultValue: [dayjs(range.start), dayjs(range.end)] as [Dayjs, Dayjs] }
              : {})}
            onChange={chooseCustom}
            data-trend-custom
          />
        </Tooltip>
      ) : null}
      <Dropdown popupRender={() => penList} trigger={['click']}>
        <Button size="small" icon={<LineChartOutlined />} data-trend-pens>
          {t('designerStudio.trend.pens', { lng, count: pens.length, total: items.length })}
        </Button>
      </Dropdown>
      {range.kind !== 'live' ? (
        <Button
          size="small"
          icon={<ReloadOutlined />}
          loading={loading}
          onClick={onRefresh}
          aria-label={t('designerStudio.trend.reload', { lng })}
          data-trend-refresh
        />
      ) : null}
    </div>
  );
}
