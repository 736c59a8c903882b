/**
 * Editors of plain property values: numbers and texts commit when the field is left or Enter is
 * pressed (so one edit is one undo step), colours when the picker settles, switches and choices at once.
 */
import { ColorPicker, Input, InputNumber, Select, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PERMISSION_TREE, type PermissionNode } from '@lyyp/contracts';
import { COLOUR_PICKER_HISTORY } from '@lyyp/contracts/designer';
import type { Widget } from '@lyyp/contracts/designer';
import type { PropertyDescriptor } from '@lyyp/designer-core';
import { useDesignerLocale } from '../use-designer-locale.ts';
import { toRuleValue } from './value-input.ts';

export interface PropertyEditorProps {
  readonly descriptor: PropertyDescriptor;
  readonly value: unknown;
  readonly onChange: (value: unknown) => void;
  /** The widget edited, for editors whose choices depend on another of its properties. */
  readonly widget?: Widget;
}

export function NumberEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const [draft, setDraft] = useState<number | null>(typeof value === 'number' ? value : null);
  const commit = () => {
    if (draft === null) {
      // Nullable numbers (decimals) clear; others go back to their value.
      if (value === null) return;
      setDraft(typeof value === 'number' ? value : null);
      if (descriptor.key.endsWith('decimals')) onChange(null);
      return;
    }
    if (draft !== value) onChange(draft);
  };
  return (
    <InputNumber
      size="small"
      style={{ width: '100%' }}
      value={draft}
      min={descriptor.min}
      max={descriptor.max}
      step={descriptor.step ?? 1}
      onChange={(next) => setDraft(typeof next === 'number' ? next : null)}
      onBlur={commit}
      onPressEnter={commit}
      data-property={descriptor.key}
    />
  );
}

export function TextEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const initial = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  const [draft, setDraft] = useState(initial);
  // Rule and write values keep numbers as numbers.
  const commit = () => {
    if (draft === initial) return;
    const ruleValue = typeof value === 'number' || /(Value|\.value|judgVal)$/.test(descriptor.key);
    onChange(ruleValue ? toRuleValue(draft) : draft);
  };
  return (
    <Input
      size="small"
      value={draft}
      maxLength={descriptor.maxLength}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={commit}
      onPressEnter={commit}
      data-property={descriptor.key}
    />
  );
}

export function TextAreaEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const initial = typeof value === 'string' ? value : '';
  const [draft, setDraft] = useState(initial);
  return (
    <Input.TextArea
      size="small"
      autoSize={{ minRows: 2, maxRows: 8 }}
      value={draft}
      maxLength={descriptor.maxLength}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => draft !== initial && onChange(draft)}
      data-property={descriptor.key}
    />
  );
}

/** Colours picked recently, shared by every picker of the session (§9: 20 kept). */
const recentColours: string[] = [];

function rememberColour(colour: string) {
  const index = recentColours.indexOf(colour);
  if (index >= 0) recentColours.splice(index, 1);
  recentColours.unshift(colour);
  recentColours.splice(COLOUR_PICKER_HISTORY);
}

export function ColourInput({
  value,
  onChange,
  compact = false,
}: {
  value: string;
  onChange: (colour: string) => void;
  /** Just the swatch, for rows that hold other fields too. */
  compact?: boolean;
}) {
  return (
    <ColorPicker
      size="small"
      showText={!compact}
      value={value}
      presets={recentColours.length > 0 ? [{ label: '', colors: [...recentColours] }] : []}
      onChangeComplete={(colour) => {
        const next = colour.toCssString();
        if (next === value) return;
        rememberColour(next);
        onChange(next);
      }}
    />
  );
}

export function ColourEditor({ value, onChange }: PropertyEditorProps) {
  return <ColourInput value={typeof value === 'string' ? value : '#000000'} onChange={onChange} />;
}

export function BooleanEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  return (
    <Switch
      size="small"
      checked={value === true}
      onChange={(checked) => onChange(checked)}
      data-property={descriptor.key}
    />
  );
}

export function SelectEditor({ descriptor, value, onChange }: PropertyEditorProps) {
  const { label } = useDesignerLocale();
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      {...(descriptor.multiple ? { mode: 'multiple' as const } : {})}
      value={value as string | number}
      options={(descriptor.options ?? []).map((option) => ({
        value: option.value,
        label: label(option.label),
      }))}
      onChange={(next) => onChange(next)}
      data-property={descriptor.key}
    />
  );
}

/** Permission codes of the monitoring site, where pages run, labelled "menu / action". */
function listViewerPermissions(
  nodes: readonly PermissionNode[],
  parent = '',
): { code: string; zh: string; en: string }[] {
  return nodes.flatMap((node) => {
    const zh = parent ? `${parent.split('|')[0]} / ${node.zh}` : node.zh;
    const en = parent ? `${parent.split('|')[1]} / ${node.en}` : node.en;
    return [{ code: node.code, zh, en }, ...listViewerPermissions(node.children ?? [], `${zh}|${en}`)];
  });
}

const VIEWER_PERMISSIONS = listViewerPermissions(PERMISSION_TREE.filter((node) => node.code === 'monitor'));

export function PermissionsEditor({ value, onChange }: PropertyEditorProps) {
  const { t } = useTranslation();
  const { label } = useDesignerLocale();
  return (
    <Select
      size="small"
      mode="multiple"
      style={{ width: '100%' }}
      placeholder={t('designer.permissions.placeholder')}
      value={Array.isArray(value) ? (value as string[]) : []}
      options={VIEWER_PERMISSIONS.map((permission) => ({ value: permission.code, label: label(permission) }))}
      onChange={(next: string[]) => onChange(next)}
    />
  );
}
