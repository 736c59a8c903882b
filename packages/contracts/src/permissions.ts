/**
 * The permission catalogue (§6): menu codes for every console screen, in three levels
 * (area → menu → action), and the defaults each account kind starts with. Permission checks pass
 * for one code, or for at least one of a list.
 */

export interface PermissionNode {
  readonly code: string;
  readonly zh: string;
  readonly en: string;
  readonly children?: readonly PermissionNode[];
}

const node = (code: string, zh: string, en: string, children?: PermissionNode[]): PermissionNode =>
  children ? { code, zh, en, children } : { code, zh, en };

export const PERMISSION_TREE: readonly PermissionNode[] = [
  node('manage', '后台管理', 'Back-office', [
    node('manage:equipment', '设备管理', 'Devices', [
      node('manage:equipment:view', '查看', 'View'),
      node('manage:equipment:edit', '编辑', 'Edit'),
      node('manage:equipment:log', '设备日志', 'Device log'),
    ]),
    node('manage:gateway', '网关管理', 'Gateways', [
      node('manage:gateway:view', '查看', 'View'),
      node('manage:gateway:edit', '编辑', 'Edit'),
      node('manage:gateway:import', '导入导出', 'Import and export'),
    ]),
    node('manage:product', '产品管理', 'Products', [
      node('manage:product:view', '查看', 'View'),
      node('manage:product:edit', '编辑', 'Edit'),
      node('manage:product:publish', '发布', 'Publish'),
      node('manage:product:designer', '页面设计', 'Page designer'),
      node('manage:product:ota', 'OTA 升级', 'OTA updates'),
      node('manage:product:knowledge', '知识库', 'Knowledge base'),
    ]),
    node('manage:system', '系统管理', 'System', [
      node('manage:system:hardware', '硬件型号', 'Hardware models'),
      node('manage:system:firmware', '固件管理', 'Firmware'),
      node('manage:system:version', '版本维护', 'App versions'),
      node('manage:system:agreement', '用户协议', 'User agreement'),
      node('manage:system:protocol', '通讯协议', 'Protocols'),
      node('manage:system:announcement', '系统公告', 'Announcements'),
      node('manage:system:sim', 'SIM 卡管理', 'SIM cards'),
    ]),
    node('manage:account', '账号管理', 'Accounts', [
      node('manage:account:op', '运营账号', 'Operation accounts'),
      node('manage:account:dev', '开发者账号', 'Developer accounts'),
      node('manage:account:ter', '终端账号', 'End-user accounts'),
      node('manage:account:permission', '权限分配', 'Permission assignment'),
    ]),
    node('manage:dealer', '经销商', 'Dealers', [
      node('manage:dealer:permission', '经销商权限', 'Dealer permissions'),
    ]),
    node('manage:authorization', '授权管理', 'Authorization', [
      node('manage:authorization:permission', '授权权限', 'Authorization permissions'),
    ]),
    node('manage:feedback', '意见反馈', 'Feedback', [node('manage:feedback:reply', '回复', 'Reply')]),
  ]),
  node('monitor', '设备监控', 'Monitoring', [
    node('monitor:device', '设备列表', 'Devices', [
      node('monitor:device:view', '查看', 'View'),
      node('monitor:device:write', '写入数据', 'Write values'),
      node('monitor:device:share', '分享', 'Share'),
    ]),
    node('monitor:history', '历史数据', 'History', [node('monitor:history:export', '导出', 'Export')]),
    node('monitor:report', '历史报表', 'Reports', [node('monitor:report:export', '导出', 'Export')]),
    node('monitor:datacenter', '数据中心', 'Data centre'),
    node('monitor:alarm', '报警记录', 'Alarms', [
      node('monitor:alarm:view', '查看', 'View'),
      node('monitor:alarm:acknowledge', '确认报警', 'Acknowledge'),
      node('monitor:alarm:export', '导出', 'Export'),
    ]),
    node('monitor:map', '地图', 'Map'),
    node('monitor:workorder', '工单', 'Work orders', [
      node('monitor:workorder:dispatch', '派单', 'Dispatch'),
      node('monitor:workorder:export', '导出', 'Export'),
    ]),
    node('monitor:inspection', '巡检', 'Inspections', [node('monitor:inspection:plan', '巡检计划', 'Plans')]),
    node('monitor:operations', '运维中心', 'Operations centre'),
    node('monitor:message', '消息中心', 'Messages'),
  ]),
  node('account', '账号中心', 'Account centre', [
    node('account:security', '安全设置', 'Security settings'),
    node('account:info', '账号信息', 'Account info'),
    node('account:log', '操作日志', 'Operation log'),
    node('account:feedback', '意见反馈', 'Feedback'),
    node('account:order', '订单与发票', 'Orders and invoices'),
  ]),
];

function collect(nodes: readonly PermissionNode[]): string[] {
  return nodes.flatMap((item) => [item.code, ...(item.children ? collect(item.children) : [])]);
}

export const ALL_PERMISSION_CODES: readonly string[] = collect(PERMISSION_TREE);

export type PermissionCode = string;

function codesUnder(...prefixes: string[]): string[] {
  return ALL_PERMISSION_CODES.filter((code) =>
    prefixes.some((prefix) => code === prefix || code.startsWith(`${prefix}:`)),
  );
}

