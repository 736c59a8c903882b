/**
 * Catalogue texts on the staff device screens: a refused call in the console's language with
 * `{field}` shown as the input's label from `equipmentAdmin.fields`.
 */
import type { Locale } from '@lyyp/contracts';
import { SIM_CARD_STATUSES } from '@lyyp/contracts/alarm';
import type { EquipmentSimState } from '@lyyp/contracts/equipment-admin';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { useDescribeFailureWith } from '../../blocks/index.ts';

const equipmentLabels = (locale: Locale) => CONSOLE_TEXTS[locale].equipmentAdmin.fields;

export function useDescribeEquipmentFailure(): (error: unknown) => string {
  return useDescribeFailureWith(equipmentLabels);
}

/** A SIM state's name: the contract's card statuses, and "no card known" from the screen's texts. */
export function simStateName(state: EquipmentSimState, locale: Locale): string {
  if (state === 'none') return CONSOLE_TEXTS[locale].equipmentAdmin.noSim;
  return locale === 'en-US' ? SIM_CARD_STATUSES[state].en : SIM_CARD_STATUSES[state].zh;
}
