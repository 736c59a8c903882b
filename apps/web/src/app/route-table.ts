/**
 * Every console route of §2 (plus the monitoring site under /monitor), as data: path, name, the screen
 * it shows or where it redirects, the permission it needs and the console area it sits in. The router
 * turns this table into React Router routes; the menu, the guard and the tests read the same table.
 * Each route's page title is the translation `routes.<name>`.
 */
import { matchRoutes, type RouteObject } from 'react-router';

/** Screens the router can show; each maps to one lazily loaded module in `pages.ts`. */
export type PageId =
  | 'login'
  | 'register'
  | 'first'
  | 'findpwdTel'
  | 'findpwdPassword'
  | 'findpwdFinish'
  | 'notFound'
  | 'download'
  | 'help'
  | 'gatewayList'
  | 'productList'
  | 'productAdd'
  | 'productEditInfo'
  | 'productEditSignal'
  | 'productEditPage'
  | 'monitorDevices'
  | 'monitorDeviceDetail'
  | 'monitorMap'
  | 'monitorShare'
  | 'devicePage'
  | 'designer'
  | 'productEditAlert'
  | 'productEditFormula'
  | 'productEditStorage'
  | 'alarmList'
  | 'messageCentre'
  | 'messagePreferences'
  | 'simList'
  | 'hardwareModels'
  | 'firmwareList'
  | 'appVersions'
  | 'agreements'
  | 'protocols'
  | 'productOta'
  | 'productKnowledge'
  | 'findpwdEmail'
  | 'findpwdQuestion'
  | 'equipmentList'
  | 'equipmentLog'
  | 'manageFeedback'
  | 'accountSecurity'
  | 'accountSetupValidate'
  | 'accountSetupPassword'
  | 'accountSetupTel'
  | 'accountSetupEmail'
  | 'accountSetupQuestion'
  | 'accountSetupSuccess'
  | 'accountInfo'
  | 'accountInfoEdit'
  | 'accountLog'
  | 'accountFeedback'
  | 'accountOrders'
  | 'firstPassword'
  | 'accountOp'
  | 'accountDev'
  | 'accountTer'
  | 'permissionAssign'
  | 'authorization'
  | 'dealerList'
  | 'dealerPermission'
  | 'companyInfo'
  | 'companyAuthentication'
  | 'productEditReport'
  | 'datacenter'
  | 'productReports'
  | 'workOrderList'
  | 'inspectionList'
  | 'operationsCentre';

export type ConsoleArea = 'manage' | 'monitor' | 'account';

export type RouteParams = Readonly<Record<string, string | undefined>>;

export interface RouteDefinition {
  /** Relative to the parent route; top-level paths start with `/`. */
  path?: string;
  index?: boolean;
  name: string;
  page?: PageId;
  /** Where this route sends the browser instead of rendering (absolute path, built from the params). */
  redirectTo?: string | ((params: RouteParams) => string);
  /** Permission code the signed-in user must hold (§6); exempt routes have none. */
  permission?: string;
  /** Wraps the children in the console layout of this area. */
  layout?: ConsoleArea;
  /** The findpwd steps share one frame with a progress bar. */
  frame?: 'findpwd';
  children?: RouteDefinition[];
}

const productEditTabs = ['info', 'signal', 'page', 'report', 'formula', 'alert', 'storage'] as const;
export type ProductEditTab = (typeof productEditTabs)[number];

/** The screen of each product tab. */
const PRODUCT_TAB_PAGES: Readonly<Record<ProductEditTab, PageId>> = {
  info: 'productEditInfo',
  signal: 'productEditSignal',
  page: 'productEditPage',
  report: 'productEditReport',
  alert: 'productEditAlert',
  formula: 'productEditFormula',
  storage: 'productEditStorage',
};

const capitalise = (word: string) => `${word.charAt(0).toUpperCase()}${word.slice(1)}`;

