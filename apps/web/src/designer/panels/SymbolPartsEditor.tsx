/**
 * A library symbol's parts in the property panel: one row per part rule (its colour by state, its
 * level with the range that fills it, its rotor, its indicator), each bound to a variable here.
 * The whole list is one property (`data.parts`), so each change is one undo step.
 */
import { InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataBinding, SymbolPartRules, WidgetOf } from '@lyyp/contracts/designer';
import { getIndustrialSymbol } from '@lyyp/designer-core';
import { useDesignerStore } from '../designer-context.ts';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { BindingPicker } from './BindingPicker.tsx';
import styles from './panels.module.css';

const RULES = ['fillColor', 'level', 'rotate', 'visiable'] as const;
type RuleKind = (typeof RULES)[number];

export function SymbolPartsEditor({ widget }: { widget: WidgetOf<'ShapeSymbol'> }) {
  const { t } = useTranslation();
  const { label } = useDesignerLocale();
  const store = useDesignerStore();
  const symbol = getIndustrialSymbol(widget.data.symbolId);
  const parts = widget.data.parts;

  const update = (index: number, next: SymbolPartRules) => {
    const value = parts.map((rules, at) => (at === index ? next : rules));
    store.getState().run({ name: 'set-property', id: widget.id, key: 'data.parts', value });
  };
  const bind = (index: number, kind: RuleKind, binding: DataBinding) => {
    const rules = parts[index];
    const rule = rules?.[kind];
    if (rules && rule) update(index, { ...rules, [kind]: { ...rule, binding } });
  };

  return (
    <div className={styles.symbolParts} data-symbol-parts>
      {parts.map((rules, index) => {
        const spec = symbol?.parts.find((part) => part.name === rules.part);
        return (
          <div key={rules.part} className={styles.symbolPart} data-symbol-part={rules.part}>
            <div className={styles.paletteGroup}>{spec ? label(spec.label) : rules.part}</div>
            {RULES.filter((kind) => rules[kind] !== undefined).map((kind) => (
              <div key={kind} className={styles.propertyRow}>
                <span className={styles.propertyLabel}>{t(`designerStudio.parts.${kind}`)}</span>
                <BindingPicker
                  value={rules[kind]?.binding as DataBinding}
                  onChange={(binding) => bind(index, kind, binding)}
                  testId={`parts.${rules.part}.${kind}`}
                />
              </div>
            ))}
            {rules.level ? (
              <div className={styles.propertyRow}>
                <span className={styles.propertyLabel}>{t('designerStudio.parts.range')}</span>
                <span className={styles.inline}>
                  <InputNumber
                    size="small"
                    value={rules.level.min}
                    onChange={(min) => {
                      if (typeof min === 'number' && rules.level)
                        update(index, { ...rules, level: { ...rules.level, min } });
                    }}
                  />
                  <InputNumber
                    size="small"
                    value={rules.level.max}
                    onChange={(max) => {
                      if (typeof max === 'number' && rules.level)
                        update(index, { ...rules, level: { ...rules.level, max } });
                    }}
                  />
                </span>
              </div>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
