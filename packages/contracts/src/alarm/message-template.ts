/**
 * Alarm message texts with placeholders (`锅炉温度过高：{value}{unit}`). The rule engine renders
 * them when an alarm is raised, the console previews them while a rule is edited; both use this.
 * A placeholder is a name in braces from the list below; any other `{name}` is refused when the
 * rule is saved (2107), so a typo never reaches a person's phone.
 */
import { DEFAULT_LOCALE, type Locale } from '../locale.ts';

export const ALARM_MESSAGE_PLACEHOLDERS = {
  value: { zh: '当前值', en: 'value' },
  unit: { zh: '单位', en: 'unit' },
  variable: { zh: '变量名称', en: 'variable name' },
  limit: { zh: '报警限值', en: 'alarm limit' },
  device: { zh: '设备名称', en: 'device name' },
  rule: { zh: '报警名称', en: 'alarm name' },
} as const;
export type AlarmMessagePlaceholder = keyof typeof ALARM_MESSAGE_PLACEHOLDERS;

const PLACEHOLDER = /\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** The placeholder names a text uses that are not in the list, in order, without repeats. */
export function unknownPlaceholders(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(PLACEHOLDER)) {
    const name = match[1] ?? '';
    if (!Object.hasOwn(ALARM_MESSAGE_PLACEHOLDERS, name)) unknown.add(name);
  }
  return [...unknown];
}

/** Used when a rule has no text of its own, and for offline and power-off alarms. */
export const DEFAULT_ALARM_MESSAGES = {
  variable: {
    zh: '{device} {rule}：{variable} 当前值 {value}{unit}',
    en: '{device} {rule}: {variable} is {value}{unit}',
  },
  offline: { zh: '{device} 网关离线', en: '{device}: the gateway is offline' },
  'power-off': { zh: '{device} 网关断电', en: '{device}: the gateway lost power' },
} as const;

/**
 * The text of a release notice: the value the alarm released at, never the one it raised at. A
 * rule's own text describes the alarm, so a release always says it in the platform's words.
 */
export const DEFAULT_RELEASE_MESSAGES = {
  variable: {
    zh: '{device} {rule} 已解除：{variable} 当前值 {value}{unit}',
    en: '{device} {rule} released: {variable} is {value}{unit}',
  },
} as const;

export interface ValueFormat {
  /** Decimal places of the variable (§3); numbers are shown with exactly this many. */
  readonly decimals?: number | undefined;
  /** The variable's state mapping: a value with an entry is shown as its text. */
  readonly stateMapping?: readonly { readonly value: number; readonly text: string }[] | undefined;
}

/** A value as people read it: state text, or the number with the variable's decimals; `--` for none. */
export function formatAlarmValue(
  value: number | string | boolean | null | undefined,
  format: ValueFormat = {},
): string {
  if (value === null || value === undefined) return '--';
  if (typeof value === 'string') return value;
  const number = typeof value === 'boolean' ? Number(value) : value;
  const state = format.stateMapping?.find((entry) => entry.value === number);
  if (state) return state.text;
  if (!Number.isFinite(number)) return '--';
  const decimals = format.decimals;
  return decimals === undefined ? String(number) : number.toFixed(decimals);
}

export type AlarmMessageValues = Readonly<Partial<Record<AlarmMessagePlaceholder, string>>>;

/**
 * Fills the placeholders. A known placeholder without a value becomes empty; an unknown one stays
 * as written (saved texts never hold one).
 */
export function renderAlarmMessage(template: string, values: AlarmMessageValues): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(ALARM_MESSAGE_PLACEHOLDERS, name) ? (values[name as AlarmMessagePlaceholder] ?? '') : whole,
  );
}

/** The rule's own text, or the default one of its type in the reader's language. */
export function alarmMessageTemplate(
  own: string,
  type: keyof typeof DEFAULT_ALARM_MESSAGES,
  locale: Locale,
): string {
  if (own.trim()) return own;
  return DEFAULT_ALARM_MESSAGES[type][locale === 'en-US' ? 'en' : 'zh'];
}

/** Words around an alarm notification (SMS, app message, WeChat, call), per language. */
export const ALARM_NOTICE_WORDS = {
  alarm: { 'zh-CN': { title: '【报警】', suffix: '' }, 'en-US': { title: '[Alarm] ', suffix: '' } },
  release: {
    'zh-CN': { title: '【报警解除】', suffix: '（已解除）' },
    'en-US': { title: '[Alarm released] ', suffix: ' (released)' },
  },
} as const satisfies Record<'alarm' | 'release', Record<Locale, { title: string; suffix: string }>>;

/**
 * The title and text a person is sent about a record, in their language. A release says its own
 * text (with the release value) when the record has one; otherwise the raise text marked released.
 */
export function alarmNoticeText(
  kind: 'alarm' | 'release',
  deviceName: string,
  record: { readonly name: string; readonly message: string; readonly release?: string | undefined },
  locale: Locale,
): { title: string; text: string } {
  const words = ALARM_NOTICE_WORDS[kind][locale];
  const title = `${words.title}${deviceName} ${record.name}`;
  if (kind === 'release' && record.release !== undefined) return { title, text: record.release };
  return { title, text: `${record.message}${words.suffix}` };
}

/** Han characters: a text containing one is written in Chinese. */
const HAN = /[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/;

/**
 * The language of a notice: the recipient's choice; without one, the language the record's text is
 * written in — a rule's own text is the same in every language, so it decides (Chinese when it has
 * Han characters, else English) — and the platform's default for the default texts. Every word of
 * one notice is in that one language.
 */
export function noticeLocale(
  chosen: Locale | null | undefined,
  texts: Readonly<Record<Locale, { readonly message: string }>>,
): Locale {
  if (chosen) return chosen;
  const messages = Object.values(texts).map((text) => text.message);
  const typed = messages.every((message) => message === messages[0]);
  if (typed && messages[0] !== undefined) return HAN.test(messages[0]) ? 'zh-CN' : 'en-US';
  return DEFAULT_LOCALE;
}
