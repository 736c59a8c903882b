/**
 * The console's one way to show a duration, a yes/no and a plain reading outside the signal
 * formatter: "10 秒" / "10 s", "1 小时 30 分钟" / "1 h 30 min" (never "0.1666 min"); booleans as
 * 是/否 (Yes/No); numbers by the value formatter (their decimals, never 16 of them).
 */
import type { Locale } from '@lyyp/contracts';
import { formatBareValue, type ShownValue } from '../features/monitor/value-format.ts';
import { CONSOLE_TEXTS } from '../locales/index.ts';

const UNITS = [
  ['days', 86_400],
  ['hours', 3_600],
  ['minutes', 60],
  ['seconds', 1],
] as const;

/** A duration in its two largest units (a whole count of each), from seconds. */
export function formatDuration(seconds: number, locale: Locale): string {
  const texts = CONSOLE_TEXTS[locale].units;
  const whole = Math.max(0, Math.round(seconds));
  const parts: string[] = [];
  let rest = whole;
  for (const [unit, size] of UNITS) {
    const count = Math.floor(rest / size);
    rest -= count * size;
    if (count > 0 && parts.length < 2) parts.push(texts[unit].replace('{{count}}', String(count)));
    else if (parts.length > 0) break;
  }
  return parts.length > 0 ? parts.join(' ') : texts.seconds.replace('{{count}}', '0');
}

/**
 * A reading as a person reads it: yes/no for a boolean, otherwise by the console's value formatter
 * (a number with `decimals` places, or as held: at most six, no float noise), a dash when missing.
 */
export function formatReading(value: unknown, locale: Locale, decimals: number | null = null): string {
  if (typeof value === 'boolean') return CONSOLE_TEXTS[locale].units[value ? 'yes' : 'no'];
  if (value !== null && typeof value === 'object') return JSON.stringify(value);
  return formatBareValue({ decimals, unit: '', stateMapping: [] }, value as ShownValue);
}
