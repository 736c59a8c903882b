/**
 * An account's permission codes as they are now: read from its role at every request (the session
 * asks here), so a role change or a cancelled authorization holds on the person's next request, on
 * every node, with nothing cached. Without a role an account holds its own stored codes, which
 * administration sets to the kind's minimal codes.
 */
import { ALL_PERMISSION_CODES, MINIMAL_PERMISSIONS, parseAuths } from '@lyyp/contracts';
import { effectivePermissions, findBuiltInRole } from '@lyyp/contracts/admin';
import type { AccountRow } from '../account/account.repository.ts';
import type { AdminRepository, RoleRow } from './admin.repository.ts';

/** The codes a role grants: a built-in role's, or a stored role's comma-separated list. */
export function codesOfRole(
  roleId: string,
  stored: Pick<RoleRow, 'permissions'> | null,
): readonly string[] | null {
  const builtIn = findBuiltInRole(roleId);
  if (builtIn) return builtIn.permissions;
  return stored ? [...parseAuths(stored.permissions)] : null;
}

export class CurrentPermissions {
  constructor(private readonly repository: AdminRepository) {}

  /** The account with `auths` replaced by the codes it holds now. */
  async current(account: AccountRow): Promise<AccountRow> {
    if (account.isSuperManager) return { ...account, auths: ALL_PERMISSION_CODES.join(',') };
    const held = await this.repository.roleOf(account.id);
    // A role that no longer exists gives nothing beyond the kind's minimal codes.
    const codes = held
      ? (codesOfRole(held.roleId, held.stored) ?? MINIMAL_PERMISSIONS[account.accountKind])
      : null;
    return { ...account, auths: effectivePermissions(account, codes) };
  }
}
