/**
 * Field rules of §5, written once. Each check returns the catalogue code of the first rule the
 * value breaks (with params), or null. The server's zod schemas and the console's forms both call
 * these, so a limit changes in one place.
 */
import type { ErrorCode, ErrorParams } from '../errors/index.ts';

export interface RuleViolation {
  readonly code: ErrorCode;
  readonly params?: ErrorParams;
}

export type Check = (value: string) => RuleViolation | null;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 15;
export const USERNAME_MAX_LENGTH = 6;
export const NAME_MAX_LENGTH = 20;
export const REMARK_MAX_LENGTH = 20;
export const COMPANY_NAME_MAX_LENGTH = 25;
export const ENTERPRISE_NAME_MAX_LENGTH = 20;
export const EMAIL_MAX_LENGTH = 50;
export const ADDRESS_MAX_LENGTH = 100;
export const LICENCE_NUMBER_MAX_LENGTH = 30;
export const SN_LENGTH = 12;
export const GATEWAY_CODE_LENGTH = 6;
export const VERIFICATION_CODE_LENGTH = 6;

// Pictographic characters, presentation selectors, keycaps and regional indicators.
const EMOJI = /\p{Extended_Pictographic}|[\u{1F1E6}-\u{1F1FF}]|\u{FE0F}|\u{20E3}/u;
const ALL_DIGITS = /^\d+$/;
const SPECIAL = /[^\p{L}\p{N}\s]/u;

// A NUL character, or half of a UTF-16 surrogate pair without its other half.
// eslint-disable-next-line no-control-regex -- NUL is exactly what this rule looks for
const MALFORMED_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * Text that no field may hold: a NUL (PostgreSQL cannot store it in text) or a lone surrogate (no
 * character at all; storing it would silently turn it into U+FFFD).
 */
export function isMalformedText(value: string): boolean {
  return MALFORMED_TEXT.test(value);
}

/** Every text field is well-formed text first (§5: invalid input is refused, never altered). */
export const checkWellFormedText: Check = (value) => (isMalformedText(value) ? { code: '1002' } : null);

export function hasEmoji(value: string): boolean {
  return EMOJI.test(value);
}

/** Length in characters as a person counts them (a CJK character or an astral symbol is one). */
export function characterCount(value: string): number {
  return [...value].length;
}

export const checkPassword: Check = (value) => {
  if (hasEmoji(value)) return { code: '1120' };
  const length = characterCount(value);
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return { code: '1117' };
  if (ALL_DIGITS.test(value)) return { code: '1119' };
  const complete = /\d/.test(value) && /[A-Z]/.test(value) && /[a-z]/.test(value) && SPECIAL.test(value);
  if (!complete) return { code: '1118' };
  return null;
};

/** Both password inputs must match (§5). */
export function checkPasswordConfirmation(password: string, confirmation: string): RuleViolation | null {
  return password === confirmation ? null : { code: '1121' };
}

export const checkUsername: Check = (value) => {
  const trimmed = value.trim();
  if (!trimmed) return { code: '1105' };
  if (hasEmoji(trimmed)) return { code: '1120' };
  if (characterCount(trimmed) > USERNAME_MAX_LENGTH) return { code: '1129' };
  if (ALL_DIGITS.test(trimmed)) return { code: '1130' };
  return null;
};

/** Mainland mobile numbers (11 digits from 1), or international numbers with a leading +. */
export const PHONE_PATTERN = /^(?:1\d{10}|\+\d{6,15})$/;

export const checkPhone: Check = (value) => (PHONE_PATTERN.test(value.trim()) ? null : { code: '1131' });

export const checkVerificationCode: Check = (value) => {
  if (!value.trim()) return { code: '1104' };
  return /^\d{6}$/.test(value.trim()) ? null : { code: '1132' };
};

/** A text limited in length, free of emoji. `field` names it in the message. */
export function maxLengthCheck(field: string, max: number): Check {
  return (value) => {
    if (hasEmoji(value)) return { code: '1120' };
    return characterCount(value) > max ? { code: '1137', params: { field, max } } : null;
  };
}

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const checkEmail: Check = (value) => {
  const tooLong = maxLengthCheck('email', EMAIL_MAX_LENGTH)(value);
  if (tooLong) return tooLong;
  return EMAIL_PATTERN.test(value) ? null : { code: '1002', params: { field: 'email' } };
};

/** Runs checks in order and returns the first violation. */
export function firstViolation(value: string, ...checks: Check[]): RuleViolation | null {
  for (const check of checks) {
    const violation = check(value);
    if (violation) return violation;
  }
  return null;
}
