/**
 * Roles and authorization (§6): the built-in roles and those staff create, each with menu codes
 * (three levels) and data permission per product; giving an account a role and cancelling it.
 * Codes take effect on the holder's next request (sessions read them, see current-permissions.ts).
 * The grant ceiling holds on every path (holdings.ts): nobody creates, changes, deletes or gives a
 * role holding more than they do, nor gives or cancels the role of someone holding more; nobody
 * changes their own role. Cancelling leaves the account its kind's minimal codes.
 */
import {
  ALL_PERMISSION_CODES,
  CatalogueError,
  MINIMAL_PERMISSIONS,
  parseAuths,
  type Locale,
} from '@lyyp/contracts';
import {
  BUILT_IN_ROLES,
  MAX_CUSTOM_ROLES,
  effectivePermissions,
  findBuiltInRole,
  roleFitsAccount,
  roleHolding,
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
import { Holdings, requireGrantable, requireManageable } from './holdings.ts';

interface ResolvedRole {
  id: string;
  audience: RoleAudience;
  permissions: readonly string[];
  dataScope: 'all' | 'chosen';
  productIds: readonly string[];
}

export class RoleService {
  constructor(
    private readonly repository: AdminRepository,
    private readonly now: () => number,
    private readonly announce: AnnounceAccountChange = announceNothing,
  ) {
    this.holdings = new Holdings(repository);
  }

  /** What accounts and roles hold, for the grant ceiling. */
  readonly holdings: Holdings;

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
    const productIds = input.dataScope === 'chosen' ? [...new Set(input.productIds)] : [];
    const own = await this.holdings.ofCaller(caller);
    // Changing a role changes what its holders (the caller included) hold: the role as it is and
    // as it will be must both be within the caller's own.
    if (!isNew) requireManageable(own, roleHolding(await this.resolve(id)), 'role');
    requireGrantable(
      own,
      roleHolding({ permissions: input.permissions, dataScope: input.dataScope, productIds }),
    );
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
    requireManageable(await this.holdings.ofCaller(caller), roleHolding(await this.resolve(id)), 'role');
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
    if (builtIn) return { ...builtIn, dataScope: 'all', productIds: [] };
    const stored = await this.repository.findRole(roleId);
    if (!stored) throw new CatalogueError('2204');
    return {
      id: stored.id,
      audience: stored.audience,
      permissions: codesOfRole(stored.id, stored) ?? [],
      dataScope: stored.dataScope,
      productIds: stored.dataScope === 'chosen' ? stored.productIds : [],
    };
  }

  /**
   * A role the caller may give to an account of this kind: it fits the kind, and its codes and data
   * are within the caller's own (2224 a code, 2225 data).
   */
  async requireAssignable(caller: AdminCaller, roleId: string, kind: AccountRow['accountKind']) {
    const role = await this.resolve(roleId);
    if (!roleFitsAccount(role.audience, kind)) throw new CatalogueError('2211');
    requireGrantable(await this.holdings.ofCaller(caller), roleHolding(role));
    return role;
  }

  /**
   * Gives the account a role, or without `roleId` cancels its authorization: it keeps only its
   * kind's minimal codes. Either way the account as it is must be within the caller's own (2227).
   */
  async assign(caller: AdminCaller, input: z.output<typeof roleAssignBodySchema>) {
    const found = await this.repository.findAccount(input.accountId);
    if (!found) throw new CatalogueError('2201');
    if (found.account.isSuperManager) throw new CatalogueError('2202');
    if (found.account.id === caller.account.id) throw new CatalogueError('2203');
    const kind = found.account.accountKind;
    if (kind !== 'operation' && kind !== 'developer') throw new CatalogueError('2211');
    const roleId = input.roleId || null;
    requireManageable(
      await this.holdings.ofCaller(caller),
      await this.holdings.ofAccount(found.account),
      'account',
    );
    if (roleId) await this.requireAssignable(caller, roleId, kind);
    const keptCodes = MINIMAL_PERMISSIONS[kind].join(',');
    const at = new Date(this.now());
    await this.repository.assignRole(
      found.account.id,
      roleId,
      at,
      auditEntry(caller, roleId ? 'role.assign' : 'role.cancel', found.account.id, at, {
        from: found.roleId,
        to: roleId,
      }),
      keptCodes,
    );
    this.announce([found.account.id], 'role');
    const account = roleId ? found.account : { ...found.account, auths: keptCodes };
    return this.authorizationOf(caller.locale, account, roleId, roleId ? at : null);
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

  /** What the caller may grant, for the console to offer only that. */
  async grantCeiling(caller: AdminCaller) {
    const own = await this.holdings.ofCaller(caller);
    return {
      superManager: own.superManager,
      codes: own.superManager ? [...ALL_PERMISSION_CODES] : [...own.codes],
      allProducts: own.products === 'all',
      productIds: own.products === 'all' ? [] : [...own.products],
      debug: own.debug,
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
