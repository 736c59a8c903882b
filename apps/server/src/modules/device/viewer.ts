/**
 * Who is asking, reduced to what tenancy needs (DESIGN §7, spec §6): operation staff see the whole
 * catalogue; everyone else sees their own part of it. Pure: no database.
 */
import type { Locale } from '@lyyp/contracts';
import type { AccountRow } from '../account/account.repository.ts';

export type AccountFacts = Pick<AccountRow, 'id' | 'roleType' | 'accountKind' | 'isSuperManager' | 'auths'>;

export interface Viewer {
  readonly accountId: string;
  /** Operation staff: admin or operation role type, or the super manager. */
  readonly staff: boolean;
  /** The super manager: staff whose data permission is never narrowed by a role. */
  readonly superManager: boolean;
  /** Developers also see the devices that run their products. */
  readonly developer: boolean;
  /** Certified dealers also see their customers' devices of the products they may serve. */
  readonly dealer: boolean;
}

/** The account and language of a request; services take it so errors carry localised details. */
export interface Caller {
  readonly account: AccountFacts;
  readonly locale: Locale;
}

export function isOperationStaff(account: AccountFacts): boolean {
  return account.isSuperManager || account.roleType === 'admin' || account.roleType === 'operation';
}

export function viewerOf(account: AccountFacts): Viewer {
  return {
    accountId: account.id,
    staff: isOperationStaff(account),
    superManager: account.isSuperManager,
    developer: account.accountKind === 'developer',
    dealer: account.accountKind === 'dealer',
  };
}
