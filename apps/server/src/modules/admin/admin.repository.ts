/**
 * The only ORM code of administration: account lists, roles and who holds them, dealers, enterprise
 * certification requests, the audit table, and the transfer of a deleted account's data.
 *
 * One class in layers, a file each: the audit and ending sessions (`admin-audit.repository.ts`),
 * accounts (`account-admin.repository.ts`), roles (`role.repository.ts`), dealers
 * (`dealer.repository.ts`), certification (`certification.repository.ts`). Callers see only
 * `AdminRepository`.
 */
import { CertificationRepository } from './certification.repository.ts';

export type { AccountListFilter, AccountWithRole } from './account-admin.repository.ts';
export type { AuditEntry } from './admin-audit.repository.ts';
export type { CertificationRow } from './certification.repository.ts';
export type { DealerRow } from './dealer.repository.ts';
export type { RoleRow } from './role.repository.ts';

export class AdminRepository extends CertificationRepository {}
