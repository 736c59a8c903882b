/**
 * Which thing the verification flow is about to set: the `target` query parameter, kept through
 * the steps. Pure.
 */
import { SECURITY_TARGETS, type SecurityTarget, type VerifyMethod } from '@lyyp/contracts/account-centre';

/** The validate routes of §2 that name what is about to be set (and the method tab to open). */
const TARGET_OF_ROUTE: Readonly<Record<string, SecurityTarget>> = {
  SetupTelValidate: 'tel',
  SetupEmailValidate: 'email',
  SetupQuestionValidate: 'question',
};

/** The `target` query parameter when it names one; else the route's own target; else the password. */
export function readTarget(search: URLSearchParams, routeName?: string): SecurityTarget {
  const value = search.get('target');
  if ((SECURITY_TARGETS as readonly string[]).includes(value ?? '')) return value as SecurityTarget;
  return (routeName ? TARGET_OF_ROUTE[routeName] : undefined) ?? 'password';
}

/** The validate route names of §2 that open one method's tab directly. */
const METHOD_OF_ROUTE: Readonly<Record<string, VerifyMethod>> = {
  SetupTelValidate: 'tel',
  SetupEmailValidate: 'email',
  SetupQuestionValidate: 'question',
};

/** The tab to open first: the route's own method when the account has it, else the first it has. */
export function firstMethod(
  routeName: string | undefined,
  methods: readonly VerifyMethod[],
): VerifyMethod | undefined {
  const wanted = routeName ? METHOD_OF_ROUTE[routeName] : undefined;
  return wanted && methods.includes(wanted) ? wanted : methods[0];
}

export const setPathOf = (target: SecurityTarget) => `/account/security/sms/setup/${target}?target=${target}`;
export const successPathOf = (target: SecurityTarget, phone = '-') =>
  `/account/security/sms/setup/success/${target}/${encodeURIComponent(phone)}`;
export const validatePathOf = (target: SecurityTarget) =>
  `/account/security/sms/setup/validate?target=${target}`;
