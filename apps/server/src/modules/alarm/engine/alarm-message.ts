/**
 * The text of a raised alarm: the rule's message (or the default one of the reader's language)
 * with its placeholders filled from the raising sample, formatted the way the variable is shown
 * (decimals, state texts).
 */
import { LOCALES, type Locale } from '@lyyp/contracts';
import {
  ALARM_RECORD_TYPE_NAMES,
  DEFAULT_RELEASE_MESSAGES,
  type AlarmRecordTexts,
  alarmMessageTemplate,
  conditionOperands,
  formatAlarmValue,
  renderAlarmMessage,
  type AlarmRule,
  type DeviceStatusAlarmType,
  type ValueFormat,
} from '@lyyp/contracts/alarm';
import type { SampleValue } from './rule-condition.ts';

export interface MessageVariable extends ValueFormat {
  readonly name: string;
  readonly unit?: string | undefined;
}

export interface VariableAlarmMessageInput {
  readonly rule: Pick<AlarmRule, 'name' | 'message' | 'condition'>;
  readonly variable: MessageVariable;
  readonly deviceName: string;
  readonly value: SampleValue;
  /** Values of the comparand variables at the sample (for `{limit}`). */
  readonly references?: Readonly<Record<string, SampleValue | undefined>>;
  readonly locale: Locale;
}

/** `{limit}`: the constant or comparand value; a range as `low ~ high`; a bit alarm as `bit n = v`. */
function limitText(input: VariableAlarmMessageInput): string {
  const condition = input.rule.condition;
  if (condition.operator === 'bit') return `bit ${condition.bit} = ${condition.expected}`;
  const texts = conditionOperands(condition).map(([, operand]) =>
    operand.kind === 'value'
      ? formatAlarmValue(operand.value, { decimals: input.variable.decimals })
      : formatAlarmValue(input.references?.[operand.key] ?? null, { decimals: input.variable.decimals }),
  );
  return texts.join(' ~ ');
}

export function variableAlarmMessage(input: VariableAlarmMessageInput): string {
  const template = alarmMessageTemplate(input.rule.message, 'variable', input.locale);
  return renderAlarmMessage(template, {
    value: formatAlarmValue(input.value, input.variable),
    unit: input.variable.unit ?? '',
    variable: input.variable.name,
    limit: limitText(input),
    device: input.deviceName,
    rule: input.rule.name,
  });
}

export function deviceStatusAlarmMessage(
  type: DeviceStatusAlarmType,
  own: string,
  deviceName: string,
  locale: Locale,
): string {
  return renderAlarmMessage(alarmMessageTemplate(own, type, locale), { device: deviceName });
}

/** A variable alarm's name and message in every language (the rule's name is as typed). */
export function variableAlarmTexts(input: Omit<VariableAlarmMessageInput, 'locale'>): AlarmRecordTexts {
  const texts = {} as AlarmRecordTexts;
  for (const locale of LOCALES) {
    texts[locale] = { name: input.rule.name, message: variableAlarmMessage({ ...input, locale }) };
  }
  return texts;
}

/**
 * A variable alarm's release notice in every language: the value it released at (the platform's
 * words, whatever text the rule has; `--` when the release had no value, a deleted rule).
 */
export function variableReleaseTexts(
  input: Omit<VariableAlarmMessageInput, 'locale' | 'references'>,
): Record<Locale, string> {
  const texts = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    texts[locale] = renderAlarmMessage(DEFAULT_RELEASE_MESSAGES.variable[locale === 'en-US' ? 'en' : 'zh'], {
      value: formatAlarmValue(input.value, input.variable),
      unit: input.value === null ? '' : (input.variable.unit ?? ''),
      variable: input.variable.name,
      device: input.deviceName,
      rule: input.rule.name,
    });
  }
  return texts;
}

/** An offline or power-off alarm's name and message in every language. */
export function deviceStatusAlarmTexts(
  type: DeviceStatusAlarmType,
  own: string,
  deviceName: string,
): AlarmRecordTexts {
  const texts = {} as AlarmRecordTexts;
  for (const locale of LOCALES) {
    texts[locale] = {
      name: ALARM_RECORD_TYPE_NAMES[type][locale === 'en-US' ? 'en' : 'zh'],
      message: deviceStatusAlarmMessage(type, own, deviceName, locale),
    };
  }
  return texts;
}
