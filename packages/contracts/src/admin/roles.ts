/**
 * Roles (§6): the four built-in roles, the limits of staff-created ones, and how an account's
 * effective permission codes follow from its role. Pure: the server and the console both use it.
 */
import {
  ALL_PERMISSION_CODES,
  DEFAULT_PERMISSIONS,
  parseAuths,
  permissionCeiling,
  withAncestors,
} from '../permissions.ts';
import type { AccountKind } from '../account.ts';

/** Staff may create this many roles of their own (§9 names no number; ours). */
export const MAX_CUSTOM_ROLES = 50;
/** A role's or a dealer's data permission lists at most this many products. */
export const MAX_SCOPE_PRODUCTS = 200;
/** A dealer serves at most this many customer accounts. */
export const MAX_DEALER_CUSTOMERS = 500;
export const ROLE_NAME_MAX_LENGTH = 20;

/** Which accounts a role may be given to: operation staff or developers. */
export const ROLE_AUDIENCES = ['operation', 'developer'] as const;
export type RoleAudience = (typeof ROLE_AUDIENCES)[number];

/** Data permission: every product, or the chosen ones only. */
export const DATA_SCOPES = ['all', 'chosen'] as const;
export type DataScope = (typeof DATA_SCOPES)[number];

export interface BuiltInRole {
  readonly id: string;
  readonly zh: string;
  readonly en: string;
  readonly audience: RoleAudience;
  readonly permissions: readonly string[];
}

const under = (...prefixes: string[]) =>
  ALL_PERMISSION_CODES.filter((code) =>
    prefixes.some((prefix) => code === prefix || code.startsWith(`${prefix}:`)),
  );

/** The roles §6 names. Their data permission is every product; they cannot be changed. */
export const BUILT_IN_ROLES: readonly BuiltInRole[] = [
  {
    id: 'builtin-admin',
    zh: '管理员',
    en: 'Admin',
    audience: 'operation',
    permissions: ALL_PERMISSION_CODES,
  },
  {
    id: 'builtin-after-sales',
    zh: '售后',
    en: 'After sales',
    audience: 'operation',
    permissions: withAncestors([
      ...under('manage:equipment', 'manage:gateway', 'monitor', 'account'),
      'manage:account:ter',
    ]),
  },
  {
    id: 'builtin-rnd',
    zh: '研发',
    en: 'R&D',
    audience: 'operation',
    permissions: withAncestors([
      ...under('manage:product', 'monitor:device', 'monitor:history', 'account'),
      'manage:gateway:view',
      'manage:system:hardware',
      'manage:system:firmware',
      'manage:system:protocol',
    ]),
  },
  {
    id: 'builtin-developer',
    zh: '开发者',
    en: 'Developer',
    audience: 'developer',
    permissions: DEFAULT_PERMISSIONS.developer,
  },
];

export function findBuiltInRole(id: string): BuiltInRole | undefined {
  return BUILT_IN_ROLES.find((role) => role.id === id);
}

/** Whether a role for `audience` may be given to an account of `kind`. */
export function roleFitsAccount(audience: RoleAudience, kind: AccountKind): boolean {
  return audience === kind;
}

export interface PermissionFacts {
  readonly isSuperManager: boolean;
  readonly accountKind: AccountKind;
  /** The account's own codes, used while it holds no role. */
  readonly auths: string;
}

/**
 * The codes an account holds now: everything for the super manager; with a role, the role's codes
 * (with their ancestors) within what the account's kind may hold at most; without one, its own
 * stored codes within the same ceiling. Administration stores only `MINIMAL_PERMISSIONS` for a
 * staff account without a role and for an account whose authorization is cancelled.
 */
export function effectivePermissions(
  account: PermissionFacts,
  rolePermissions: readonly string[] | null,
): string {
  if (account.isSuperManager) return ALL_PERMISSION_CODES.join(',');
  const ceiling = new Set(permissionCeiling(account.accountKind));
  const codes = rolePermissions === null ? parseAuths(account.auths) : withAncestors(rolePermissions);
  return [...codes].filter((code) => ceiling.has(code)).join(',');
}
