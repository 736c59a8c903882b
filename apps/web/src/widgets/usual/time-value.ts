/**
 * The time picker's values (pure): what it writes (Unix seconds for formats with a date, seconds
 * since midnight for time-only formats, so a numeric variable can hold it), and how a bound value
 * reads back in the widget's own format (dayjs tokens: `YYYY-MM-DD HH:mm`, `HH:mm` …).
 */
import dayjs from 'dayjs';
import type { LiveValue } from '@lyyp/designer-core';

export type PickerKind = 'datetime-local' | 'date' | 'time';

export function pickerKindOf(format: string): PickerKind {
  const hasDate = /[YMD]/.test(format);
  const hasTime = /[Hhms]/.test(format);
  if (hasDate && hasTime) return 'datetime-local';
  return hasDate ? 'date' : 'time';
}

export function toTimeValue(kind: PickerKind, input: string): number | null {
  if (!input) return null;
  if (kind === 'time') {
    const [hours = '0', minutes = '0', seconds = '0'] = input.split(':');
    return Number(hours) * 3600 + Number(minutes) * 60 + Number(seconds);
  }
  const parsed = dayjs(input);
  return parsed.isValid() ? Math.floor(parsed.valueOf() / 1000) : null;
}

/** The moment a bound value stands for, or null when it is not a time this picker wrote. */
function momentOf(kind: PickerKind, value: LiveValue): dayjs.Dayjs | null {
  const seconds = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(seconds) || typeof value === 'boolean') return null;
  if (kind === 'time') {
    if (seconds < 0 || seconds >= 86_400) return null;
    return dayjs().startOf('day').add(Math.floor(seconds), 'second');
  }
  return dayjs(seconds * 1000);
}

/** The bound value in the widget's format; empty when there is none or it is not a time. */
export function formatTimeValue(format: string, value: LiveValue): string {
  const moment = momentOf(pickerKindOf(format), value);
  return moment ? moment.format(format) : '';
}

/** The bound value as the native picker's `value` (`YYYY-MM-DDTHH:mm:ss`, `YYYY-MM-DD`, `HH:mm:ss`). */
export function toPickerInput(format: string, value: LiveValue): string {
  const kind = pickerKindOf(format);
  const moment = momentOf(kind, value);
  if (!moment) return '';
  const withSeconds = format.includes('ss');
  const time = withSeconds ? 'HH:mm:ss' : 'HH:mm';
  if (kind === 'date') return moment.format('YYYY-MM-DD');
  if (kind === 'time') return moment.format(time);
  return moment.format(`YYYY-MM-DD[T]${time}`);
}
