/**
 * What an account, role or dealer certification holds now, read from the database, and the grant
 * ceiling applied to it: every administration path asks `requireGrantable` (for what it is about
 * to give) or `requireManageable` (for what it is about to act on) before it changes anything.
 * The decision itself is `ceilingExcess` in contracts; this file only gathers the facts.
 */
import { CatalogueError, MINIMAL_PERMISSIONS, parseAuths } from '@lyyp/contracts';
import {
  SUPER_MANAGER_HOLDING,
  ceilingExcess,
  codesHolding,
  dealerHolding,
  effectivePermissions,
  findBuiltInRole,
  roleHolding,
  type Holding,
} from '@lyyp/contracts/admin';
import type { AccountRow } from '../account/account.repository.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { AdminCaller } from './admin-caller.ts';

/** A role as the ceiling sees it: its codes and data permission (built-in roles: every product). */
export interface RoleFacts {
  readonly permissions: readonly string[];
  readonly dataScope: 'all' | 'chosen';
  readonly productIds: readonly string[];
}

/**
 * Refuses to give `other` to anyone unless the caller holds all of it: a code they lack (2224),
 * data beyond theirs (2225), debug rights without the write code (2229).
 */
export function requireGrantable(caller: Holding, other: Holding): void {
  const excess = ceilingExcess(caller, other);
  if (!excess) return;
  switch (excess.kind) {
    case 'superManager':
      throw new CatalogueError('2202');
    case 'code':
      throw new CatalogueError('2224', { code: excess.code });
    case 'allProducts':
    case 'product':
      throw new CatalogueError('2225');
    case 'debug':
      throw new CatalogueError('2229');
  }
}

/** Refuses to act on an account or dealer (2227) or a role (2228) that holds more than the caller. */
export function requireManageable(caller: Holding, other: Holding, subject: 'account' | 'role'): void {
  const excess = ceilingExcess(caller, other);
  if (!excess) return;
  if (excess.kind === 'superManager') throw new CatalogueError('2202');
  throw new CatalogueError(subject === 'account' ? '2227' : '2228');
}

export class Holdings {
  constructor(private readonly repository: AdminRepository) {}

  /** The role's codes and data permission, or undefined for an unknown id. */
  async roleFacts(roleId: string): Promise<RoleFacts | undefined> {
    const builtIn = findBuiltInRole(roleId);
    if (builtIn) return { permissions: builtIn.permissions, dataScope: 'all', productIds: [] };
    const stored = await this.repository.findRole(roleId);
    if (!stored) return undefined;
    return {
      permissions: [...parseAuths(stored.permissions)],
      dataScope: stored.dataScope,
      productIds: stored.dataScope === 'chosen' ? stored.productIds : [],
    };
  }

  /**
   * What the account holds now. Staff: their role's codes and data (no role: their own codes and,
   * as device visibility has it, every product); developers and end users: their codes and only
   * their own data; dealers: their codes, products and debug rights.
   */
  async ofAccount(account: AccountRow): Promise<Holding> {
    if (account.isSuperManager) return SUPER_MANAGER_HOLDING;
    const held = await this.repository.roleOf(account.id);
    const role = held ? await this.roleFacts(held.roleId) : undefined;
    // A role that no longer exists gives nothing beyond the kind's minimal codes.
    const roleCodes = held ? (role?.permissions ?? MINIMAL_PERMISSIONS[account.accountKind]) : null;
    const codes = effectivePermissions(account, roleCodes).split(',').filter(Boolean);
    switch (account.accountKind) {
      case 'operation':
        return roleHolding({
          permissions: codes,
          dataScope: role?.dataScope ?? 'all',
          productIds: role?.productIds ?? [],
        });
      case 'dealer': {
        const found = await this.repository.findDealer(account.id);
        if (!found) return codesHolding(codes);
        const links = await this.repository.dealerLinks([account.id]);
        return dealerHolding({
          codes,
          dataScope: found.dealer.dataScope,
          productIds: links.products.map((row) => row.productId),
          canDebug: found.dealer.canDebug,
        });
      }
      case 'developer':
      case 'terminal':
        return codesHolding(codes);
    }
  }

  /** The caller's own holding, read afresh (never the copy a request started with). */
  async ofCaller(caller: AdminCaller): Promise<Holding> {
    return this.ofAccount(caller.account);
  }
}
