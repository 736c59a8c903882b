/**
 * Editors of list properties: colour lists (dashboard bands, colour rules, chart palettes), item lists
 * (select items with their own click events, radio options, animation frames) and line points. Each
 * list edit commits the whole list, so it is one undo step.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Input, InputNumber, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CLICK_ACTIONS,
  CLICK_SCRIPT_MAX_LENGTH,
  COMPARISON_SYMBOLS,
  type ClickEvent,
  type ColourRule,
  type ComparisonSymbol,
  type Point,
  type WidgetDataOf,
} from '@lyyp/contracts/designer';
import { CHART_THEME, COLOUR_RED, createDefaultClickEvent } from '@lyyp/designer-core';
import type { PropertyEditorProps } from './BasicEditors.tsx';
import { ColourInput } from './BasicEditors.tsx';
import { BindingPicker } from './BindingPicker.tsx';
import { ImageInput } from './ImageEditor.tsx';
import { PagePicker } from './PagePicker.tsx';
import { nextItemId, toRuleValue } from './value-input.ts';
import styles from './panels.module.css';

type Threshold = WidgetDataOf<'UsualDashboard'>['dataAddon']['thresholds'][number];
type SelectItem = WidgetDataOf<'UsualSelect'>['selectDatas'][number];
type RadioOption = WidgetDataOf<'UsualRadio'>['options'][number];
type ImageFrame = WidgetDataOf<'UsualAnimation'>['dataAddon']['imageList'][number];
type TextFrame = WidgetDataOf<'UsualAnimation'>['dataAddon']['textList'][number];

const symbolOptions = COMPARISON_SYMBOLS.map((symbol) => ({ value: symbol, label: symbol }));

function replaceAt<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((entry, at) => (at === index ? item : entry));
}

function removeAt<T>(list: readonly T[], index: number): T[] {
  return list.filter((_entry, at) => at !== index);
}

/** A list with add and remove buttons around one row editor per item. */
export function ListShell<T>({
  items,
  onChange,
  createItem,
  renderItem,
  addLabel,
  canAdd = true,
}: {
  items: readonly T[];
  onChange: (items: T[]) => void;
  createItem: () => T;
  renderItem: (item: T, index: number, update: (item: T) => void) => ReactNode;
  addLabel: string;
  /** False once the list is full: the add button goes. */
  canAdd?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div>
      {items.map((item, index) => (
        <div key={index} className={styles.listItem}>
          {renderItem(item, index, (next) => onChange(replaceAt(items, index, next)))}
          <Button
            size="small"
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={() => onChange(removeAt(items, index))}
          >
            {t('designer.items.remove')}
          </Button>
        </div>
      ))}
      {canAdd ? (
        <Button size="small" icon={<PlusOutlined />} onClick={() => onChange([...items, createItem()])}>
          {addLabel}
        </Button>
      ) : null}
    </div>
  );
}

export function RuleValueInput({
  value,
  onChange,
}: {
  value: string | number;
  onChange: (value: string | number) => void;
}) {
  return (
    <Input
      size="small"
      defaultValue={String(value)}
      onBlur={(event) => {
        const next = toRuleValue(event.target.value);
        if (next !== value) onChange(next);
      }}
      style={{ width: 80 }}
    />
  );
}

export function SymbolSelect({
  value,
  onChange,
}: {
  value: ComparisonSymbol;
  onChange: (symbol: ComparisonSymbol) => void;
}) {
  return (
    <Select size="small" value={value} options={symbolOptions} onChange={onChange} style={{ width: 70 }} />
  );
}

