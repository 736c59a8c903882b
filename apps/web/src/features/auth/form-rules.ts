/**
 * Ant Design form rules built from the §5 checks of @lyyp/contracts, so a form refuses exactly what the
 * server refuses and says it with the catalogue's words, in the console's language.
 */
import {
  COMPANY_NAME_MAX_LENGTH,
  checkPassword,
  checkPasswordConfirmation,
  checkPhone,
  checkUsername,
  checkVerificationCode,
  maxLengthCheck,
  type Check,
  type Locale,
  type RuleViolation,
} from '@lyyp/contracts';
import type { FormRule } from 'antd';
import { translateCatalogue } from '../../app/messages.ts';

function settle(violation: RuleViolation | null, locale: Locale): Promise<void> {
  if (!violation) return Promise.resolve();
  return Promise.reject(new Error(translateCatalogue(violation.code, locale, violation.params)));
}

function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function ruleFromCheck(check: Check, locale: Locale): FormRule {
  return { validator: (_rule, value: unknown) => settle(check(textOf(value)), locale) };
}

/** An input that must not be empty; the catalogue's "missing parameter" names it by its label. */
export function requiredRule(field: string, locale: Locale): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      settle(textOf(value).trim() ? null : { code: '1001', params: { field } }, locale),
  };
}

export function buildFormRules(locale: Locale) {
  return {
    phone: [ruleFromCheck(checkPhone, locale)],
    smsCode: [ruleFromCheck(checkVerificationCode, locale)],
    username: [ruleFromCheck(checkUsername, locale)],
    /** A new password: every §5 rule. Signing in only needs a non-empty one. */
    newPassword: [ruleFromCheck(checkPassword, locale)],
    loginAccount: [ruleFromCheck((value) => (value.trim() ? null : { code: '1105' }), locale)],
    loginPassword: [requiredRule('password', locale)],
    company: [
      requiredRule('company', locale),
      ruleFromCheck(maxLengthCheck('company', COMPANY_NAME_MAX_LENGTH), locale),
    ],
    /** The second password input must match the one in `passwordField`. */
    confirmPassword: (passwordField = 'password'): FormRule[] => [
      ({ getFieldValue }) => ({
        validator: (_rule, value: unknown) =>
          settle(checkPasswordConfirmation(textOf(getFieldValue(passwordField)), textOf(value)), locale),
      }),
    ],
    agreement: [
      {
        validator: (_rule, value: unknown) => settle(value === true ? null : { code: '1138' }, locale),
      },
    ] satisfies FormRule[],
  };
}

export type FormRules = ReturnType<typeof buildFormRules>;
