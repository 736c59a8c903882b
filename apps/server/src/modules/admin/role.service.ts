/**
 * Roles and authorization (§6): the built-in roles and those staff create, each with menu codes
 * (three levels) and data permission per product; giving an account a role and cancelling it.
 * Codes take effect on the holder's next request (sessions read them, see current-permissions.ts).
 * Staff may grant only codes they hold themselves, and never change their own role.
 */
import { ALL_PERMISSION_CODES, CatalogueError, parseAuths, type Locale } from '@lyyp/contracts';
import {
  BUILT_IN_ROLES,
  MAX_CUSTOM_ROLES,
  effectivePermissions,
  findBuiltInRole,
  roleFitsAccount,
  type RoleAudience,
  type authorizationListBodySchema,
  type roleAssignBodySchema,
  type roleSaveBodySchema,
} from '@lyyp/contracts/admin';
import type { z } from 'zod';
import { newId } from '../../lib/ids.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { viewerOf } from '../device/viewer.ts';
import { announceNothing, type AnnounceAccountChange } from '../session/account-change.ts';
import type { AdminRepository, RoleRow } from './admin.repository.ts';
import { auditEntry, type AdminCaller } from './admin-caller.ts';
import { presentAccount, roleNameOf } from './admin-presenter.ts';
import { codesOfRole } from './current-permissions.ts';

interface ResolvedRole {
  id: string;
  audience: RoleAudience;
  permissions: readonly string[];
}

