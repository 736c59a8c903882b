/**
 * Catalogue texts on the data screens: errors and rule violations in the console's language, with
 * the `{field}` placeholder shown as the input's label on these screens (`monitor.fields`), for
 * fields the shell's own labels do not name. Dotted paths (`variable.stateMapping.2.value`) are
 * looked up without their indices, then by their last part.
 */
import type { ErrorParams, Locale, RuleViolation } from '@lyyp/contracts';
import { DeviceCommandError } from '@lyyp/contracts/commands';
import { useCallback } from 'react';
import { isApiError } from '../../../api/index.ts';
import { useLocaleStore } from '../../../app/i18n.ts';
import { describeError, translateCatalogue } from '../../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../../locales/index.ts';
import { GatewayUnavailableError } from '../write-dialog-state.ts';

/**
 * The label of a field path on these screens, or the path itself. Other screens pass their own
 * label table (the alarm screens: `alarm.fields`).
 */
export function labelFieldPath(
  path: string,
  locale: Locale,
  labels: Readonly<Record<string, string>> = CONSOLE_TEXTS[locale].monitor.fields,
): string {
  const parts = path.split('.').filter((part) => !/^\d+$/.test(part));
  for (let start = 0; start < parts.length; start += 1) {
    const label = labels[parts.slice(start).join('.')];
    if (label) return label;
  }
  return path;
}

function labelled(params: ErrorParams | undefined, locale: Locale): ErrorParams | undefined {
  return typeof params?.field === 'string'
    ? { ...params, field: labelFieldPath(params.field, locale) }
    : params;
}

export function describeViolation(violation: RuleViolation, locale: Locale): string {
  return translateCatalogue(violation.code, locale, labelled(violation.params, locale));
}

/** The text for anything a call, a command or a check threw. */
export function describeFailure(error: unknown, locale: Locale): string {
  if (error instanceof DeviceCommandError) return error.describe(locale);
  if (error instanceof GatewayUnavailableError) return translateCatalogue(error.code, locale);
  if (isApiError(error)) return translateCatalogue(error.code, locale, labelled(error.params, locale));
  return describeError(error, locale);
}

/** `describeFailure` in the current language. */
export function useDescribeFailure(): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback((error: unknown) => describeFailure(error, locale), [locale]);
}
