import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, DEFAULT_PERMISSIONS, withAncestors } from '../permissions.ts';
import { BUILT_IN_ROLES, effectivePermissions, roleFitsAccount } from './roles.ts';

const staff = { isSuperManager: false, accountKind: 'operation' as const, auths: 'account,account:info' };

describe('roles and effective permissions', () => {
  it('adds every ancestor of a ticked code and drops unknown codes', () => {
    expect(withAncestors(['manage:product:view', 'nothing:here'])).toEqual([
      'manage',
      'manage:product',
      'manage:product:view',
    ]);
  });

  it('gives built-in roles catalogue codes only, each with its ancestors', () => {
    for (const role of BUILT_IN_ROLES) {
      for (const code of role.permissions) expect(ALL_PERMISSION_CODES).toContain(code);
      expect(withAncestors(role.permissions)).toEqual([...role.permissions]);
    }
    expect(BUILT_IN_ROLES.map((role) => role.id)).toEqual([
      'builtin-admin',
      'builtin-after-sales',
      'builtin-rnd',
      'builtin-developer',
    ]);
  });

  it('uses the role’s codes, or the account’s own without a role, and everything for the super manager', () => {
    expect(effectivePermissions(staff, ['manage:product:view'])).toBe(
      'manage,manage:product,manage:product:view',
    );
    expect(effectivePermissions(staff, null)).toBe('account,account:info');
    expect(effectivePermissions({ ...staff, isSuperManager: true }, []).split(',')).toHaveLength(
      ALL_PERMISSION_CODES.length,
    );
  });

  it('never grants more than the account’s kind may hold', () => {
    const developer = { isSuperManager: false, accountKind: 'developer' as const, auths: '' };
    const held = effectivePermissions(developer, ALL_PERMISSION_CODES).split(',');
    expect(held).not.toContain('manage:account:op');
    expect(held.every((code) => DEFAULT_PERMISSIONS.developer.includes(code))).toBe(true);
    expect(roleFitsAccount('operation', 'developer')).toBe(false);
    expect(roleFitsAccount('developer', 'developer')).toBe(true);
  });
});
