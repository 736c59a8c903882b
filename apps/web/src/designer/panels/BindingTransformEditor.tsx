/**
 * The transform of a binding (docs/widgets.md "Binding transforms"): an expression of `x` (the raw
 * value) through the formula package, or scale and offset, then decimals and unit. Opened from the
 * ƒx button beside every binding picker; the value rules compare is the transformed one.
 */
import { FunctionOutlined } from '@ant-design/icons';
import { App, Button, Input, InputNumber, Popover, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  BINDING_EXPRESSION_MAX_LENGTH,
  type BindingTransform,
  type DataBinding,
} from '@lyyp/contracts/designer';
import { checkTransformMaps, settleMapValues } from './transform-maps.ts';
import { TransformMapEditor } from './TransformMapEditor.tsx';
import styles from './panels.module.css';

/** The transform without its empty fields; undefined when nothing is set. */
export function cleanTransform(transform: BindingTransform): BindingTransform | undefined {
  const entries = Object.entries(transform).filter(
    ([, value]) =>
      value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0),
  );
  return entries.length === 0 ? undefined : Object.fromEntries(entries);
}

export function BindingTransformButton({
  value,
  onChange,
}: {
  value: DataBinding;
  onChange: (binding: DataBinding) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<BindingTransform>(value.transform ?? {});
  const set = (patch: BindingTransform) => setDraft((current) => ({ ...current, ...patch }));
  const apply = (open: boolean) => {
    if (open) {
      setDraft(value.transform ?? {});
      return;
    }
    // Maps with problems are not taken: the binding keeps what it had.
    if (checkTransformMaps(draft).length > 0) {
      void message.warning(t('designerStudio.transform.maps.notApplied'));
      return;
    }
    const transform = cleanTransform(settleMapValues(draft));
    const { transform: _old, ...rest } = value;
    onChange(transform ? { ...rest, transform } : rest);
  };
  const content = (
    <div className={styles.transform} data-binding-transform>
      <label>
        {t('designerStudio.transform.expression')}
        <Input
          size="small"
          placeholder="x * 0.1"
          maxLength={BINDING_EXPRESSION_MAX_LENGTH}
          value={draft.expression ?? ''}
          onChange={(event) => set({ expression: event.target.value })}
        />
      </label>
      <div className={styles.inline}>
        <label>
          {t('designerStudio.transform.scale')}
          <InputNumber
            size="small"
            value={draft.scale ?? null}
            onChange={(scale) => set({ scale: scale ?? undefined })}
          />
        </label>
        <label>
          {t('designerStudio.transform.offset')}
          <InputNumber
            size="small"
            value={draft.offset ?? null}
            onChange={(offset) => set({ offset: offset ?? undefined })}
          />
        </label>
      </div>
      <div className={styles.inline}>
        <label>
          {t('designerStudio.transform.decimals')}
          <InputNumber
            size="small"
            min={0}
            max={10}
            precision={0}
            value={draft.decimals ?? null}
            onChange={(decimals) => set({ decimals: decimals ?? undefined })}
          />
        </label>
        <label>
          {t('designerStudio.transform.unit')}
          <Input
            size="small"
            maxLength={20}
            value={draft.unit ?? ''}
            onChange={(event) => set({ unit: event.target.value })}
          />
        </label>
      </div>
      <TransformMapEditor map="textMap" transform={draft} onChange={set} />
      <TransformMapEditor map="colorMap" transform={draft} onChange={set} />
      <span className={styles.hint}>{t('designerStudio.transform.hint')}</span>
    </div>
  );
  const active = value.transform !== undefined;
  return (
    <Popover
      trigger="click"
      content={content}
      title={t('designerStudio.transform.title')}
      onOpenChange={apply}
    >
      <Tooltip title={t('designerStudio.transform.title')}>
        <Button
          size="small"
          type={active ? 'primary' : 'text'}
          ghost={active}
          icon={<FunctionOutlined />}
          aria-label={t('designerStudio.transform.title')}
          data-transform-button
        />
      </Tooltip>
    </Popover>
  );
}
