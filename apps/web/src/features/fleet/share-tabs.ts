/**
 * §6 share permission settings on the device page: a receiver sees only the tabs (menus) their
 * share names, and the top menu bar (the device's pages) only when it is given. Everyone else
 * sees every tab. Pure, so the rule is tested without a page.
 */
import { SHARE_MENU_KEYS, type ShareMenu } from '@lyyp/contracts/fleet';

export interface SharePermissionView {
  topMenu: boolean;
  menus: readonly ShareMenu[];
}

export function visibleDeviceTabs<K extends string>(
  keys: readonly K[],
  permissions: SharePermissionView | null | undefined,
): K[] {
  if (!permissions) return [...keys];
  return keys.filter(
    (key) =>
      (SHARE_MENU_KEYS as readonly string[]).includes(key) && permissions.menus.includes(key as ShareMenu),
  );
}

/** The tab to show: the asked one when visible, else the first visible one. */
export function chooseDeviceTab<K extends string>(asked: K, visible: readonly K[]): K | undefined {
  return visible.includes(asked) ? asked : visible[0];
}
