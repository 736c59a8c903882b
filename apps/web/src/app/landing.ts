/**
 * Where a person lands: after signing in, the page they asked for, else the home of their account;
 * from the area switch and the 403 and 404 screens, the home of an area. A home is always a screen
 * the account may open.
 */
import { hasPermission, parseAuths, type AccountInfo, type AccountKind } from '@lyyp/contracts';
import { CONSOLE_AREAS, CONSOLE_MENUS, type MenuDefinition } from './menu.ts';
import { FIRST_TIME_PATH } from './route-guard.ts';
import { matchRouteTable, type ConsoleArea } from './route-table.ts';

/** Staff, developers and dealers work in the back-office; end users in the monitoring site. */
export const AREA_BY_KIND: Readonly<Record<AccountKind, ConsoleArea>> = {
  operation: 'manage',
  developer: 'manage',
  dealer: 'manage',
  terminal: 'monitor',
};

/**
 * The screens an area opens on, most useful first: products are what developers and staff work on,
 * then gateways (dealers hold gateways, not products). The area's menu, in order, follows.
 */
const PREFERRED_HOMES: Readonly<Record<ConsoleArea, readonly string[]>> = {
  manage: ['/manage/product/list', '/manage/gateway/list'],
  monitor: ['/monitor/devices'],
  account: [],
};

function menuPaths(items: readonly MenuDefinition[]): string[] {
  return items.flatMap((item) => (item.children ? menuPaths(item.children) : item.path ? [item.path] : []));
}

/** A path shows a screen (not a redirect) the account may open. */
function isOpenableScreen(path: string, auths: ReadonlySet<string>): boolean {
  const route = matchRouteTable(path)?.route;
  if (!route?.page) return false;
  return !route.permission || hasPermission(auths, route.permission);
}

/** The home of a console area for these permissions, or null when the area has no built screen for them. */
export function findAreaHome(area: ConsoleArea, auths: ReadonlySet<string>): string | null {
  const candidates = [...PREFERRED_HOMES[area], ...menuPaths(CONSOLE_MENUS[area])];
  return candidates.find((path) => isOpenableScreen(path, auths)) ?? null;
}

/**
 * The home of an account: a built screen of its own area, else of another area it may use, else
 * the area's entry path (which shows what the specification puts there).
 */
export function findHomePath(user: Pick<AccountInfo, 'accountKind' | 'auths'>): string {
  const auths = parseAuths(user.auths);
  const own = AREA_BY_KIND[user.accountKind];
  const areas = [own, ...CONSOLE_AREAS.map((entry) => entry.area).filter((area) => area !== own)];
  for (const area of areas) {
    const home = findAreaHome(area, auths);
    if (home) return home;
  }
  return `/${own}`;
}

/** Only paths inside this console may be redirect targets; anything else could send a person off-site. */
export function readSafeRedirect(value: string | null): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === '/login' || value.startsWith('/login?') || value.startsWith('/login.')) return null;
  return value;
}

export function resolveLandingPath(user: AccountInfo, redirect: string | null): string {
  if (user.needsCompletion) return FIRST_TIME_PATH;
  return readSafeRedirect(redirect) ?? findHomePath(user);
}
