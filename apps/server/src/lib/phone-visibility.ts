/**
 * Phone numbers as a viewer may see them. People who only need to recognise a person (developers
 * and dealers looking at the end users of their devices, a share's receivers) see it masked,
 * `138****5678`; the person themself and operation staff holding an account-management code see it
 * in full.
 */
import { ALL_PERMISSION_CODES, hasPermission } from '@lyyp/contracts';
import { maskPhone } from '@lyyp/contracts/alarm';
import { viewerOf, type AccountFacts } from '../modules/device/viewer.ts';

/** The account-management codes (§6) whose holders see phone numbers in full. */
export const FULL_PHONE_CODES = [
  'manage:account',
  'manage:account:op',
  'manage:account:dev',
  'manage:account:ter',
] as const;

/** Whether the viewer sees other people's phone numbers in full. */
export function seesFullPhones(viewer: AccountFacts): boolean {
  if (viewer.isSuperManager) return true;
  if (!viewerOf(viewer).staff) return false;
  return hasPermission(
    viewer.isSuperManager ? ALL_PERMISSION_CODES.join(',') : viewer.auths,
    FULL_PHONE_CODES,
  );
}

/** A function answering a phone of `subjectAccountId` as `viewer` may see it. */
export function phoneShownTo(viewer: AccountFacts) {
  const full = seesFullPhones(viewer);
  return (phone: string | null, subjectAccountId?: string | null): string | null =>
    full || subjectAccountId === viewer.id ? phone : maskPhone(phone);
}
