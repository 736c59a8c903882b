/**
 * The value → text and value → colour maps of a binding transform: rows of comparison, value and
 * text (or colour), added and removed one by one; the first row that holds wins at run time.
 * Problems (a repeated value, a blank text, a missing value, too many rows) show under the map.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Input, Select } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { COMPARISON_SYMBOLS, type BindingTransform, type ComparisonSymbol } from '@lyyp/contracts/designer';
import { ColourInput } from './BasicEditors.tsx';
import { checkTransformMaps, mayAddRow, type MapKind, type MapProblem } from './transform-maps.ts';
import styles from './panels.module.css';

const SYMBOL_OPTIONS = COMPARISON_SYMBOLS.map((symbol) => ({ value: symbol, label: symbol }));

interface Row {
  readonly symbol: ComparisonSymbol;
  readonly value: string | number;
  readonly text?: string;
  readonly color?: string;
}

function problemText(problem: MapProblem, t: TFunction) {
  switch (problem.kind) {
    case 'too-many':
      return t('designerStudio.transform.maps.tooMany', { max: problem.max });
    case 'duplicate':
      return t('designerStudio.transform.maps.duplicate', { row: problem.row + 1 });
    case 'no-value':
      return t('designerStudio.transform.maps.noValue', { row: problem.row + 1 });
    case 'blank-text':
      return t('designerStudio.transform.maps.blankText', { row: problem.row + 1 });
  }
}

export function TransformMapEditor({
  map,
  transform,
  onChange,
}: {
  map: MapKind;
  transform: BindingTransform;
  onChange: (patch: BindingTransform) => void;
}) {
  const { t } = useTranslation();
  const rows: readonly Row[] = transform[map] ?? [];
  const problems = checkTransformMaps(transform).filter((problem) =>
    problem.kind === 'blank-text' ? map === 'textMap' : problem.map === map,
  );
  const write = (next: readonly Row[]) => onChange({ [map]: next });
  const change = (index: number, patch: Partial<Row>) =>
    write(rows.map((row, at) => (at === index ? { ...row, ...patch } : row)));
  const add = () =>
    write([
      ...rows,
      map === 'textMap'
        ? { symbol: '==', value: rows.length, text: '' }
        : { symbol: '==', value: rows.length, color: '#52c41a' },
    ]);

  return (
    <div className={styles.mapEditor} data-transform-map={map}>
      <span>{t(`designerStudio.transform.maps.${map}`)}</span>
      {rows.map((row, index) => (
        <div key={index} className={styles.mapRow} data-map-row={index}>
          <Select
            size="small"
            className={styles.mapSymbol}
            value={row.symbol}
            options={SYMBOL_OPTIONS}
            onChange={(symbol: ComparisonSymbol) => change(index, { symbol })}
          />
          <Input
            size="small"
            className={styles.mapValue}
            placeholder={t('designerStudio.transform.maps.value')}
            value={String(row.value)}
            onChange={(event) => change(index, { value: event.target.value })}
            data-map-value
          />
          {map === 'textMap' ? (
            <Input
              size="small"
              maxLength={200}
              placeholder={t('designerStudio.transform.maps.text')}
              value={row.text ?? ''}
              onChange={(event) => change(index, { text: event.target.value })}
              data-map-text
            />
          ) : (
            <ColourInput
              compact
              value={row.color ?? '#000000'}
              onChange={(color) => change(index, { color })}
            />
          )}
          <Button
            size="small"
            type="text"
            icon={<DeleteOutlined />}
            aria-label={t('designerStudio.transform.maps.remove')}
            onClick={() => write(rows.filter((_, at) => at !== index))}
            data-map-remove
          />
        </div>
      ))}
      <Button
        size="small"
        type="dashed"
        icon={<PlusOutlined />}
        disabled={!mayAddRow(transform, map)}
        onClick={add}
        data-map-add={map}
      >
        {t('designerStudio.transform.maps.add')}
      </Button>
      {problems.map((problem, index) => (
        <span key={index} className={styles.mapProblem} role="alert">
          {problemText(problem, t)}
        </span>
      ))}
    </div>
  );
}
