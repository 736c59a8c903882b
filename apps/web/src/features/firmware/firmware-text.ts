/**
 * Catalogue texts on the firmware screens: refused calls and §5 rule violations in the console's
 * language with `{field}` shown as the input's label from `firmware.fields`, and sizes as people
 * read them.
 */
import type { Check, ErrorParams, Locale, RuleViolation } from '@lyyp/contracts';
import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { requiredText } from '../auth/form-rules.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';

export function labelFirmwareField(path: string, locale: Locale): string {
  return labelFieldPath(path, locale, CONSOLE_TEXTS[locale].firmware.fields);
}

function labelled(params: ErrorParams | undefined, locale: Locale): ErrorParams | undefined {
  return typeof params?.field === 'string'
    ? { ...params, field: labelFirmwareField(params.field, locale) }
    : params;
}

export function describeFirmwareViolation(violation: RuleViolation, locale: Locale): string {
  if (violation.code === '1001' && typeof violation.params?.field === 'string') {
    return requiredText(labelFirmwareField(violation.params.field, locale), locale);
  }
  return translateCatalogue(violation.code, locale, labelled(violation.params, locale));
}

export function describeFirmwareFailure(error: unknown, locale: Locale): string {
  if (isApiError(error)) return translateCatalogue(error.code, locale, labelled(error.params, locale));
  return describeFailure(error, locale);
}

export function useDescribeFirmwareFailure(): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback((error: unknown) => describeFirmwareFailure(error, locale), [locale]);
}

/** A form rule from §5 checks, worded with the firmware labels; `required` marks the input. */
export function firmwareRule(locale: Locale, required: boolean, ...checks: Check[]): FormRule {
  return {
    required,
    validator: (_rule, value: unknown) => {
      const text = typeof value === 'string' ? value : '';
      for (const check of checks) {
        const violation = check(text);
        if (violation) return Promise.reject(new Error(describeFirmwareViolation(violation, locale)));
      }
      return Promise.resolve();
    },
  };
}

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** Bytes as people read them: `512 B`, `1.5 KB`, `200 MB`. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits).replace(/\.0$/, '')} ${UNITS[unit]}`;
}
