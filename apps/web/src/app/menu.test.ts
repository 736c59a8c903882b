import { DEFAULT_PERMISSIONS, parseAuths } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import {
  CONSOLE_MENUS,
  filterMenu,
  findPermissionNode,
  labelOf,
  listAreas,
  type MenuDefinition,
} from './menu.ts';
import { matchRouteTable } from './route-table.ts';

function leavesOf(items: readonly MenuDefinition[]): MenuDefinition[] {
  return items.flatMap((item) => (item.children ? leavesOf(item.children) : [item]));
}

const allItems = Object.values(CONSOLE_MENUS).flatMap((items) => [
  ...items,
  ...items.flatMap((item) => item.children ?? []),
]);

describe('console menus', () => {
  it('name only codes of the permission tree', () => {
    expect(allItems.filter((item) => !findPermissionNode(item.code))).toEqual([]);
  });

  it('open screens that ask for the same permission the entry shows under', () => {
    for (const leaf of leavesOf(Object.values(CONSOLE_MENUS).flat())) {
      expect(matchRouteTable(leaf.path ?? '')?.route.permission, leaf.code).toBe(leaf.code);
    }
  });

  it('take their labels from the permission tree in the current language', () => {
    expect(labelOf('manage:gateway', 'zh-CN')).toBe('网关管理');
    expect(labelOf('manage:gateway', 'en-US')).toBe('Gateways');
  });

  it('show an end user the monitoring site and account centre only', () => {
    const auths = new Set(DEFAULT_PERMISSIONS.terminal);
    expect(listAreas(auths).map((entry) => entry.area)).toEqual(['monitor', 'account']);
    expect(filterMenu(CONSOLE_MENUS.manage, auths)).toEqual([]);
  });

  it('show a dealer the device and gateway entries of the back-office, without the group codes', () => {
    const auths = new Set(DEFAULT_PERMISSIONS.dealer);
    expect(filterMenu(CONSOLE_MENUS.manage, auths).map((item) => item.code)).toEqual([
      'manage:equipment',
      'manage:gateway',
    ]);
  });

  it('keep a group only with the entries the account holds', () => {
    const auths = parseAuths('manage:system:firmware,manage:equipment');
    const system = filterMenu(CONSOLE_MENUS.manage, auths).find((item) => item.code === 'manage:system');
    expect(system?.children?.map((item) => item.code)).toEqual(['manage:system:firmware']);
  });

  it('show operation staff every entry', () => {
    const auths = new Set(DEFAULT_PERMISSIONS.operation);
    for (const [area, items] of Object.entries(CONSOLE_MENUS)) {
      expect(leavesOf(filterMenu(items, auths)).length, area).toBe(leavesOf(items).length);
    }
  });
});