const manageRoutes: RouteDefinition[] = [
  { index: true, name: 'Manage', redirectTo: '/manage/equipment' },
  { path: 'gateway/list', name: 'GatewayList', page: 'gatewayList', permission: 'manage:gateway' },
  {
    path: 'system/hardware',
    name: 'SystemHardware',
    page: 'hardwareModels',
    permission: 'manage:system:hardware',
  },
  {
    path: 'system/firmware',
    name: 'SystemFirmware',
    page: 'firmwareList',
    permission: 'manage:system:firmware',
  },
  {
    path: 'system/version',
    name: 'SystemVersion',
    page: 'appVersions',
    permission: 'manage:system:version',
  },
  {
    path: 'system/agreement',
    name: 'SystemAgreement',
    page: 'agreements',
    permission: 'manage:system:agreement',
  },
  {
    path: 'system/protocol',
    name: 'SystemProtocol',
    page: 'protocols',
    permission: 'manage:system:protocol',
  },
  { path: 'system/sim', name: 'SystemSim', page: 'simList', permission: 'manage:system:sim' },
  { path: 'product/list', name: 'ProductList', page: 'productList', permission: 'manage:product' },
  { path: 'product/add', name: 'ProductAdd', page: 'productAdd', permission: 'manage:product:edit' },
  { path: 'equipment', name: 'Equipment', page: 'equipmentList', permission: 'manage:equipment' },
  {
    path: 'equipment/:id/log',
    name: 'EquipmentLog',
    page: 'equipmentLog',
    permission: 'manage:equipment:log',
  },
  { path: 'feedback', name: 'ManageFeedback', page: 'manageFeedback', permission: 'manage:feedback' },
  { path: 'account/op', name: 'AccountOp', page: 'accountOp', permission: 'manage:account:op' },
  {
    path: 'account/op/permission/:id/:roleId/:tel',
    name: 'AccountOpPermission',
    page: 'permissionAssign',
    permission: 'manage:account:permission',
  },
  { path: 'account/dev', name: 'AccountDev', page: 'accountDev', permission: 'manage:account:dev' },
  { path: 'account/ter', name: 'AccountTer', page: 'accountTer', permission: 'manage:account:ter' },
  { path: 'dealer', name: 'Dealer', page: 'dealerList', permission: 'manage:dealer' },
  {
    path: 'dealer/permission/:id',
    name: 'DealerPermission',
    page: 'dealerPermission',
    permission: 'manage:dealer:permission',
  },
  { path: 'authorization', name: 'Authorization', page: 'authorization', permission: 'manage:authorization' },
  {
    path: 'authorization/permission/:id/:account/:roleId',
    name: 'AuthorizationPermission',
    page: 'permissionAssign',
    permission: 'manage:authorization:permission',
  },
  { path: 'product/ota/:id', name: 'ProductOta', page: 'productOta', permission: 'manage:product:ota' },
  {
    path: 'product/knowledge/:id',
    name: 'ProductKnowledge',
    page: 'productKnowledge',
    permission: 'manage:product:knowledge',
  },
  {
    path: 'product/edit/:id',
    name: 'ProductEditFrame',
    children: [
      {
        index: true,
        name: 'ProductEdit',
        redirectTo: (params) => `/manage/product/edit/${encodeURIComponent(params.id ?? '')}/info`,
      },
      ...productEditTabs.map((tab) => ({
        path: tab,
        name: `ProductEdit${capitalise(tab)}`,
        page: PRODUCT_TAB_PAGES[tab],
        permission: 'manage:product',
      })),
    ],
  },
];

const setupSteps: RouteDefinition[] = [
  { index: true, name: 'SecuritySetup', redirectTo: '/account/security/sms/setup/validate' },
  { path: 'validate', name: 'SetupValidate', page: 'accountSetupValidate', permission: 'account:security' },
  { path: 'password', name: 'SetupPassword', page: 'accountSetupPassword', permission: 'account:security' },
  {
    path: 'tel/validate',
    name: 'SetupTelValidate',
    page: 'accountSetupValidate',
    permission: 'account:security',
  },
  { path: 'tel', name: 'SetupTel', page: 'accountSetupTel', permission: 'account:security' },
  {
    path: 'email/validate',
    name: 'SetupEmailValidate',
    page: 'accountSetupValidate',
    permission: 'account:security',
  },
  { path: 'email', name: 'SetupEmail', page: 'accountSetupEmail', permission: 'account:security' },
  {
    path: 'question/validate',
    name: 'SetupQuestionValidate',
    page: 'accountSetupValidate',
    permission: 'account:security',
  },
  { path: 'question', name: 'SetupQuestion', page: 'accountSetupQuestion', permission: 'account:security' },
  {
    path: 'success/:type/:phone',
    name: 'SetupSuccess',
    page: 'accountSetupSuccess',
    permission: 'account:security',
  },
];

const accountRoutes: RouteDefinition[] = [
  { index: true, name: 'Account', redirectTo: '/account/security/sms' },
  { path: 'security/sms', name: 'SecuritySms', page: 'accountSecurity', permission: 'account:security' },
  { path: 'security/nosms', name: 'SecurityNoSms', page: 'accountSecurity', permission: 'account:security' },
  { path: 'security/sms/setup', name: 'SecuritySetupFrame', children: setupSteps },
  { path: 'info/sms', name: 'InfoSms', page: 'accountInfo', permission: 'account:info' },
  {
    path: 'info/sms/edit/:isPerson',
    name: 'InfoSmsEdit',
    page: 'accountInfoEdit',
    permission: 'account:info',
  },
  { path: 'info/nosms', name: 'InfoNoSms', page: 'accountInfo', permission: 'account:info' },
  { path: 'log', name: 'AccountLog', page: 'accountLog', permission: 'account:log' },
  { path: 'feedback', name: 'AccountFeedback', page: 'accountFeedback', permission: 'account:feedback' },
  { path: 'orders', name: 'AccountOrders', page: 'accountOrders', permission: 'account:order' },
  { path: 'info/company', name: 'InfoCompany', page: 'companyInfo', permission: 'account:info' },
  {
    path: 'info/company/authentication',
    name: 'InfoCompanyAuthentication',
    page: 'companyAuthentication',
    permission: 'account:info',
  },
];

