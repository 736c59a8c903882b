/**
 * A list with a capacity (alarm rules, reports of a product): the used/total beside the title and
 * the add button, which is off, and says why, once the list is full or before it has loaded. The
 * words are the texts `<texts>.capacity` ("已用 {{used}}/{{total}}"), `<texts>.add` and
 * `<texts>.full` (why the button is off).
 */
import type { TFunction } from 'i18next';
import type { ScreenAdd, ScreenCapacity } from './ScreenCard.tsx';

export function capacityAdd(
  t: TFunction,
  texts: string,
  capacity: { used: number; total: number } | undefined,
  /** Opens the add dialog; false when the account may not add (no button). */
  onAdd: (() => void) | false,
  [capacityTestId, addTestId]: readonly [string, string],
): { capacity: ScreenCapacity | undefined; add: ScreenAdd | false } {
  const full = capacity ? capacity.used >= capacity.total : false;
  return {
    capacity: capacity && { ...capacity, text: t(`${texts}.capacity`, capacity), testId: capacityTestId },
    add: onAdd && {
      label: t(`${texts}.add`),
      icon: true,
      disabled: full || !capacity,
      tooltip: full ? t(`${texts}.full`) : undefined,
      onClick: onAdd,
      testId: addTestId,
    },
  };
}
