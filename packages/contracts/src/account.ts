/** Account vocabulary of §3 and §6. */
import { z } from 'zod';

/** Role types: admin and operation count as operation staff; company is a company user (§1, §6). */
export const ROLE_TYPES = ['admin', 'operation', 'company'] as const;
export type RoleType = (typeof ROLE_TYPES)[number];

/** What the account is for: operations staff, developers, end terminals (end users), dealers. */
export const ACCOUNT_KINDS = ['operation', 'developer', 'terminal', 'dealer'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** Personal or enterprise account (§3 Account type). */
export const ACCOUNT_TYPES = ['personal', 'enterprise'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

export const ACCOUNT_STATUSES = ['enabled', 'disabled', 'deleted'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** Accounts a visitor may create for themselves; staff accounts are created by staff. */
export const SELF_REGISTER_KINDS = ['terminal', 'developer'] as const satisfies readonly AccountKind[];

export const accountKindSchema = z.enum(ACCOUNT_KINDS);
export const accountTypeSchema = z.enum(ACCOUNT_TYPES);

/** What `/account/info` answers (§3 Session: user info and auths). */
export interface AccountInfo {
  id: string;
  username: string | null;
  tel: string | null;
  name: string | null;
  email: string | null;
  roleType: RoleType;
  accountKind: AccountKind;
  accountType: AccountType;
  status: AccountStatus;
  company: string | null;
  /** The company the session acts for, when the account belongs to several. */
  companyId: string | null;
  /** Whether the first-time completion (username and password) is still due. */
  needsCompletion: boolean;
  /**
   * The password was given by staff (a new account or a reset): until the person chooses their
   * own at /account/firstPassword, every other call of the session is refused with 1171.
   */
  mustChangePassword: boolean;
  isSuperManager: boolean;
  /** Permission codes, comma-separated (§3 Session). */
  auths: string;
  theme: string;
}

export interface CompanyChoice {
  id: string;
  name: string;
  current: boolean;
}
