/** Where a person lands after signing in: the page they asked for, else the home of their account kind. */
import type { AccountInfo, AccountKind } from '@lyyp/contracts';
import { FIRST_TIME_PATH } from './route-guard.ts';

/** Staff, developers and dealers work in the back-office; end users in the monitoring site. */
export const HOME_BY_KIND: Readonly<Record<AccountKind, string>> = {
  operation: '/manage',
  developer: '/manage',
  dealer: '/manage',
  terminal: '/monitor',
};

/** Only paths inside this console may be redirect targets; anything else could send a person off-site. */
export function readSafeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login.')) return null;
  return value;
}

export function resolveLandingPath(user: AccountInfo, redirect: string | null): string {
  if (user.needsCompletion) return FIRST_TIME_PATH;
  return readSafeRedirect(redirect) ?? HOME_BY_KIND[user.accountKind];
}
