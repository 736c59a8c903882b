/** Rows as the admin API answers them (contracts' `adminAccountSchema`, `dealerSchema` …). */
import type { Locale } from '@lyyp/contracts';
import { findBuiltInRole, type AdminAccount, type Certification, type Dealer } from '@lyyp/contracts/admin';
import type { AccountRow } from '../account/account.repository.ts';
import type { CertificationRow, DealerRow, RoleRow } from './admin.repository.ts';
import type { ServerForm } from '../../lib/answers.ts';

/** The display name of a role id: a built-in role in the caller's language, or a stored role's name. */
export function roleNameOf(
  roleId: string | null,
  stored: ReadonlyMap<string, Pick<RoleRow, 'name'>>,
  locale: Locale,
) {
  if (!roleId) return null;
  const builtIn = findBuiltInRole(roleId);
  if (builtIn) return locale === 'en-US' ? builtIn.en : builtIn.zh;
  return stored.get(roleId)?.name ?? null;
}

export function presentAccount(
  account: AccountRow,
  roleId: string | null,
  roleName: string | null,
): ServerForm<AdminAccount> {
  return {
    id: account.id,
    username: account.username,
    name: account.name,
    tel: account.tel,
    email: account.email,
    roleType: account.roleType,
    accountKind: account.accountKind,
    accountType: account.accountType,
    status: account.status,
    company: account.company,
    isSuperManager: account.isSuperManager,
    roleId,
    roleName,
    createdAt: account.createdAt,
  };
}

/** A phone as the caller may see it (lib/phone-visibility.ts `phoneShownTo`); by default in full. */
type PhoneShown = (phone: string | null, subjectAccountId?: string | null) => string | null;

export function presentDealer(
  dealer: DealerRow,
  account: AccountRow,
  links: { productIds: string[]; customers: Dealer['customers'] },
  shown: PhoneShown = (phone) => phone,
): ServerForm<Dealer> {
  const presented = presentAccount(account, null, null);
  return {
    account: { ...presented, tel: shown(account.tel, account.id) },
    organisationId: dealer.organisationId,
    dataScope: dealer.dataScope,
    productIds: links.productIds,
    canDebug: dealer.canDebug,
    customers: links.customers.map((customer) => ({ ...customer, tel: shown(customer.tel, customer.id) })),
    certifiedAt: dealer.certifiedAt,
  };
}

export function presentCertification(
  request: CertificationRow,
  account: AccountRow,
): ServerForm<Certification> {
  return {
    id: request.id,
    accountId: request.accountId,
    username: account.username,
    tel: account.tel,
    company: request.company,
    licenceNumber: request.licenceNumber,
    address: request.address,
    contacts: request.contacts,
    status: request.status,
    reason: request.reason,
    submittedAt: request.submittedAt,
    decidedAt: request.decidedAt,
  };
}
