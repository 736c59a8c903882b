/**
 * Ant Design form rules built from the §5 checks of @lyyp/contracts, so a form refuses exactly what the
 * server refuses and says it with the catalogue's words, in the console's language. A required input
 * left empty is asked for as a person would ("请输入名称" / "Please enter the name", "请选择…" for a
 * choice) rather than in the API's words ("缺少参数"), and carries Ant Design's required mark; every
 * form of the console gets these texts from `requiredText` here.
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
import { fieldLabel, isFieldKey, translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';

/** Whether the required input is typed in or chosen (a select, a radio group). */
export type RequiredKind = 'input' | 'choice';

/**
 * Asks for a required input by its label (or its API name, which is labelled). English labels are lower-cased after "the" unless they
 * are acronyms ("Please enter the name", "Please enter the SN").
 */
export function requiredText(name: string, locale: Locale, kind: RequiredKind = 'input'): string {
  // An input given by its API name (`password`, `items.0.name`) is asked for by its label.
  const label = isFieldKey(name) ? fieldLabel(name, locale) : name;
  const forms = CONSOLE_TEXTS[locale].forms;
  const template = kind === 'choice' ? forms.requiredChoice : forms.required;
  const acronym = label.length > 1 && label[1] === label[1]?.toUpperCase() && /[A-Z]/.test(label[1] ?? '');
  const shown = locale === 'en-US' && !acronym ? label.charAt(0).toLowerCase() + label.slice(1) : label;
  return template.replace('{{field}}', shown);
}

/** Whether a value counts as not given: nothing, blank text, an empty choice list. */
export function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  return Array.isArray(value) && value.length === 0;
}

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

/** An input that must not be empty: marked required, and asked for by its label when it is. */
export function requiredRule(
  field: string,
  locale: Locale,
  kind: RequiredKind = 'input',
  labels: Readonly<Record<string, string>> = CONSOLE_TEXTS[locale].fields,
): FormRule {
  return {
    required: true,
    validator: (_rule, value: unknown) =>
      isBlank(value)
        ? Promise.reject(new Error(requiredText(labels[field] ?? field, locale, kind)))
        : Promise.resolve(),
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
