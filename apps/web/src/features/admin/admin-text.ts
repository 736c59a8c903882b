/**
 * Texts and form rules of the administration screens: catalogue errors with `{field}` shown as the
 * input's label (`admin.fields`), role names in the console's language, the permission tree as
 * Ant Design tree data, and form rules built from the contract's checks and limits.
 */
import {
  ADDRESS_MAX_LENGTH,
  COMPANY_NAME_MAX_LENGTH,
  LICENCE_NUMBER_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PERMISSION_TREE,
  checkEmail,
  checkPhone,
  checkUsername,
  maxLengthCheck,
  type Locale,
  type PermissionNode,
} from '@lyyp/contracts';
import {
  CONTACTS_MAX_LENGTH,
  ORGANISATION_ID_PATTERN,
  REJECT_REASON_MAX_LENGTH,
  ROLE_NAME_MAX_LENGTH,
} from '@lyyp/contracts/admin';
import type { FormRule } from 'antd';
import { useCallback } from 'react';
import { useLocaleStore } from '../../app/i18n.ts';
import { translateCatalogue } from '../../app/messages.ts';
import { CONSOLE_TEXTS } from '../../locales/index.ts';
import { requiredRule, ruleFromCheck } from '../auth/form-rules.ts';
import { describeFailure, labelFieldPath } from '../monitor/common/catalogue-text.ts';
import { isApiError } from '../../api/index.ts';

export function labelAdminField(path: string, locale: Locale): string {
  return labelFieldPath(path, locale, CONSOLE_TEXTS[locale].admin.fields);
}

export function describeAdminFailure(error: unknown, locale: Locale): string {
  if (isApiError(error)) {
    const params = error.params;
    const labelled =
      typeof params?.field === 'string'
        ? { ...params, field: labelAdminField(params.field, locale) }
        : params;
    return translateCatalogue(error.code, locale, labelled);
  }
  return describeFailure(error, locale);
}

export function useDescribeAdminFailure(): (error: unknown) => string {
  const locale = useLocaleStore((state) => state.locale);
  return useCallback((error: unknown) => describeAdminFailure(error, locale), [locale]);
}

export interface PermissionTreeNode {
  key: string;
  title: string;
  children?: PermissionTreeNode[];
}

/** The permission tree of the contracts as Ant Design tree data, labelled in the console's language. */
export function permissionTreeData(
  locale: Locale,
  nodes: readonly PermissionNode[] = PERMISSION_TREE,
): PermissionTreeNode[] {
  return nodes.map((node) => ({
    key: node.code,
    title: locale === 'en-US' ? node.en : node.zh,
    ...(node.children ? { children: permissionTreeData(locale, node.children) } : {}),
  }));
}

const leaves = new Set<string>();
(function collectLeaves(nodes: readonly PermissionNode[]) {
  for (const node of nodes) {
    if (node.children) collectLeaves(node.children);
    else leaves.add(node.code);
  }
})(PERMISSION_TREE);

/**
 * The codes a checkbox tree should show ticked: only leaves, since the tree ticks a parent itself
 * when all its children are (a stored parent code would otherwise tick every child).
 */
export function tickedLeaves(codes: readonly string[]): string[] {
  return codes.filter((code) => leaves.has(code));
}

function required(field: string, locale: Locale): FormRule {
  return requiredRule(field, locale, 'input', CONSOLE_TEXTS[locale].admin.fields);
}

function optional(rule: FormRule): FormRule {
  if (typeof rule === 'function' || !rule.validator) return rule;
  const validate = rule.validator;
  return {
    validator: (definition, value: unknown, callback) =>
      value === undefined || value === '' ? Promise.resolve() : validate(definition, value, callback),
  };
}

export function buildAdminRules(locale: Locale) {
  const limited = (field: string, max: number) => [
    required(field, locale),
    ruleFromCheck(maxLengthCheck(field, max), locale),
  ];
  return {
    username: [ruleFromCheck(checkUsername, locale)],
    name: limited('name', NAME_MAX_LENGTH),
    tel: [optional(ruleFromCheck(checkPhone, locale))],
    email: [optional(ruleFromCheck(checkEmail, locale))],
    roleName: limited('roleName', ROLE_NAME_MAX_LENGTH),
    company: limited('company', COMPANY_NAME_MAX_LENGTH),
    licenceNumber: limited('licenceNumber', LICENCE_NUMBER_MAX_LENGTH),
    address: limited('address', ADDRESS_MAX_LENGTH),
    contacts: limited('contacts', CONTACTS_MAX_LENGTH),
    reason: limited('reason', REJECT_REASON_MAX_LENGTH),
    account: [required('account', locale)],
    organisationId: [
      required('organisationId', locale),
      ruleFromCheck(
        (value) => (ORGANISATION_ID_PATTERN.test(value.trim().toUpperCase()) ? null : { code: '2213' }),
        locale,
      ),
    ],
  };
}
