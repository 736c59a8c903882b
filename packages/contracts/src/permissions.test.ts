import { describe, expect, it } from 'vitest';
import {
  ALL_PERMISSION_CODES,
  DEFAULT_PERMISSIONS,
  PERMISSION_TREE,
  hasPermission,
  parseAuths,
} from './permissions.ts';

describe('permission catalogue', () => {
  it('has unique codes, three levels at most, and texts in both languages', () => {
    expect(new Set(ALL_PERMISSION_CODES).size).toBe(ALL_PERMISSION_CODES.length);
    const depth = (nodes: typeof PERMISSION_TREE, level: number): number =>
      Math.max(level, ...nodes.map((node) => (node.children ? depth(node.children, level + 1) : level)));
    expect(depth(PERMISSION_TREE, 1)).toBeLessThanOrEqual(3);
  });

  it('gives every kind only catalogue codes', () => {
    for (const codes of Object.values(DEFAULT_PERMISSIONS)) {
      for (const code of codes) expect(ALL_PERMISSION_CODES).toContain(code);
    }
    expect(DEFAULT_PERMISSIONS.terminal).not.toContain('manage:product');
    expect(DEFAULT_PERMISSIONS.developer).toContain('manage:product:designer');
  });

  it('passes for one code or for at least one of a list', () => {
    const auths = parseAuths('monitor, monitor:device ,,account');
    expect(hasPermission(auths, 'monitor:device')).toBe(true);
    expect(hasPermission(auths, ['manage:gateway', 'account'])).toBe(true);
    expect(hasPermission('monitor', ['manage:gateway', 'manage'])).toBe(false);
  });
});
