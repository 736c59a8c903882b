/**
 * Field building blocks of the alarm schemas. Every issue carries a catalogue code, like the device
 * model's fields (whose helpers these reuse).
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE, addCatalogueIssue } from '../device-model/issues.ts';
import { WEBHOOK_URL_MAX_LENGTH } from './limits.ts';

const ENTITY_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** Ids of rules, groups, records, accounts and devices as the server issues them. */
export function entityId(field: string) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (!value) addCatalogueIssue(context, '1001', { field });
    else if (!ENTITY_ID.test(value)) addCatalogueIssue(context, '1002', { field });
  });
}

/** A finite number (JSON cannot carry NaN or Infinity, forms could). */
export const finiteNumber = z
  .number({ error: INVALID_FIELD_MESSAGE })
  .finite({ error: INVALID_FIELD_MESSAGE });

/**
 * Whether a text is an address a push may be sent to: http or https, a host, no credentials in it
 * (no `file:`, `javascript:` or other schemes). Checked when a group is saved and again before
 * every send. https is what integrators should use (alarm texts cross the network); plain http is
 * accepted for receivers inside the plant network.
 */
export function isPushAddress(value: string): boolean {
  if (value.length > WEBHOOK_URL_MAX_LENGTH || !URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'https:' || url.protocol === 'http:') &&
    url.hostname !== '' &&
    url.username === '' &&
    url.password === ''
  );
}

/** A push address (WeChat robot, signed webhook): http or https only (2112). */
export function pushAddress(field: string) {
  return z.string({ error: INVALID_FIELD_MESSAGE }).superRefine((value, context) => {
    if (!value.trim()) addCatalogueIssue(context, '1001', { field });
    else if (!isPushAddress(value.trim())) addCatalogueIssue(context, '2112', { field });
  });
}

/** Values are unique in a list; a repeated one is 1002 at its index. */
export function uniqueList<T extends z.ZodType<string>>(item: T, field: string, max: number) {
  return z.array(item, { error: INVALID_FIELD_MESSAGE }).superRefine((values, context) => {
    if (values.length > max) addCatalogueIssue(context, '1002', { field, max });
    const seen = new Set<string>();
    values.forEach((value, index) => {
      if (seen.has(value)) addCatalogueIssue(context, '1002', { field }, [index]);
      seen.add(value);
    });
  });
}
