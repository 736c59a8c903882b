/**
 * Controls that write to the device: a drop-down whose items fire their own click events, an input,
 * radio options and a time picker. Native elements, so they behave inside a zoomed page; in the
 * editor they are inert.
 */
import { useState, type KeyboardEvent } from 'react';
import { compareValues } from '@lyyp/designer-core';
import type { WidgetRendererProps } from '../render-context.ts';
import { boxCss, fontCss } from '../style-css.ts';
import styles from '../widgets.module.css';
import { formatTimeValue, pickerKindOf, toPickerInput, toTimeValue } from './time-value.ts';

/** Controls that write to the device do nothing in the editor, nor for a viewer who may not write. */
const inert = (runtime: WidgetRendererProps<'UsualInput'>['runtime']) =>
  runtime.mode === 'design' || runtime.mayWrite === false;

export function SelectWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualSelect'>) {
  const [chosen, setChosen] = useState('');
  const handleChange = (indexId: string) => {
    setChosen(indexId);
    const item = widget.data.selectDatas.find((entry) => entry.indexId === indexId);
    if (item) runtime.fireEvent(widget, item.event, 'press');
  };
  return (
    <select
      className={styles.control}
      style={boxCss(widget.style, visual)}
      value={chosen}
      disabled={runtime.mode === 'design'}
      onChange={(event) => handleChange(event.target.value)}
    >
      <option value="" disabled>
        {widget.data.selectDatas[0]?.text ?? ''}
      </option>
      {widget.data.selectDatas.map((item) => (
        <option key={item.indexId} value={item.indexId}>
          {item.text}
        </option>
      ))}
    </select>
  );
}

export function InputWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualInput'>) {
  const [draft, setDraft] = useState<string | null>(null);
  const live = runtime.read(widget.binding);
  const shown = draft ?? (live === undefined || live === null ? '' : String(live));
  const submit = () => {
    if (draft === null || draft.trim() === '') return;
    const value = widget.data.inputType === 'number' ? Number(draft) : draft;
    if (typeof value === 'number' && !Number.isFinite(value)) return;
    runtime.writeValue(widget, widget.binding, value);
    setDraft(null);
  };
  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') submit();
    if (event.key === 'Escape') setDraft(null);
  };
  return (
    <input
      className={styles.control}
      style={boxCss(widget.style, visual)}
      type={widget.data.inputType === 'number' ? 'number' : 'text'}
      placeholder={widget.data.placeholder}
      value={shown}
      readOnly={inert(runtime)}
      onChange={(event) => setDraft(event.target.value)}
      onKeyDown={handleKeyDown}
      onBlur={() => setDraft(null)}
    />
  );
}

export function RadioWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualRadio'>) {
  const live = runtime.mode === 'run' ? runtime.read(widget.binding) : undefined;
  const known = live !== undefined && live !== null;
  const align = boxCss(widget.style, visual);
  return (
    <div
      className={styles.radioGroup}
      role="radiogroup"
      style={{
        ...fontCss(widget.style, visual),
        justifyContent: align.justifyContent,
        alignItems: align.alignItems,
      }}
    >
      {widget.data.options.map((option) => {
        const checked = known ? compareValues(live, '==', option.value) : option.isChecked;
        return (
          <label key={option.id} className={styles.radioOption}>
            <input
              type="radio"
              name={widget.id}
              checked={checked}
              disabled={inert(runtime)}
              onChange={() => runtime.writeValue(widget, widget.binding, option.value)}
            />
            {option.title}
          </label>
        );
      })}
    </div>
  );
}

/** A sample moment the editor shows in the widget's format (nothing is bound there). */
const DESIGN_SAMPLE = 1_767_254_400; // 1 January 2026, 08:00 UTC

export function TimeSelectorWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualTimeSelector'>) {
  const { format } = widget.data;
  const kind = pickerKindOf(format);
  const live = runtime.mode === 'run' ? runtime.read(widget.binding) : DESIGN_SAMPLE;
  const shown = formatTimeValue(format, live);
  const handleChange = (next: string) => {
    const value = toTimeValue(kind, next);
    if (value !== null) runtime.writeValue(widget, widget.binding, value);
  };
  // The bound value in the widget's format; the browser's own picker lies over it, unseen, to
  // choose a new one.
  return (
    <div className={styles.timeSelector} style={boxCss(widget.style, visual)} data-time-value={shown}>
      <span className={styles.timeText}>{shown || format}</span>
      <input
        className={styles.timePicker}
        type={kind}
        step={format.includes('ss') ? 1 : 60}
        value={toPickerInput(format, live)}
        readOnly={inert(runtime)}
        aria-label={shown || format}
        onChange={(event) => handleChange(event.target.value)}
      />
    </div>
  );
}