/**
 * The most an account of each kind may hold, and what a self-registered end user or developer, or a
 * newly certified dealer, starts with. Staff are never made without a role: `operation` lists every
 * code only as the ceiling a staff role may reach (an account without a role holds
 * `MINIMAL_PERMISSIONS`).
 */
export const DEFAULT_PERMISSIONS = {
  operation: ALL_PERMISSION_CODES,
  developer: codesUnder('manage', 'monitor', 'account').filter(
    (code) =>
      !code.startsWith('manage:account') &&
      !code.startsWith('manage:dealer') &&
      !code.startsWith('manage:authorization') &&
      !code.startsWith('manage:feedback') &&
      !code.startsWith('manage:system'),
  ),
  // The operations centre is for operation staff (and dealers looking after their fleets).
  terminal: codesUnder('monitor', 'account').filter((code) => code !== 'monitor:operations'),
  dealer: [...codesUnder('monitor', 'account'), ...codesUnder('manage:equipment', 'manage:gateway')],
} as const satisfies Record<string, readonly string[]>;

const OWN_ACCOUNT_CODES = ['account', 'account:info', 'account:security'];

/**
 * What an account of each kind keeps with no role: a staff account made without one and an account
 * whose authorization is cancelled hold exactly these — their own account's information and
 * security settings (to see who they are, change their password, sign out), and nothing that
 * reaches data or other accounts.
 */
export const MINIMAL_PERMISSIONS = {
  operation: OWN_ACCOUNT_CODES,
  developer: OWN_ACCOUNT_CODES,
  terminal: OWN_ACCOUNT_CODES,
  dealer: OWN_ACCOUNT_CODES,
} as const satisfies Record<keyof typeof DEFAULT_PERMISSIONS, readonly string[]>;

/** Parses the comma-separated `auths` string of the session. */
export function parseAuths(auths: string | null | undefined): Set<string> {
  return new Set(
    (auths ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean),
  );
}

/** A check passes for one code, or for at least one code of a list (§6). */
export function hasPermission(
  auths: ReadonlySet<string> | string,
  required: string | readonly string[],
): boolean {
  const held = typeof auths === 'string' ? parseAuths(auths) : auths;
  const wanted = typeof required === 'string' ? [required] : required;
  return wanted.some((code) => held.has(code));
}

const parentOf = (code: string): string | null => {
  const cut = code.lastIndexOf(':');
  return cut > 0 ? code.slice(0, cut) : null;
};

/**
 * The codes with every ancestor added: a screen's code opens its menu group and area too, so a tree
 * with only leaves ticked still shows the path to them. Unknown codes are dropped.
 */
export function withAncestors(codes: Iterable<string>): string[] {
  const known = new Set(ALL_PERMISSION_CODES);
  const held = new Set<string>();
  for (const code of codes) {
    for (let current: string | null = code; current && known.has(current); current = parentOf(current)) {
      held.add(current);
    }
  }
  return ALL_PERMISSION_CODES.filter((code) => held.has(code));
}

/** The most an account of each kind may hold, whatever its role says: staff all, others their defaults. */
export function permissionCeiling(kind: keyof typeof DEFAULT_PERMISSIONS): readonly string[] {
  return DEFAULT_PERMISSIONS[kind];
}

/**
 * The data a path answers from and acts on (§6), declared for every path from the menu its
 * permission code belongs to, and shown in the OpenAPI document as `x-data-scope`. The server
 * enforces the object scopes in one place (`visibility.repository.ts`): anything outside them is
 * answered like a missing object.
 */
export const DATA_SCOPES = {
  products: { zh: '可见的产品', en: 'Products the caller may see' },
  devices: { zh: '可见的设备', en: 'Devices the caller may see' },
  gateways: { zh: '可见的网关', en: 'Gateways the caller may see' },
  accounts: { zh: '可管理的账号', en: 'Accounts the caller administers' },
  platform: { zh: '平台公共数据', en: 'Platform-wide data (catalogues, settings)' },
  own: { zh: '本人账号', en: "The caller's own account" },
} as const;
export type DataScope = keyof typeof DATA_SCOPES;

const MENU_DATA_SCOPES: Readonly<Record<string, DataScope>> = {
  'manage:equipment': 'devices',
  'manage:gateway': 'gateways',
  'manage:product': 'products',
  'manage:system': 'platform',
  'manage:feedback': 'platform',
  'manage:account': 'accounts',
  'manage:dealer': 'accounts',
  'manage:authorization': 'accounts',
  'monitor:device': 'devices',
  'monitor:history': 'devices',
  'monitor:report': 'devices',
  'monitor:alarm': 'devices',
  'monitor:map': 'devices',
  'monitor:workorder': 'devices',
  'monitor:inspection': 'devices',
  'monitor:operations': 'devices',
  'monitor:datacenter': 'devices',
  'monitor:message': 'own',
  'account:security': 'own',
  'account:info': 'own',
  'account:log': 'own',
  'account:feedback': 'own',
  'account:order': 'own',
};

/**
 * The data scope of a path guarded by these codes (the menu of each code decides; a path open to
 * codes of several menus takes the first one's). Undefined for a code outside the tree's menus.
 */
export function dataScopeOf(codes: readonly string[]): DataScope | undefined {
  for (const code of codes) {
    const menu = code.split(':').slice(0, 2).join(':');
    const scope = MENU_DATA_SCOPES[menu];
    if (scope) return scope;
  }
  return undefined;
}