const monitorRoutes: RouteDefinition[] = [
  { index: true, name: 'Monitor', redirectTo: '/monitor/devices' },
  { path: 'devices', name: 'MonitorDevices', page: 'monitorDevices', permission: 'monitor:device' },
  {
    path: 'devices/:id',
    name: 'MonitorDeviceDetail',
    page: 'monitorDeviceDetail',
    permission: 'monitor:device',
  },
  {
    path: 'devices/:id/pages/:pageId',
    name: 'MonitorDevicePage',
    page: 'devicePage',
    permission: 'monitor:device',
  },
  { path: 'alarms', name: 'MonitorAlarms', page: 'alarmList', permission: 'monitor:alarm' },
  { path: 'datacenter', name: 'MonitorDatacenter', page: 'datacenter', permission: 'monitor:datacenter' },
  { path: 'reports', name: 'MonitorReports', page: 'productReports', permission: 'monitor:report' },
  { path: 'map', name: 'MonitorMap', page: 'monitorMap', permission: 'monitor:map' },
  { path: 'share', name: 'MonitorShare', page: 'monitorShare', permission: 'monitor:device' },
  { path: 'messages', name: 'MonitorMessages', page: 'messageCentre', permission: 'monitor:message' },
  {
    path: 'messages/preferences',
    name: 'MonitorMessagePreferences',
    page: 'messagePreferences',
    permission: 'monitor:message',
  },
  { path: 'workorders', name: 'MonitorWorkOrders', page: 'workOrderList', permission: 'monitor:workorder' },
  {
    path: 'inspections',
    name: 'MonitorInspections',
    page: 'inspectionList',
    permission: 'monitor:inspection',
  },
  {
    path: 'operations',
    name: 'MonitorOperations',
    page: 'operationsCentre',
    permission: 'monitor:operations',
  },
];

export const ROUTE_TABLE: readonly RouteDefinition[] = [
  { path: '/', name: 'Root', redirectTo: '/login' },
  // /login.jsp is an alias of /login, so it carries the same name and stays exempt from the guard.
  { path: '/login', name: 'Login', page: 'login' },
  { path: '/login.jsp', name: 'Login', page: 'login' },
  { path: '/login.html', name: 'LegacyLogin', redirectTo: '/login' },
  { path: '/404', name: '404', page: 'notFound' },
  { path: '/download', name: 'download', page: 'download' },
  { path: '/help/:src', name: 'helpCenter', page: 'help' },
  {
    path: '/findpwd',
    name: 'FindPwdFrame',
    frame: 'findpwd',
    children: [
      { index: true, name: 'FindPwd', redirectTo: '/findpwd/tel' },
      { path: 'tel', name: 'FindpwdTelValidate', page: 'findpwdTel' },
      { path: 'email', name: 'FindpwdEmailValidate', page: 'findpwdEmail' },
      { path: 'question', name: 'FindpwdQuestionValidate', page: 'findpwdQuestion' },
      { path: 'password/:tel', name: 'FindpwdPassword', page: 'findpwdPassword' },
      { path: 'finish', name: 'FindpwdFinish', page: 'findpwdFinish' },
    ],
  },
  { path: '/account/register', name: 'AccountRegister', page: 'register' },
  { path: '/account/first', name: 'AccountFirst', page: 'first' },
  { path: '/account/first-password', name: 'AccountFirstPassword', page: 'firstPassword' },
  { path: '/account/register/first', name: 'AccountFirstRegister', page: 'first' },
  { path: '/manage', name: 'ManageFrame', layout: 'manage', children: manageRoutes },
  // The page designer fills the whole window, so it sits outside the console layout and the menu.
  {
    path: '/manage/product/:productId/designer/:pageId',
    name: 'ProductDesigner',
    page: 'designer',
    permission: 'manage:product:designer',
  },
  { path: '/monitor', name: 'MonitorFrame', layout: 'monitor', children: monitorRoutes },
  { path: '/account', name: 'AccountFrame', layout: 'account', children: accountRoutes },
  { path: '*', name: 'Unknown', redirectTo: '/404' },
];

/** Names a definition gives to a frame only (a route that just groups children); they have no title. */
export function isFrame(definition: RouteDefinition): boolean {
  return !definition.page && !definition.redirectTo;
}

/** Every definition of the table, depth first. */
export function listRoutes(table: readonly RouteDefinition[] = ROUTE_TABLE): RouteDefinition[] {
  return table.flatMap((definition) => [definition, ...listRoutes(definition.children ?? [])]);
}

function toMatchable(definition: RouteDefinition): RouteObject {
  if (definition.index) return { index: true, handle: definition };
  return { path: definition.path, handle: definition, children: definition.children?.map(toMatchable) };
}

const matchableTable = ROUTE_TABLE.map(toMatchable);

/** The innermost definition a path matches, with its parameters, before any redirect. */
export function matchRouteTable(
  pathname: string,
): { route: RouteDefinition; params: RouteParams } | undefined {
  const leaf = matchRoutes(matchableTable, pathname)?.at(-1);
  return leaf ? { route: leaf.route.handle as RouteDefinition, params: leaf.params } : undefined;
}
