/**
 * Catalogue texts on the alarm, message and SIM screens: a refused call or a schema issue in the
 * console's language, with `{field}` shown as the input's label from `alarm.fields`, and the
 * registry names of conditions, channels, states and types in the console's language.
 */
import { CATALOGUE_ISSUE_PREFIX, type ErrorParams, type Locale } from '@lyyp/contracts';
import {
  ALARM_CHANNEL_DEFINITIONS,
  ALARM_CONDITION_DEFINITIONS,
  ALARM_RECORD_TYPE_NAMES,
  ALARM_RELEASE_REASONS,
  ALARM_STATES,
  MESSAGE_TYPE_DEFINITIONS,
  SIM_CARD_STATUSES,
  type AlarmChannel,
  type AlarmOperator,
  type AlarmRecordType,
  type AlarmReleaseReason,
  type AlarmState,
  type MessageType,
  type SimCardStatus,
} from '@lyyp/contracts/alarm';
import { useCallback } from 'react';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';

type Named = { readonly zh: string; readonly en: string };
const pick = (name: Named, locale: Locale) => (locale === 'en-US' ? name.en : name.zh);

export const channelName = (code: AlarmChannel, locale: Locale) =>
  pick(ALARM_CHANNEL_DEFINITIONS[code].name, locale);
export const conditionName = (operator: AlarmOperator, locale: Locale) =>
  pick(ALARM_CONDITION_DEFINITIONS[operator].name, locale);
export const stateName = (state: AlarmState, locale: Locale) => pick(ALARM_STATES[state], locale);
export const recordTypeName = (type: AlarmRecordType, locale: Locale) =>
  pick(ALARM_RECORD_TYPE_NAMES[type], locale);
export const releaseReasonName = (reason: AlarmReleaseReason, locale: Locale) =>
  pick(ALARM_RELEASE_REASONS[reason], locale);
export const messageTypeName = (type: MessageType, locale: Locale) =>
  pick(MESSAGE_TYPE_DEFINITIONS[type].name, locale);
export const simStatusName = (status: SimCardStatus, locale: Locale) =>
  pick(SIM_CARD_STATUSES[status], locale);

/** The label of a field path (`rule.condition.limit.value`) on these screens, or the path itself. */
export function labelAlarmField(path: string, locale: Locale): string {
  return labelFieldPath(path, locale, CONSOLE_TEXTS[locale].alarm.fields);
}

function labelled(params: ErrorParams | undefined, locale: Locale): ErrorParams | undefined {
  return typeof params?.field === 'string'
    ? { ...params, field: labelAlarmField(params.field, locale) }
    : params;
}

export function describeAlarmFailure(error: unknown, locale: Locale): string {
  if (isApiError(error)) return translateCatalogue(error.code, locale, labelled(error.params, locale));
  return describeFailure(error, locale);
}

/** A contract schema issue message (`catalogue:2104`) with its params, in words. */
export function describeIssue(message: string, params: ErrorParams, locale: Locale): string {
  const code = message.startsWith(CATALOGUE_ISSUE_PREFIX)
    ? message.slice(CATALOGUE_ISSUE_PREFIX.length)
    : '1002';
  return translateCatalogue(code, locale, labelled(params, locale));
}

export function useDescribeAlarmFailure(): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback((error: unknown) => describeAlarmFailure(error, locale), [locale]);
}
