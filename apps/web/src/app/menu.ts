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

/** An item whose path is its code's (`manage:system:sim` opens /manage/system/sim). */
const item = (code: string, path = `/${code.replaceAll(':', '/')}`, section?: string): MenuDefinition =>
  section ? { code, path, section } : { code, path };

export const CONSOLE_MENUS: Readonly<Record<ConsoleArea, readonly MenuDefinition[]>> = {
  manage: [
    item('manage:equipment'),
    item('manage:gateway', '/manage/gateway/list'),
    item('manage:product', '/manage/product/list', '/manage/product'),
    {
      code: 'manage:system',
      children: ['hardware', 'firmware', 'version', 'agreement', 'protocol', 'sim'].map((screen) =>
        item(`manage:system:${screen}`),
      ),
    },
    { code: 'manage:account', children: ['op', 'dev', 'ter'].map((kind) => item(`manage:account:${kind}`)) },
    item('manage:dealer'),
    item('manage:authorization'),
    item('manage:feedback'),
  ],
  monitor: [
    item('monitor:device', '/monitor/devices'),
    item('monitor:alarm', '/monitor/alarms'),
    item('monitor:datacenter'),
    item('monitor:report', '/monitor/reports'),
    item('monitor:map'),
    item('monitor:message', '/monitor/messages', '/monitor/messages'),
    item('monitor:workorder', '/monitor/workorders'),
    item('monitor:inspection', '/monitor/inspections'),
    item('monitor:operations'),
  ],
  account: [
    item('account:security', '/account/security/sms', '/account/security'),
    item('account:info', '/account/info/sms', '/account/info'),
    item('account:log'),
    item('account:feedback'),
    item('account:order', '/account/orders'),
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