export function ColoursEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const list = Array.isArray(value) ? (value as unknown[]) : [];
  const addLabel = t('designer.colours.add');
  if (descriptor.key.endsWith('thresholds')) {
    return (
      <ListShell<Threshold>
        items={list as Threshold[]}
        onChange={onChange}
        addLabel={addLabel}
        createItem={() => ({ value: 100, color: COLOUR_RED })}
        renderItem={(item, _index, update) => (
          <div className={styles.inline}>
            <span>{t('designer.colours.upTo')}</span>
            <InputNumber
              size="small"
              value={item.value}
              onChange={(next) => update({ ...item, value: next ?? 0 })}
              style={{ width: 80 }}
            />
            <ColourInput compact value={item.color} onChange={(color) => update({ ...item, color })} />
          </div>
        )}
      />
    );
  }
  if (descriptor.key.endsWith('colors')) {
    return (
      <ListShell<ColourRule>
        items={list as ColourRule[]}
        onChange={onChange}
        addLabel={addLabel}
        createItem={() => ({ symbol: '==', value: list.length, color: COLOUR_RED })}
        renderItem={(item, _index, update) => (
          <div className={styles.inline}>
            <SymbolSelect value={item.symbol} onChange={(symbol) => update({ ...item, symbol })} />
            <RuleValueInput value={item.value} onChange={(next) => update({ ...item, value: next })} />
            <ColourInput compact value={item.color} onChange={(color) => update({ ...item, color })} />
          </div>
        )}
      />
    );
  }
  return (
    <ListShell<string>
      items={list as string[]}
      onChange={onChange}
      addLabel={addLabel}
      createItem={() => CHART_THEME[list.length % CHART_THEME.length] ?? CHART_THEME[0]}
      renderItem={(item, _index, update) => <ColourInput value={item} onChange={update} />}
    />
  );
}

/**
 * A select item's script (run in the viewer's sandbox like a widget's, its writes confirmed with
 * the item's confirmation text when there is one).
 */
function ItemScriptEditor({ event, onChange }: { event: ClickEvent; onChange: (event: ClickEvent) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <span className={styles.hint}>{t('designerStudio.itemScript.hint')}</span>
      <Input.TextArea
        size="small"
        autoSize={{ minRows: 3, maxRows: 10 }}
        maxLength={CLICK_SCRIPT_MAX_LENGTH}
        defaultValue={event.script}
        spellCheck={false}
        className={styles.code}
        data-item-script
        onBlur={(input) => onChange({ ...event, script: input.target.value })}
      />
      <Input
        size="small"
        maxLength={200}
        defaultValue={event.hintValue}
        placeholder={t('designerStudio.itemScript.confirm')}
        onBlur={(input) => {
          const hintValue = input.target.value.trim();
          onChange({ ...event, hint: hintValue !== '', hintValue });
        }}
      />
    </>
  );
}

/** A select item's own click event, in short: action, target and value. */
function ItemEventEditor({ event, onChange }: { event: ClickEvent; onChange: (event: ClickEvent) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <Select
        size="small"
        value={event.action}
        options={CLICK_ACTIONS.map((action) => ({
          value: action,
          label: t(`designer.clickActions.${action}`),
        }))}
        onChange={(action) => onChange({ ...event, action })}
      />
      {event.action === 'write' ? (
        <>
          <BindingPicker
            value={event.binding}
            writableOnly
            onChange={(binding) => onChange({ ...event, binding })}
          />
          <div className={styles.inline}>
            <span>{t('designer.items.value')}</span>
            <RuleValueInput
              value={event.writeValue}
              onChange={(writeValue) => onChange({ ...event, writeType: 'set', writeValue })}
            />
          </div>
        </>
      ) : null}
      {event.action === 'page' || event.action === 'popup' ? (
        <PagePicker value={event.pageId} onChange={(pageId) => onChange({ ...event, pageId })} />
      ) : null}
      {event.action === 'link' ? (
        <Input
          size="small"
          defaultValue={event.link}
          onBlur={(input) => onChange({ ...event, link: input.target.value })}
        />
      ) : null}
      {event.action === 'script' ? <ItemScriptEditor event={event} onChange={onChange} /> : null}
    </>
  );
}

const ITEM_EDITORS: Readonly<
  Record<string, (props: PropertyEditorProps & { list: unknown[] }) => ReactNode>
