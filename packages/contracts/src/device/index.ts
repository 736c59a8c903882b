/**
 * Field rules of devices (§3 Device, §5), for the server's request schemas and the console's forms
 * (`@lyyp/contracts/device`).
 */
import type { Check } from '../validation/index.ts';

/** §5 "new device name max 25". */
export const DEVICE_NAME_MAX_LENGTH = 25;
export const DEVICE_NUMBER_MAX_LENGTH = 50;
export const WARRANTY_MONTHS_MAX = 1200;

/** ICCIDs are 19 or 20 characters; some SIMs end with a letter. */
const ICCID_PATTERN = /^[0-9]{18,20}[0-9A-Za-z]?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date as YYYY-MM-DD, not before 1970 (§5). */
export const checkDate =
  (field: string): Check =>
  (value) => {
    const match = DATE_PATTERN.exec(value.trim());
    const date = match ? new Date(`${value.trim()}T00:00:00Z`) : null;
    if (!match || !date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value.trim()) {
      return { code: '1002', params: { field } };
    }
    return Number(match[1]) < 1970 ? { code: '1806' } : null;
  };

export const checkIccid: Check = (value) =>
  ICCID_PATTERN.test(value.trim()) ? null : { code: '1002', params: { field: 'iccid' } };
