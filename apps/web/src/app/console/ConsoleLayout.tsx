/**
 * The frame of the back-office (/manage), the monitoring site (/monitor) and the account centre
 * (/account): header with product name, area switch, language and account menu; side menu of the
 * area; the screen in the content area. On a phone-sized screen (narrower than antd's `md`) the side
 * menu opens from a button in the header instead of taking a column of its own.
 */
import { MenuOutlined } from '@ant-design/icons';
import { Button, Drawer, Grid, Layout, Menu } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigate } from 'react-router';
import { AlarmNotifier } from '../../features/alarm/AlarmNotifier.tsx';
import { MessageBell } from '../../features/message/MessageBell.tsx';
import { NoticeDialog } from '../../features/message/NoticeDialog.tsx';
import { LanguageSwitch } from '../LanguageSwitch.tsx';
import { findAreaHome } from '../landing.ts';
import { useLocaleStore } from '../i18n.ts';
import { labelOf, listAreas } from '../menu.ts';
import { useConsoleArea } from '../route-handle.ts';
import { useSessionStore } from '../session-store.ts';
import styles from './console.module.css';
import { ForbiddenScreen, useScreenForbidden } from './ForbiddenScreen.tsx';
import { MENU_ICONS } from './menu-icons.tsx';
import { SideMenu } from './SideMenu.tsx';
import { UserMenu } from './UserMenu.tsx';

export default function ConsoleLayout() {
  const area = useConsoleArea() ?? 'manage';
  const { t } = useTranslation();
  const locale = useLocaleStore((state) => state.locale);
  const auths = useSessionStore((state) => state.auths);
  const navigate = useNavigate();
  const areas = listAreas(auths);
  const forbidden = useScreenForbidden();
  // A forbidden screen of an area the account cannot use shows the menus of an area it can.
  const menuArea = areas.some((entry) => entry.area === area) ? area : (areas[0]?.area ?? area);
  const narrow = Grid.useBreakpoint().md === false;
  const [menuOpen, setMenuOpen] = useState(false);

  const areaMenu = (mode: 'horizontal' | 'inline') => (
    <Menu
      theme={mode === 'horizontal' ? 'dark' : 'light'}
      mode={mode}
      aria-label={t('console.areaMenu')}
      className={mode === 'horizontal' ? styles.areas : styles.areasInline}
      selectedKeys={[menuArea]}
      items={areas.map((entry) => ({
        key: entry.area,
        icon: MENU_ICONS[entry.code],
        label: labelOf(entry.code, locale),
      }))}
      onClick={({ key }) => {
        const target = areas.find((entry) => entry.area === key);
        if (target) void navigate(findAreaHome(target.area, auths) ?? target.path);
        setMenuOpen(false);
      }}
    />
  );

  return (
    <Layout className={styles.shell}>
      <Layout.Header className={narrow ? `${styles.header} ${styles.headerNarrow}` : styles.header}>
        {narrow && (
          <Button
            type="text"
            className={styles.menuButton}
            icon={<MenuOutlined />}
            aria-label={t('console.openMenu')}
            data-testid="console-menu-button"
            onClick={() => setMenuOpen(true)}
          />
        )}
        <div className={styles.brand}>
          <img src="/favicon.svg" alt="" className={styles.logo} />
          {!narrow && <span className={styles.productName}>{t('common.productName')}</span>}
        </div>
        {narrow ? <div className={styles.areas} /> : areaMenu('horizontal')}
        <div className={styles.tools}>
          <AlarmNotifier />
          <MessageBell />
          <LanguageSwitch tone="light" compact={narrow} />
          <UserMenu compact={narrow} />
        </div>
      </Layout.Header>
      <Layout>
        {narrow ? (
          <Drawer
            placement="left"
            size={260}
            open={menuOpen}
            onClose={() => setMenuOpen(false)}
            title={t('common.productName')}
            styles={{ body: { padding: 0 } }}
          >
            {areaMenu('inline')}
            <SideMenu area={menuArea} onNavigate={() => setMenuOpen(false)} />
          </Drawer>
        ) : (
          <Layout.Sider
            width={220}
            theme="light"
            className={styles.sider}
            breakpoint="lg"
            collapsedWidth={64}
          >
            <SideMenu area={menuArea} />
          </Layout.Sider>
        )}
        <Layout.Content className={narrow ? `${styles.content} ${styles.contentNarrow}` : styles.content}>
          {forbidden ? <ForbiddenScreen /> : <Outlet />}
        </Layout.Content>
      </Layout>
      <NoticeDialog />
    </Layout>
  );
}
