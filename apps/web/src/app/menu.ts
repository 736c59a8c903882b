/**
 * Side menus of the console areas. Each item names a permission code of PERMISSION_TREE and takes its
 * label from that tree, so the menu, the permission screens and the server speak of the same thing.
 * An item appears only when the session holds its code; a group (whose code only labels it) appears
 * when at least one of its items remains, and an area when its menu is not empty.
 */
import { PERMISSION_TREE, hasPermission, type Locale, type PermissionNode } from '@lyyp/contracts';
import type { ConsoleArea } from './route-table.ts';

export interface MenuDefinition {
  code: string;
  /** Leaf items open a path; groups hold children instead. */
  path?: string;
  /** The section the item stays selected in, when wider than its path (a list and its detail screens). */
  section?: string;
  children?: readonly MenuDefinition[];
}

export const CONSOLE_MENUS: Readonly<Record<ConsoleArea, readonly MenuDefinition[]>> = {
  manage: [
    { code: 'manage:equipment', path: '/manage/equipment' },
    { code: 'manage:gateway', path: '/manage/gateway/list' },
    { code: 'manage:product', path: '/manage/product/list', section: '/manage/product' },
    {
      code: 'manage:system',
      children: [
        { code: 'manage:system:hardware', path: '/manage/system/hardware' },
        { code: 'manage:system:firmware', path: '/manage/system/firmware' },
        { code: 'manage:system:version', path: '/manage/system/version' },
        { code: 'manage:system:agreement', path: '/manage/system/agreement' },
        { code: 'manage:system:protocol', path: '/manage/system/protocol' },
        { code: 'manage:system:sim', path: '/manage/system/sim' },
      ],
    },
    {
      code: 'manage:account',
      children: [
        { code: 'manage:account:op', path: '/manage/account/op' },
        { code: 'manage:account:dev', path: '/manage/account/dev' },
        { code: 'manage:account:ter', path: '/manage/account/ter' },
      ],
    },
    { code: 'manage:dealer', path: '/manage/dealer' },
    { code: 'manage:authorization', path: '/manage/authorization' },
    { code: 'manage:feedback', path: '/manage/feedback' },
  ],
  monitor: [
    { code: 'monitor:device', path: '/monitor/devices' },
    { code: 'monitor:alarm', path: '/monitor/alarms' },
    { code: 'monitor:datacenter', path: '/monitor/datacenter' },
    { code: 'monitor:report', path: '/monitor/reports' },
    { code: 'monitor:map', path: '/monitor/map' },
    { code: 'monitor:message', path: '/monitor/messages', section: '/monitor/messages' },
    { code: 'monitor:workorder', path: '/monitor/workorders' },
    { code: 'monitor:inspection', path: '/monitor/inspections' },
    { code: 'monitor:operations', path: '/monitor/operations' },
  ],
  account: [
    { code: 'account:security', path: '/account/security/sms', section: '/account/security' },
    { code: 'account:info', path: '/account/info/sms', section: '/account/info' },
    { code: 'account:log', path: '/account/log' },
    { code: 'account:feedback', path: '/account/feedback' },
    { code: 'account:order', path: '/account/orders' },
  ],
};

/** The areas in the order the header offers them. */
export const CONSOLE_AREAS: readonly { area: ConsoleArea; code: string; path: string }[] = [
  { area: 'manage', code: 'manage', path: '/manage' },
  { area: 'monitor', code: 'monitor', path: '/monitor' },
  { area: 'account', code: 'account', path: '/account' },
];

function indexTree(
  nodes: readonly PermissionNode[],
  into: Map<string, PermissionNode>,
): Map<string, PermissionNode> {
  for (const item of nodes) {
    into.set(item.code, item);
    if (item.children) indexTree(item.children, into);
  }
  return into;
}

const permissionNodes = indexTree(PERMISSION_TREE, new Map());

export function findPermissionNode(code: string): PermissionNode | undefined {
  return permissionNodes.get(code);
}

export function labelOf(code: string, locale: Locale): string {
  const found = permissionNodes.get(code);
  if (!found) return code;
  return locale === 'en-US' ? found.en : found.zh;
}

/** The menu as the session may see it. */
export function filterMenu(items: readonly MenuDefinition[], auths: ReadonlySet<string>): MenuDefinition[] {
  return items.flatMap((item) => {
    if (!item.children) return hasPermission(auths, item.code) ? [item] : [];
    const children = filterMenu(item.children, auths);
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}

export function listAreas(auths: ReadonlySet<string>) {
  return CONSOLE_AREAS.filter((entry) => filterMenu(CONSOLE_MENUS[entry.area], auths).length > 0);
}
