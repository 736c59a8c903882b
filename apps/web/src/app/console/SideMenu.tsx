/** The side menu of one console area, holding only the entries the session is allowed to open. */
import { Menu, type MenuProps } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useLocaleStore } from '../i18n.ts';
import { CONSOLE_MENUS, filterMenu, labelOf, type MenuDefinition } from '../menu.ts';
import type { ConsoleArea } from '../route-table.ts';
import { useSessionStore } from '../session-store.ts';
import { MENU_ICONS } from './menu-icons.tsx';

type MenuItem = NonNullable<MenuProps['items']>[number];

function flattenLeaves(items: readonly MenuDefinition[]): MenuDefinition[] {
  return items.flatMap((item) => (item.children ? flattenLeaves(item.children) : [item]));
}

/** The entry whose path is the longest prefix of the current path is the selected one. */
function findSelected(leaves: readonly MenuDefinition[], pathname: string): MenuDefinition | undefined {
  const within = (prefix: string | undefined) =>
    Boolean(prefix) && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  const reach = (leaf: MenuDefinition) =>
    within(leaf.path) ? (leaf.path?.length ?? 0) : within(leaf.section) ? (leaf.section?.length ?? 0) : -1;
  return leaves.filter((leaf) => reach(leaf) >= 0).sort((a, b) => reach(b) - reach(a))[0];
}

export function SideMenu({ area, onNavigate }: { area: ConsoleArea; onNavigate?: () => void }) {
  const auths = useSessionStore((state) => state.auths);
  const locale = useLocaleStore((state) => state.locale);
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const visible = useMemo(() => filterMenu(CONSOLE_MENUS[area], auths), [area, auths]);
  const leaves = useMemo(() => flattenLeaves(visible), [visible]);
  const selected = findSelected(leaves, pathname);
  const openGroups = visible
    .filter((group) => group.children?.some((child) => child === selected))
    .map((group) => group.code);

  const toItem = (item: MenuDefinition): MenuItem =>
    item.children
      ? {
          key: item.code,
          icon: MENU_ICONS[item.code],
          label: labelOf(item.code, locale),
          children: item.children.map(toItem),
        }
      : { key: item.code, icon: MENU_ICONS[item.code], label: labelOf(item.code, locale) };

  return (
    <Menu
      mode="inline"
      items={visible.map(toItem)}
      selectedKeys={selected ? [selected.code] : []}
      defaultOpenKeys={openGroups}
      onClick={({ key }) => {
        const target = leaves.find((leaf) => leaf.code === key);
        if (!target?.path) return;
        void navigate(target.path);
        onNavigate?.();
      }}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
