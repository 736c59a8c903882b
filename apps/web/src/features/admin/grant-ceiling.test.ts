import { ALL_PERMISSION_CODES, MINIMAL_PERMISSIONS } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { grantableCodes, minimalCodeNames, roleGrantable } from './grant-ceiling.ts';

const narrow = {
  superManager: false,
  codes: ['manage', 'manage:authorization', 'monitor', 'monitor:device', 'monitor:device:view'],
  allProducts: false,
  productIds: ['p1'],
  debug: false,
};

describe('what the console offers an administrator', () => {
  it('offers the caller’s own codes and everyone’s minimal codes, every code to the super manager', () => {
    expect(grantableCodes(narrow).sort()).toEqual(
      [...new Set([...narrow.codes, ...MINIMAL_PERMISSIONS.operation])].sort(),
    );
    expect(grantableCodes({ ...narrow, superManager: true })).toHaveLength(ALL_PERMISSION_CODES.length);
  });

  it('offers a role only within the caller’s codes and products, as the server decides', () => {
    const role = { permissions: ['monitor:device:view'], dataScope: 'chosen' as const, productIds: ['p1'] };
    expect(roleGrantable(narrow, role)).toBe(true);
    expect(roleGrantable(narrow, { ...role, dataScope: 'all' })).toBe(false);
    expect(roleGrantable(narrow, { ...role, productIds: ['p2'] })).toBe(false);
    expect(roleGrantable(narrow, { ...role, permissions: ['monitor:device:write'] })).toBe(false);
    expect(
      roleGrantable(narrow, { permissions: ALL_PERMISSION_CODES, dataScope: 'all', productIds: [] }),
    ).toBe(false);
  });

  it('names the codes an account keeps without a role in both languages', () => {
    expect(minimalCodeNames('operation', 'en-US')).toEqual([
      'Account centre',
      'Account info',
      'Security settings',
    ]);
    expect(minimalCodeNames('operation', 'zh-CN')).toEqual(['账号中心', '账号信息', '安全设置']);
  });
});
