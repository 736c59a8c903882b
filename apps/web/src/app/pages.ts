/** The screen behind each page id of the route table, each in its own chunk. */
import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page.tsx';
import type { PageId } from './route-table.ts';

export const PAGES: Readonly<Record<PageId, ComponentType>> = {
  login: lazyPage(() => import('../features/auth/LoginPage.tsx')),
  register: lazyPage(() => import('../features/account/RegisterPage.tsx')),
  first: lazyPage(() => import('../features/account/FirstTimePage.tsx')),
  findpwdTel: lazyPage(() => import('../features/findpwd/FindpwdTelPage.tsx')),
  findpwdPassword: lazyPage(() => import('../features/findpwd/FindpwdPasswordPage.tsx')),
  findpwdFinish: lazyPage(() => import('../features/findpwd/FindpwdFinishPage.tsx')),
  notFound: lazyPage(() => import('../features/notfound/NotFoundPage.tsx')),
  download: lazyPage(() => import('../features/download/DownloadPage.tsx')),
  help: lazyPage(() => import('../features/help/HelpPage.tsx')),
  placeholder: lazyPage(() => import('../features/placeholder/PlaceholderPage.tsx')),
  gatewayList: lazyPage(() => import('../features/gateway/GatewayListPage.tsx')),
  productList: lazyPage(() => import('../features/product/ProductListPage.tsx')),
  productAdd: lazyPage(() => import('../features/product/ProductAddPage.tsx')),
  productEditInfo: lazyPage(() => import('../features/product/ProductInfoTab.tsx')),
  productEditSignal: lazyPage(() => import('../features/product/ProductSignalTab.tsx')),
  productEditPage: lazyPage(() => import('../features/designer-pages/ProductPagesTab.tsx')),
  monitorDevices: lazyPage(() => import('../features/monitor/DeviceListPage.tsx')),
  monitorDeviceDetail: lazyPage(() => import('../features/monitor/DeviceDetailPage.tsx')),
  devicePage: lazyPage(() => import('../features/runtime/DevicePageView.tsx')),
  designer: lazyPage(() => import('../designer/DesignerPage.tsx')),
  productEditAlert: lazyPage(() => import('../features/alarm/ProductAlertTab.tsx')),
  alarmList: lazyPage(() => import('../features/alarm/AlarmListPage.tsx')),
  messageCentre: lazyPage(() => import('../features/message/MessageCentrePage.tsx')),
  messagePreferences: lazyPage(() => import('../features/message/PreferencesPage.tsx')),
  simList: lazyPage(() => import('../features/sim/SimListPage.tsx')),
};
