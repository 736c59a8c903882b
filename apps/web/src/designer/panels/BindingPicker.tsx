/**
 * Picks what a widget, an event or an animation rule reads or writes (§3 data binding): a device
 * signal of the product, an intermediate variable, or a system value. Searchable by name and key;
 * a bound value may carry a transform (the ƒx button beside it).
 */
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataBinding } from '@lyyp/contracts/designer';
import { createEmptyBinding } from '@lyyp/designer-core';
import { bindingOptionValue, toBinding, type BindingSource } from '../../widgets/signal-catalogue.ts';
import { BindingTransformButton } from './BindingTransformEditor.tsx';
import { useDesignerData } from './designer-data.ts';
import styles from './panels.module.css';

const GROUPS: readonly { source: BindingSource; label: string }[] = [
  { source: 'signal', label: 'designer.binding.signals' },
  { source: 'mvar', label: 'designer.binding.mvars' },
  { source: 'system', label: 'designer.binding.system' },
];

export interface BindingPickerProps {
  readonly value: DataBinding;
  readonly onChange: (binding: DataBinding) => void;
  /** Only signals that can be written (click events). */
  readonly writableOnly?: boolean;
  readonly testId?: string;
}

export function BindingPicker({ value, onChange, writableOnly = false, testId }: BindingPickerProps) {
  const { t } = useTranslation();
  const { bindingOptions } = useDesignerData();
  const current = bindingOptionValue(value);
  const known = bindingOptions.some((option) => option.value === current);
  const options = GROUPS.map((group) => ({
    label: t(group.label),
    options: bindingOptions
      .filter((option) => option.source === group.source && (!writableOnly || option.writable))
      .map((option) => ({
        value: option.value,
        label: (
          <span>
            {option.title}
            {option.source !== 'system' ? <span style={{ color: '#8c8c8c' }}> · {option.key}</span> : null}
            {!option.writable && option.source !== 'system' ? (
              <Tag style={{ marginLeft: 6 }}>{t('designer.binding.readOnly')}</Tag>
            ) : null}
          </span>
        ),
        search: `${option.title} ${option.key}`.toLowerCase(),
      })),
  })).filter((group) => group.options.length > 0);

  return (
    <span className={styles.bindingRow}>
      <Select
        size="small"
        style={{ flex: 1, minWidth: 0 }}
        showSearch={{
          filterOption: (input, option) =>
            option && 'search' in option ? String(option.search).includes(input.toLowerCase()) : false,
        }}
        allowClear
        placeholder={t('designer.binding.placeholder')}
        value={current || undefined}
        labelRender={() =>
          known
            ? (bindingOptions.find((option) => option.value === current)?.title ?? current)
            : t('designer.binding.missing', { title: value.title || current })
        }
        options={options}
        onChange={(next: string | undefined) => {
          const option = bindingOptions.find((candidate) => candidate.value === next);
          // Another variable keeps the transform; clearing the binding drops it.
          const transform = option && value.transform ? { transform: value.transform } : {};
          onChange(
            option ? { ...toBinding(option, value.type), ...transform } : createEmptyBinding(value.type),
          );
        }}
        data-binding-picker={testId}
        popupMatchSelectWidth={280}
      />
      {current ? <BindingTransformButton value={value} onChange={onChange} /> : null}
    </span>
  );
}
