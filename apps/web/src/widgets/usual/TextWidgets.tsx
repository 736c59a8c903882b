/** Text-like widgets: static text, a bound value, a button and a clock. */
import { getWidgetDefinition } from '@lyyp/designer-core';
import dayjs from 'dayjs';
import { boxCss } from '../style-css.ts';
import type { WidgetRendererProps } from '../render-context.ts';
import { useTicker } from '../use-ticker.ts';
import { formatDataValue } from '../value-format.ts';
import styles from '../widgets.module.css';

export function TextWidget({ widget, visual }: WidgetRendererProps<'UsualText'>) {
  return <div style={boxCss(widget.style, visual)}>{widget.data.text}</div>;
}

export function DataTextWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualDataText'>) {
  const signal = runtime.describe(widget.binding);
  const unit = widget.data.unit || signal?.unit || '';
  const text =
    runtime.mode === 'design'
      ? `${widget.binding.title ? `{${widget.binding.title}}` : '--'}${unit ? ` ${unit}` : ''}`
      : formatDataValue(runtime.read(widget.binding), {
          unit,
          // Decimal places chosen on the widget are exact; otherwise the variable's own rule holds.
          ...(widget.data.decimals === null
            ? { decimals: signal?.decimals ?? null, dataType: signal?.dataType }
            : { decimals: widget.data.decimals }),
          stateMapping: signal?.stateMapping ?? [],
        });
  return (
    <div style={boxCss(widget.style, visual)} data-value-text>
      {text}
    </div>
  );
}

const BUTTON = getWidgetDefinition('UsualButton');
const DEFAULT_BUTTON_TEXT = BUTTON.createData().text;

/** A button still reading the new button's default text says "按钮" / "Button" in the viewer's language. */
export function buttonText(
  text: string,
  locale: WidgetRendererProps<'UsualButton'>['runtime']['locale'],
): string {
  return text === DEFAULT_BUTTON_TEXT ? BUTTON.label[locale === 'en-US' ? 'en' : 'zh'] : text;
}

export function ButtonWidget({ widget, visual, runtime }: WidgetRendererProps<'UsualButton'>) {
  return (
    <div className={styles.button} style={boxCss(widget.style, visual)} role="button">
      {buttonText(widget.data.text, runtime.locale)}
    </div>
  );
}

export function TimerWidget({ widget, visual }: WidgetRendererProps<'UsualTimer'>) {
  useTicker(1000);
  return <div style={boxCss(widget.style, visual)}>{dayjs().format(widget.data.format)}</div>;
}
