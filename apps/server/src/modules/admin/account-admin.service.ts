/**
 * Accounts in the back-office (§6): the lists of operation staff, developers and end users; new
 * staff and developer accounts; password reset; enable and disable; delete with the data moved to
 * the super manager. The super manager cannot be disabled or deleted and nobody can act on
 * themselves here, so no one locks themselves out. The grant ceiling (holdings.ts) holds on every
 * change: nobody acts on an account holding more than they do, and a new staff account gets a
 * role within the caller's own (it is refused without one); a new account otherwise keeps only its
 * kind's minimal codes.
 */
import { CatalogueError, MINIMAL_PERMISSIONS } from '@lyyp/contracts';
import {
  ACCOUNT_LIST_PERMISSIONS,
  type AccountListKind,
  type accountAddBodySchema,
  type accountListBodySchema,
  type accountSetStatusBodySchema,
} from '@lyyp/contracts/admin';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import { generatePassword, hashPassword } from '../../lib/password.ts';
import type { AccountRepository, AccountRow } from '../account/account.repository.ts';
import { announceNothing, type AnnounceAccountChange } from '../session/account-change.ts';
import type { AdminRepository } from './admin.repository.ts';
import { auditEntry, requireCode, type AdminCaller } from './admin-caller.ts';
import { presentAccount, roleNameOf } from './admin-presenter.ts';
import { requireManageable } from './holdings.ts';
import type { RoleService } from './role.service.ts';

const KINDS_OF_LIST: Record<AccountListKind, AccountRow['accountKind'][]> = {
  op: ['operation'],
  dev: ['developer'],
  ter: ['terminal', 'dealer'],
};

export function listKindOf(account: Pick<AccountRow, 'accountKind'>): AccountListKind {
  if (account.accountKind === 'operation') return 'op';
  return account.accountKind === 'developer' ? 'dev' : 'ter';
}

export class AccountAdminService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly accounts: AccountRepository,
    private readonly roles: RoleService,
    private readonly now: () => number,
    private readonly announce: AnnounceAccountChange = announceNothing,
  ) {}

  async list(caller: AdminCaller, query: z.output<typeof accountListBodySchema>) {
    requireCode(caller, ACCOUNT_LIST_PERMISSIONS[query.kind]);
    const { rows, total } = await this.repository.listAccounts({
      kinds: KINDS_OF_LIST[query.kind],
      keyword: query.keyword || undefined,
      status: query.status,
      accountType: query.accountType,
      page: query.page,
      pageSize: query.pageSize,
    });
    const names = await this.roles.storedNames();
    return {
      list: rows.map((row) =>
        presentAccount(row.account, row.roleId, roleNameOf(row.roleId, names, caller.locale)),
      ),
      total,
      page: query.page,
      pageSize: query.pageSize,
    };
  }

  /**
   * An account the caller may manage: live, in a list the caller holds, neither the super manager
   * nor the caller, and holding nothing beyond the caller's own codes and data (2227).
   */
  private async manageable(caller: AdminCaller, id: string) {
    const found = await this.repository.findAccount(id);
    if (!found) throw new CatalogueError('2201');
    requireCode(caller, ACCOUNT_LIST_PERMISSIONS[listKindOf(found.account)]);
    if (found.account.isSuperManager) throw new CatalogueError('2202');
    if (found.account.id === caller.account.id) throw new CatalogueError('2203');
    const { holdings } = this.roles;
    requireManageable(await holdings.ofCaller(caller), await holdings.ofAccount(found.account), 'account');
    return found;
  }

  async detail(caller: AdminCaller, id: string) {
    const found = await this.repository.findAccount(id);
    if (!found) throw new CatalogueError('2201');
    requireCode(caller, ACCOUNT_LIST_PERMISSIONS[listKindOf(found.account)]);
    const names = await this.roles.storedNames();
    return presentAccount(found.account, found.roleId, roleNameOf(found.roleId, names, caller.locale));
  }

  /**
   * A new operation staff or developer account, with a password shown once to the caller. Staff
   * need a role (2226); a developer without one keeps only the minimal codes until given one.
   */
  async add(caller: AdminCaller, input: z.output<typeof accountAddBodySchema>) {
    requireCode(caller, ACCOUNT_LIST_PERMISSIONS[input.kind]);
    const kind = input.kind === 'op' ? 'operation' : 'developer';
    const roleId = input.roleId || null;
    if (!roleId && kind === 'operation') throw new CatalogueError('2226');
    if (await this.accounts.usernameTaken(input.username)) throw new CatalogueError('1107');
    if (input.tel && (await this.accounts.findByTel(input.tel))) throw new CatalogueError('1108');
    if (roleId) await this.roles.requireAssignable(caller, roleId, kind);
    const password = generatePassword();
    const at = new Date(this.now());
    const id = newId();
    const created = await this.repository.insertAccount(
      {
        id,
        username: input.username,
        name: input.name,
        tel: input.tel ?? null,
        email: input.email ?? null,
        passwordHash: await hashPassword(password),
        // Staff chose it: the person replaces it at the first sign-in (1171 until then).
        mustChangePassword: true,
        roleType: kind === 'operation' ? 'operation' : 'company',
        accountKind: kind,
        auths: MINIMAL_PERMISSIONS[kind].join(','),
        createdAt: at,
        updatedAt: at,
      },
      roleId,
      auditEntry(caller, 'account.create', id, at, { kind, username: input.username, roleId }),
    );
    const names = await this.roles.storedNames();
    return { account: presentAccount(created, roleId, roleNameOf(roleId, names, caller.locale)), password };
  }

  /** A new random password, answered once; the account's sessions end. Never logged. */
  async resetPassword(caller: AdminCaller, id: string) {
    const found = await this.manageable(caller, id);
    const password = generatePassword();
    const at = new Date(this.now());
    const updated = await this.repository.resetPassword(
      id,
      await hashPassword(password),
      at,
      auditEntry(caller, 'account.password.reset', id, at),
    );
    this.announce([id], 'password');
    const names = await this.roles.storedNames();
    return {
      account: presentAccount(
        updated ?? found.account,
        found.roleId,
        roleNameOf(found.roleId, names, caller.locale),
      ),
      password,
    };
  }

  async setStatus(caller: AdminCaller, input: z.output<typeof accountSetStatusBodySchema>) {
    const found = await this.manageable(caller, input.id);
    const at = new Date(this.now());
    if (found.account.status !== input.status) {
      await this.repository.setStatus(
        input.id,
        input.status,
        at,
        auditEntry(caller, input.status === 'disabled' ? 'account.disable' : 'account.enable', input.id, at),
      );
      if (input.status === 'disabled') this.announce([input.id], 'disabled');
    }
    return this.detail(caller, input.id);
  }

  async delete(caller: AdminCaller, id: string) {
    await this.manageable(caller, id);
    const superManager = await this.accounts.findSuperManager();
    if (!superManager) throw new CatalogueError('2201');
    const at = new Date(this.now());
    const moved = await this.repository.deleteAccount(
      id,
      superManager.id,
      at,
      auditEntry(caller, 'account.delete', id, at, { movedTo: superManager.id }),
    );
    this.announce([id], 'deleted');
    return { id, moved };
  }
}
