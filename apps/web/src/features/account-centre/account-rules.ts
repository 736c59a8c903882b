/**
 * Form rules of the account centre, from the contract's limits and checks (one source with the
 * server): email, name, feedback content, invoice fields, security answers. Also the catalogue
 * texts of its refusals with `{field}` labelled from `accountCentre.fields`.
 */
import { NAME_MAX_LENGTH, checkEmail, maxLengthCheck, type Check, type Locale } from '@lyyp/contracts';
import {
  FEEDBACK_CONTENT_MAX_LENGTH,
  FEEDBACK_CONTENT_MIN_LENGTH,
  FEEDBACK_REPLY_MAX_LENGTH,
  INVOICE_TITLE_MAX_LENGTH,
  SECURITY_ANSWER_MAX_LENGTH,
  TAX_NUMBER_MAX_LENGTH,
} from '@lyyp/contracts/account-centre';
import { useMemo } from 'react';
import { useLocaleStore } from '../../app/i18n.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { requiredText, ruleFromCheck } from '../auth/form-rules.ts';
import { useDescribeFailureWith } from '../../blocks/index.ts';

const required =
  (field: string): Check =>
  (value) =>
    value.trim() ? null : { code: '1001', params: { field } };

const feedbackLength: Check = (value) =>
  [...value.trim()].length >= FEEDBACK_CONTENT_MIN_LENGTH
    ? null
    : { code: '2259', params: { min: FEEDBACK_CONTENT_MIN_LENGTH } };

export function buildAccountRules(locale: Locale) {
  const labels = CONSOLE_TEXTS[locale].accountCentre.fields;
  const requiredRule = (field: keyof typeof labels) => ({
    required: true,
    whitespace: true,
    message: requiredText(labels[field], locale),
  });
  return {
    email: [requiredRule('email'), ruleFromCheck(checkEmail, locale)],
    name: [requiredRule('name'), ruleFromCheck(maxLengthCheck(labels.name, NAME_MAX_LENGTH), locale)],
    answer: [
      requiredRule('answers'),
      ruleFromCheck(maxLengthCheck(labels.answers, SECURITY_ANSWER_MAX_LENGTH), locale),
    ],
    content: [
      requiredRule('content'),
      ruleFromCheck(feedbackLength, locale),
      ruleFromCheck(maxLengthCheck(labels.content, FEEDBACK_CONTENT_MAX_LENGTH), locale),
    ],
    reply: [
      requiredRule('reply'),
      ruleFromCheck(maxLengthCheck(labels.reply, FEEDBACK_REPLY_MAX_LENGTH), locale),
    ],
    invoiceTitle: [
      requiredRule('title'),
      ruleFromCheck(maxLengthCheck(labels.title, INVOICE_TITLE_MAX_LENGTH), locale),
    ],
    taxNumber: [ruleFromCheck(maxLengthCheck(labels.taxNumber, TAX_NUMBER_MAX_LENGTH), locale)],
    code: [requiredRule('code'), ruleFromCheck(required(labels.code), locale)],
    password: [requiredRule('password')],
  };
}

export function useAccountRules() {
  const locale = useLocaleStore((state) => state.locale);
  return useMemo(() => buildAccountRules(locale), [locale]);
}

const accountLabels = (locale: Locale) => CONSOLE_TEXTS[locale].accountCentre.fields;

/** A refused call in the console's language, `{field}` named by the account centre's labels. */
export function useDescribeAccountFailure(): (error: unknown) => string {
  return useDescribeFailureWith(accountLabels);
}
