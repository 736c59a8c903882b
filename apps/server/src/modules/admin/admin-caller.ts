/** Who performs an administrative action: the signed-in account (with its current codes), language, address. */
import { CatalogueError, hasPermission, type Locale } from '@lyyp/contracts';
import type { AccountRow } from '../account/account.repository.ts';
import type { AdminAction } from '@lyyp/contracts/account-centre';
import type { AuditEntry } from './admin.repository.ts';

export interface AdminCaller {
  readonly account: AccountRow;
  readonly locale: Locale;
  readonly address: string;
}

/** Refuses with 1201 unless the caller holds one of the codes (the route checked a wider set). */
export function requireCode(caller: AdminCaller, code: string | readonly string[]): void {
  if (!hasPermission(caller.account.auths, code)) throw new CatalogueError('1201');
}

export function auditEntry(
  caller: AdminCaller,
  action: AdminAction,
  subjectAccountId: string | null,
  at: Date,
  detail: Record<string, unknown> = {},
): AuditEntry {
  return { actorAccountId: caller.account.id, subjectAccountId, action, detail, address: caller.address, at };
}
