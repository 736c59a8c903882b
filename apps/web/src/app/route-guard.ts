/**
 * The login guard of §2 as a pure decision, so every branch is testable without a browser:
 * exempt route names pass; otherwise a visitor who is not signed in has the user info fetched first;
 * if that fails they go to /login (keeping where they wanted to go), except on AccountFirst, which
 * proceeds. A signed-in account that still needs completing is sent to the first-time screen.
 */
import { LOGIN_EXEMPT_ROUTE_NAMES, hasPermission } from '@lyyp/contracts';

export type GuardDecision =
  { kind: 'allow' } | { kind: 'loadUserInfo' } | { kind: 'redirect'; to: string } | { kind: 'forbidden' };

export interface GuardInput {
  routeName: string | undefined;
  /** Path and query the visitor asked for, kept in `?redirect=` when they must sign in first. */
  wantedPath: string;
  permission: string | undefined;
  signedIn: boolean;
  needsCompletion: boolean;
  /** The account holds a one-time password staff gave: it must choose its own before anything else. */
  mustChangePassword?: boolean;
  auths: ReadonlySet<string>;
  /** Whether fetching the user info for this navigation has already failed. */
  userInfoFailed: boolean;
}

export const FIRST_TIME_PATH = '/account/first';
export const FIRST_PASSWORD_PATH = '/account/first-password';
export const FIRST_PASSWORD_ROUTE = 'AccountFirstPassword';

const exemptNames: ReadonlySet<string> = new Set(LOGIN_EXEMPT_ROUTE_NAMES);

export function isLoginExempt(routeName: string | undefined): boolean {
  return routeName !== undefined && exemptNames.has(routeName);
}

export function buildLoginPath(wantedPath: string): string {
  return `/login?${new URLSearchParams({ redirect: wantedPath }).toString()}`;
}

export function decideAccess(input: GuardInput): GuardDecision {
  if (isLoginExempt(input.routeName)) return { kind: 'allow' };
  if (!input.signedIn) {
    if (!input.userInfoFailed) return { kind: 'loadUserInfo' };
    if (input.routeName === 'AccountFirst') return { kind: 'allow' };
    return { kind: 'redirect', to: buildLoginPath(input.wantedPath) };
  }
  if (input.mustChangePassword && input.routeName !== FIRST_PASSWORD_ROUTE)
    return { kind: 'redirect', to: FIRST_PASSWORD_PATH };
  if (input.needsCompletion) return { kind: 'redirect', to: FIRST_TIME_PATH };
  if (input.permission && !hasPermission(input.auths, input.permission)) return { kind: 'forbidden' };
  return { kind: 'allow' };
}