export class RoleService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly now: () => number,
    private readonly announce: AnnounceAccountChange = announceNothing,
  ) {}

  async storedNames(): Promise<Map<string, RoleRow>> {
    const rows = await this.repository.listRoles();
    return new Map(rows.map((row) => [row.id, row]));
  }

  async list(locale: Locale) {
    const stored = await this.repository.listRoles();
    const holders = await this.repository.holdersPerRole();
    const builtIn = BUILT_IN_ROLES.map((role) => ({
      id: role.id,
      name: locale === 'en-US' ? role.en : role.zh,
      builtIn: true,
      nameZh: role.zh,
      nameEn: role.en,
      audience: role.audience,
      permissions: [...role.permissions],
      dataScope: 'all' as const,
      productIds: [],
      accountCount: holders.get(role.id) ?? 0,
    }));
    const custom = stored.map((role) => ({
      id: role.id,
      name: role.name,
      builtIn: false,
      nameZh: null,
      nameEn: null,
      audience: role.audience,
      permissions: [...parseAuths(role.permissions)],
      dataScope: role.dataScope,
      productIds: role.dataScope === 'chosen' ? role.productIds : [],
      accountCount: holders.get(role.id) ?? 0,
    }));
    return [...builtIn, ...custom];
  }

  /** Refuses codes the caller does not hold (2224): nobody grants more than they have. */
  private requireHeld(caller: AdminCaller, codes: readonly string[]): void {
    if (caller.account.isSuperManager) return;
    const held = parseAuths(caller.account.auths);
    const missing = codes.find((code) => !held.has(code));
    if (missing) throw new CatalogueError('2224', { code: missing });
  }

  async save(caller: AdminCaller, input: z.output<typeof roleSaveBodySchema>) {
    const isNew = !input.id;
    const id = input.id ?? newId();
    if (findBuiltInRole(id)) throw new CatalogueError('2206');
    if (!isNew && !(await this.repository.findRole(id))) throw new CatalogueError('2204');
    if (isNew && (await this.repository.countRoles()) >= MAX_CUSTOM_ROLES) {
      throw new CatalogueError('2208', { max: MAX_CUSTOM_ROLES });
    }
    if (await this.repository.roleNameTaken(input.name, id))
      throw new CatalogueError('2205', { name: input.name });
    const known = new Set(ALL_PERMISSION_CODES);
    const unknown = input.permissions.find((code) => !known.has(code));
    if (unknown) throw new CatalogueError('2212', { code: unknown });
    this.requireHeld(caller, input.permissions);
    const productIds = input.dataScope === 'chosen' ? [...new Set(input.productIds)] : [];
    const existing = await this.repository.visibleProductIds(viewerOf(caller.account), productIds);
    const missing = productIds.find((productId) => !existing.has(productId));
    if (missing) throw new CatalogueError('2210', { product: missing });
    const at = new Date(this.now());
    await this.repository.saveRole(
      {
        id,
        name: input.name,
        audience: input.audience,
        permissions: input.permissions.join(','),
        dataScope: input.dataScope,
        createdBy: caller.account.id,
      },
      productIds,
      isNew,
      at,
      auditEntry(caller, isNew ? 'role.create' : 'role.update', null, at, {
        roleId: id,
        name: input.name,
        permissions: input.permissions,
        dataScope: input.dataScope,
        productIds,
      }),
    );
    if (!isNew) this.announce(await this.repository.holdersOf(id), 'role');
    const saved = (await this.list(caller.locale)).find((role) => role.id === id);
    return saved!;
  }

  async delete(caller: AdminCaller, id: string) {
    if (findBuiltInRole(id)) throw new CatalogueError('2206');
    const role = await this.repository.findRole(id);
    if (!role) throw new CatalogueError('2204');
    const holders = await this.repository.holdersOf(id);
    if (holders.length > 0) throw new CatalogueError('2207', { count: holders.length });
    const at = new Date(this.now());
    await this.repository.deleteRole(
      id,
      auditEntry(caller, 'role.delete', null, at, { roleId: id, name: role.name }),
    );
    return { id };
  }

  private async resolve(roleId: string): Promise<ResolvedRole> {
    const builtIn = findBuiltInRole(roleId);
    if (builtIn) return builtIn;
    const stored = await this.repository.findRole(roleId);
    if (!stored) throw new CatalogueError('2204');
    return { id: stored.id, audience: stored.audience, permissions: codesOfRole(stored.id, stored) ?? [] };
  }

  /**
   * Refuses (2225) a role whose data reaches beyond the caller's own: staff narrowed to chosen
   * products may hand out only roles narrowed to products they see themselves.
   */
  private async requireDataWithin(caller: AdminCaller, roleId: string): Promise<void> {
    if (caller.account.isSuperManager) return;
    const own = await this.repository.roleOf(caller.account.id);
    if (own?.stored?.dataScope !== 'chosen') return;
    const target = await this.repository.findRole(roleId);
    if (!target || target.dataScope !== 'chosen') throw new CatalogueError('2225');
    const visible = await this.repository.visibleProductIds(viewerOf(caller.account), target.productIds);
    if (target.productIds.some((productId) => !visible.has(productId))) throw new CatalogueError('2225');
  }

  /** A role the caller may give to an account of this kind. */
  async requireAssignable(caller: AdminCaller, roleId: string, kind: AccountRow['accountKind']) {
    const role = await this.resolve(roleId);
    if (!roleFitsAccount(role.audience, kind)) throw new CatalogueError('2211');
    this.requireHeld(caller, role.permissions);
    await this.requireDataWithin(caller, roleId);
    return role;
  }

  /** Gives the account a role, or without `roleId` cancels its authorization (its own codes apply again). */
  async assign(caller: AdminCaller, input: z.output<typeof roleAssignBodySchema>) {
    const found = await this.repository.findAccount(input.accountId);
    if (!found) throw new CatalogueError('2201');
    if (found.account.isSuperManager) throw new CatalogueError('2202');
    if (found.account.id === caller.account.id) throw new CatalogueError('2203');
    const roleId = input.roleId || null;
    if (roleId) await this.requireAssignable(caller, roleId, found.account.accountKind);
    else if (found.account.accountKind !== 'operation' && found.account.accountKind !== 'developer') {
      throw new CatalogueError('2211');
    }
    const at = new Date(this.now());
    await this.repository.assignRole(
      found.account.id,
      roleId,
      at,
      auditEntry(caller, roleId ? 'role.assign' : 'role.cancel', found.account.id, at, {
        from: found.roleId,
        to: roleId,
      }),
    );
    this.announce([found.account.id], 'role');
    return this.authorizationOf(caller.locale, found.account, roleId, roleId ? at : null);
  }

  private async authorizationOf(
    locale: Locale,
    account: AccountRow,
    roleId: string | null,
    assignedAt: Date | null,
  ) {
    const names = await this.storedNames();
    const codes = roleId ? codesOfRole(roleId, names.get(roleId) ?? null) : null;
    return {
      account: presentAccount(account, roleId, roleNameOf(roleId, names, locale)),
      permissions: effectivePermissions(account, codes).split(',').filter(Boolean),
      assignedAt,
    };
  }

  /** Staff and developers holding a role. */
  async authorizations(caller: AdminCaller, query: z.output<typeof authorizationListBodySchema>) {
    const { rows, total } = await this.repository.listAccounts({
      kinds: ['operation', 'developer'],
      keyword: query.keyword || undefined,
      withRole: true,
      page: query.page,
      pageSize: query.pageSize,
    });
    const list = [];
    for (const row of rows)
      list.push(await this.authorizationOf(caller.locale, row.account, row.roleId, row.assignedAt));
    return { list, total, page: query.page, pageSize: query.pageSize };
  }
}
