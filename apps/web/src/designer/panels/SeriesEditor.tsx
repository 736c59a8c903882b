/**
 * The signal list of a chart (§3 `signalArray` / `reportSignalArray`): each row picks a device
 * signal or intermediate variable of the product, with the legend title and the line's colour.
 * The title follows the picked signal; a new row takes the palette's next colour.
 */
import { Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SeriesItem } from '@lyyp/contracts/designer';
import { CHART_THEME, createSeriesItem } from '@lyyp/designer-core';
import { ColourInput, type PropertyEditorProps } from './BasicEditors.tsx';
import { useDesignerData } from './designer-data.ts';
import { ListShell } from './ListEditors.tsx';
import styles from './panels.module.css';

/** The saved-page schema's limit on a chart's signal list; the X-Y line's descriptor says 2. */
const SERIES_LIMIT = 100;

export function SeriesEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const { bindingOptions } = useDesignerData();
  const items = Array.isArray(value) ? (value as SeriesItem[]) : [];
  const choices = bindingOptions
    .filter((option) => option.source !== 'system')
    .map((option) => ({
      value: option.key,
      label: `${option.title} · ${option.key}`,
      search: `${option.title} ${option.key}`.toLowerCase(),
    }));
  const limit = descriptor.max ?? SERIES_LIMIT;
  return (
    <div data-series-editor={descriptor.key}>
      <ListShell<SeriesItem>
        items={items}
        onChange={(next) => onChange(next.slice(0, limit))}
        addLabel={t('designer.series.add')}
        canAdd={items.length < limit}
        createItem={() => createSeriesItem(CHART_THEME[items.length % CHART_THEME.length])}
        renderItem={(item, index, update) => (
          <div className={styles.seriesRow} data-series-row={index}>
            <Select
              size="small"
              showSearch={{
                filterOption: (input, option) =>
                  option ? option.search.includes(input.toLowerCase()) : false,
              }}
              style={{ width: '100%' }}
              placeholder={t('designer.binding.placeholder')}
              value={item.signalId || undefined}
              options={choices}
              onChange={(key: string) => {
                const option = bindingOptions.find(
                  (candidate) => candidate.key === key && candidate.source !== 'system',
                );
                update({
                  ...item,
                  signalId: key,
                  title: option?.title ?? key,
                  subTitle: option?.subTitle ?? '',
                });
              }}
              data-series-signal={index}
            />
            <div className={styles.inline}>
              <Input
                size="small"
                style={{ flex: 1, minWidth: 0 }}
                placeholder={t('designer.series.title')}
                defaultValue={item.title}
                onBlur={(event) => {
                  if (event.target.value !== item.title) update({ ...item, title: event.target.value });
                }}
              />
              <ColourInput compact value={item.color} onChange={(color) => update({ ...item, color })} />
            </div>
          </div>
        )}
      />
    </div>
  );
}
