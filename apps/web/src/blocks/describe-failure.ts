/**
 * A refused call in the console's language with `{field}` named by a screen's own labels (the
 * account centre's, the staff device screens'), for screens whose inputs the data screens' labels
 * do not name.
 */
import type { Locale } from '@lyyp/contracts';
import { useCallback } from 'react';
import { isApiError } from '../api/index.ts';
import { useLocaleStore } from '../app/i18n.ts';
import { translateCatalogue } from '../app/messages.ts';
import { describeFailure, labelFieldPath } from '../features/monitor/common/catalogue-text.ts';

export function useDescribeFailureWith(
  labelsOf: (locale: Locale) => Readonly<Record<string, string>>,
): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return describeFailure(error, locale);
      const field = error.params?.field;
      const params =
        typeof field === 'string'
          ? { ...error.params, field: labelFieldPath(field, locale, labelsOf(locale)) }
          : error.params;
      return translateCatalogue(error.code, locale, params);
    },
    [locale, labelsOf],
  );
}
