/**
 * Catalogue texts on the staff device screens: a refused call in the console's language with
 * `{field}` shown as the input's label from `equipmentAdmin.fields`.
 */
import type { Locale } from '@lyyp/contracts';
import { SIM_CARD_STATUSES } from '@lyyp/contracts/alarm';
import type { EquipmentSimState } from '@lyyp/contracts/equipment-admin';
import { useCallback } from 'react';
import { isApiError } from '../../api/index.ts';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';

export function useDescribeEquipmentFailure(): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback(
    (error: unknown) => {
      if (!isApiError(error)) return describeFailure(error, locale);
      const field = error.params?.field;
      const params =
        typeof field === 'string'
          ? {
              ...error.params,
              field: labelFieldPath(field, locale, CONSOLE_TEXTS[locale].equipmentAdmin.fields),
            }
          : error.params;
      return translateCatalogue(error.code, locale, params);
    },
    [locale],
  );
}

/** A SIM state's name: the contract's card statuses, and "no card known" from the screen's texts. */
export function simStateName(state: EquipmentSimState, locale: Locale): string {
  if (state === 'none') return CONSOLE_TEXTS[locale].equipmentAdmin.noSim;
  return locale === 'en-US' ? SIM_CARD_STATUSES[state].en : SIM_CARD_STATUSES[state].zh;
}