> = {
  selectDatas: ({ list, onChange }) => (
    <ListShell<SelectItem>
      items={list as SelectItem[]}
      onChange={onChange}
      addLabel="+"
      createItem={() => ({
        indexId: nextItemId((list as SelectItem[]).map((item) => item.indexId)),
        text: `Option ${list.length + 1}`,
        event: createDefaultClickEvent(true),
      })}
      renderItem={(item, _index, update) => (
        <>
          <Input
            size="small"
            defaultValue={item.text}
            onBlur={(event) => update({ ...item, text: event.target.value })}
          />
          <ItemEventEditor event={item.event} onChange={(event) => update({ ...item, event })} />
        </>
      )}
    />
  ),
  options: ({ list, onChange }) => (
    <ListShell<RadioOption>
      items={list as RadioOption[]}
      onChange={onChange}
      addLabel="+"
      createItem={() => ({
        id: nextItemId((list as RadioOption[]).map((item) => item.id)),
        isChecked: false,
        title: `Option ${list.length + 1}`,
        value: list.length,
      })}
      renderItem={(item, _index, update) => (
        <div className={styles.inline}>
          <Input
            size="small"
            defaultValue={item.title}
            onBlur={(event) => update({ ...item, title: event.target.value })}
          />
          <RuleValueInput value={item.value} onChange={(value) => update({ ...item, value })} />
          <Checkbox
            checked={item.isChecked}
            onChange={(event) => update({ ...item, isChecked: event.target.checked })}
          />
        </div>
      )}
    />
  ),
  imageList: ({ list, onChange }) => (
    <ListShell<ImageFrame>
      items={list as ImageFrame[]}
      onChange={onChange}
      addLabel="+"
      createItem={() => ({ symbol: '==', value: list.length, url: '' })}
      renderItem={(item, _index, update) => (
        <>
          <div className={styles.inline}>
            <SymbolSelect value={item.symbol} onChange={(symbol) => update({ ...item, symbol })} />
            <RuleValueInput value={item.value} onChange={(value) => update({ ...item, value })} />
          </div>
          <ImageInput value={item.url} onChange={(url) => update({ ...item, url })} />
        </>
      )}
    />
  ),
  textList: ({ list, onChange }) => (
    <ListShell<TextFrame>
      items={list as TextFrame[]}
      onChange={onChange}
      addLabel="+"
      createItem={() => ({ symbol: '==', value: list.length, text: '' })}
      renderItem={(item, _index, update) => (
        <div className={styles.inline}>
          <SymbolSelect value={item.symbol} onChange={(symbol) => update({ ...item, symbol })} />
          <RuleValueInput value={item.value} onChange={(value) => update({ ...item, value })} />
          <Input
            size="small"
            defaultValue={item.text}
            onBlur={(event) => update({ ...item, text: event.target.value })}
          />
        </div>
      )}
    />
  ),
};

export function ItemsEditor(props: PropertyEditorProps) {
  const { t } = useTranslation();
  const name = props.descriptor.key.split('.').pop() ?? '';
  const editor = ITEM_EDITORS[name];
  if (!editor) return <span style={{ color: '#8c8c8c' }}>{t('designer.panel.notBuilt')}</span>;
  return <>{editor({ ...props, list: Array.isArray(props.value) ? (props.value as unknown[]) : [] })}</>;
}

export function PointsEditor({ value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const points = Array.isArray(value) ? (value as Point[]) : [];
  return (
    <div>
      {points.map((point, index) => (
        <div key={index} className={styles.inline} style={{ marginBottom: 4 }}>
          <span style={{ minWidth: 48 }}>{t('designer.points.point', { index: index + 1 })}</span>
          {(['x', 'y'] as const).map((axis) => (
            <InputNumber
              key={axis}
              size="small"
              prefix={axis.toUpperCase()}
              value={point[axis]}
              onChange={(next) =>
                typeof next === 'number' && onChange(replaceAt(points, index, { ...point, [axis]: next }))
              }
              style={{ width: 90 }}
            />
          ))}
        </div>
      ))}
    </div>
  );
}
