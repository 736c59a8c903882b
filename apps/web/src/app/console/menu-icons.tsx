/** Icons of the menu entries, by permission code. */
import {
  ApiOutlined,
  AppstoreOutlined,
  AuditOutlined,
  ClusterOutlined,
  DesktopOutlined,
  EnvironmentOutlined,
  FileSearchOutlined,
  IdcardOutlined,
  MessageOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

export const MENU_ICONS: Readonly<Record<string, ReactNode>> = {
  'manage:equipment': <DesktopOutlined />,
  'manage:gateway': <ApiOutlined />,
  'manage:product': <AppstoreOutlined />,
  'manage:system': <SettingOutlined />,
  'manage:account': <TeamOutlined />,
  'manage:dealer': <ShopOutlined />,
  'manage:authorization': <AuditOutlined />,
  'monitor:device': <ClusterOutlined />,
  'monitor:map': <EnvironmentOutlined />,
  'monitor:message': <MessageOutlined />,
  'monitor:workorder': <ToolOutlined />,
  'monitor:inspection': <FileSearchOutlined />,
  'account:security': <SafetyCertificateOutlined />,
  'account:info': <IdcardOutlined />,
  manage: <AppstoreOutlined />,
  monitor: <ClusterOutlined />,
  account: <UserOutlined />,
};
