/**
 * Every console route of §2 (plus the monitoring site under /monitor), as data: path, name, the screen
 * it shows or where it redirects, the permission it needs and the console area it sits in. The router
 * turns this table into React Router routes; the menu, the guard and the tests read the same table.
 * Each route's page title is the translation `routes.<name>`.
 */
import { matchRoutes, type RouteObject } from 'react-router';

/** Screens the router can show; each maps to one lazily loaded module in `pages.ts`. */
export const PAGE_IDS = [
  'login',
  'register',
  'first',
  'findpwdTel',
  'findpwdPassword',
  'findpwdFinish',
  'notFound',
  'download',
  'help',
  'gatewayList',
  'productList',
  'productAdd',
  'productEditInfo',
  'productEditSignal',
  'productEditPage',
  'monitorDevices',
  'monitorDeviceDetail',
  'monitorMap',
  'monitorShare',
  'devicePage',
  'designer',
  'productEditAlert',
  'productEditFormula',
  'productEditStorage',
  'alarmList',
  'messageCentre',
  'messagePreferences',
  'simList',
  'hardwareModels',
  'firmwareList',
  'appVersions',
  'agreements',
  'protocols',
  'productOta',
  'productKnowledge',
  'findpwdEmail',
  'findpwdQuestion',
  'equipmentList',
  'equipmentLog',
  'manageFeedback',
  'accountSecurity',
  'accountSetupValidate',
  'accountSetupPassword',
  'accountSetupTel',
  'accountSetupEmail',
  'accountSetupQuestion',
  'accountSetupSuccess',
  'accountInfo',
  'accountInfoEdit',
  'accountLog',
  'accountFeedback',
  'accountOrders',
  'firstPassword',
  'accountOp',
  'accountDev',
  'accountTer',
  'permissionAssign',
  'authorization',
  'dealerList',
  'dealerPermission',
  'companyInfo',
  'companyAuthentication',
  'productEditReport',
  'datacenter',
  'productReports',
  'workOrderList',
  'inspectionList',
  'operationsCentre',
] as const;

export type PageId = (typeof PAGE_IDS)[number];

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

/** The frame a screen sits in: the top level, the findpwd steps, a console area or the security setup. */
type ScreenFrame = '/' | 'findpwd' | ConsoleArea | 'setup';
const FRAMES: readonly ScreenFrame[] = ['/', 'findpwd', 'manage', 'monitor', 'account', 'setup'];

/**
 * Every screen route, one a line: its frame, path, name, screen, and the permission it needs (none:
 * exempt from the guard). /login.jsp is an alias of /login, so it carries the same name and stays
 * exempt. The page designer fills the whole window, so it sits outside the console layout and menu.
 */
const SCREEN_TABLE = `
  /       /login                                        Login                     login
  /       /login.jsp                                    Login                     login
  /       /404                                          404                       notFound
  /       /download                                     download                  download
  /       /help/:src                                    helpCenter                help
  /       /account/register                             AccountRegister           register
  /       /account/first                                AccountFirst              first
  /       /account/first-password                       AccountFirstPassword      firstPassword
  /       /account/register/first                       AccountFirstRegister      first
  /       /manage/product/:productId/designer/:pageId   ProductDesigner           designer              manage:product:designer
  findpwd tel                                           FindpwdTelValidate        findpwdTel
  findpwd email                                         FindpwdEmailValidate      findpwdEmail
  findpwd question                                      FindpwdQuestionValidate   findpwdQuestion
  findpwd password/:tel                                 FindpwdPassword           findpwdPassword
  findpwd finish                                        FindpwdFinish             findpwdFinish
  manage  gateway/list                                  GatewayList               gatewayList           manage:gateway
  manage  system/hardware                               SystemHardware            hardwareModels        manage:system:hardware
  manage  system/firmware                               SystemFirmware            firmwareList          manage:system:firmware
  manage  system/version                                SystemVersion             appVersions           manage:system:version
  manage  system/agreement                              SystemAgreement           agreements            manage:system:agreement
  manage  system/protocol                               SystemProtocol            protocols             manage:system:protocol
  manage  system/sim                                    SystemSim                 simList               manage:system:sim
  manage  product/list                                  ProductList               productList           manage:product
  manage  product/add                                   ProductAdd                productAdd            manage:product:edit
  manage  equipment                                     Equipment                 equipmentList         manage:equipment
  manage  equipment/:id/log                             EquipmentLog              equipmentLog          manage:equipment:log
  manage  feedback                                      ManageFeedback            manageFeedback        manage:feedback
  manage  account/op                                    AccountOp                 accountOp             manage:account:op
  manage  account/op/permission/:id/:roleId/:tel        AccountOpPermission       permissionAssign      manage:account:permission
  manage  account/dev                                   AccountDev                accountDev            manage:account:dev
  manage  account/ter                                   AccountTer                accountTer            manage:account:ter
  manage  dealer                                        Dealer                    dealerList            manage:dealer
  manage  dealer/permission/:id                         DealerPermission          dealerPermission      manage:dealer:permission
  manage  authorization                                 Authorization             authorization         manage:authorization
  manage  authorization/permission/:id/:account/:roleId AuthorizationPermission   permissionAssign      manage:authorization:permission
  manage  product/ota/:id                               ProductOta                productOta            manage:product:ota
  manage  product/knowledge/:id                         ProductKnowledge          productKnowledge      manage:product:knowledge
  setup   validate                                      SetupValidate             accountSetupValidate  account:security
  setup   password                                      SetupPassword             accountSetupPassword  account:security
  setup   tel/validate                                  SetupTelValidate          accountSetupValidate  account:security
  setup   tel                                           SetupTel                  accountSetupTel       account:security
  setup   email/validate                                SetupEmailValidate        accountSetupValidate  account:security
  setup   email                                         SetupEmail                accountSetupEmail     account:security
  setup   question/validate                             SetupQuestionValidate     accountSetupValidate  account:security
  setup   question                                      SetupQuestion             accountSetupQuestion  account:security
  setup   success/:type/:phone                          SetupSuccess              accountSetupSuccess   account:security
  account security/sms                                  SecuritySms               accountSecurity       account:security
  account security/nosms                                SecurityNoSms             accountSecurity       account:security
  account info/sms                                      InfoSms                   accountInfo           account:info
  account info/sms/edit/:isPerson                       InfoSmsEdit               accountInfoEdit       account:info
  account info/nosms                                    InfoNoSms                 accountInfo           account:info
  account log                                           AccountLog                accountLog            account:log
  account feedback                                      AccountFeedback           accountFeedback       account:feedback
  account orders                                        AccountOrders             accountOrders         account:order
  account info/company                                  InfoCompany               companyInfo           account:info
  account info/company/authentication                   InfoCompanyAuthentication companyAuthentication account:info
  monitor devices                                       MonitorDevices            monitorDevices        monitor:device
  monitor devices/:id                                   MonitorDeviceDetail       monitorDeviceDetail   monitor:device
  monitor devices/:id/pages/:pageId                     MonitorDevicePage         devicePage            monitor:device
  monitor alarms                                        MonitorAlarms             alarmList             monitor:alarm
  monitor datacenter                                    MonitorDatacenter         datacenter            monitor:datacenter
  monitor reports                                       MonitorReports            productReports        monitor:report
  monitor map                                           MonitorMap                monitorMap            monitor:map
  monitor share                                         MonitorShare              monitorShare          monitor:device
  monitor messages                                      MonitorMessages           messageCentre         monitor:message
  monitor messages/preferences                          MonitorMessagePreferences messagePreferences    monitor:message
  monitor workorders                                    MonitorWorkOrders         workOrderList         monitor:workorder
  monitor inspections                                   MonitorInspections        inspectionList        monitor:inspection
  monitor operations                                    MonitorOperations         operationsCentre      monitor:operations
`;

interface ScreenRow {
  frame: ScreenFrame;
  route: RouteDefinition;
}

function isPageId(text: string): text is PageId {
  return (PAGE_IDS as readonly string[]).includes(text);
}

function isScreenFrame(text: string): text is ScreenFrame {
  return (FRAMES as readonly string[]).includes(text);
}

/** The table's rows; a row naming an unknown frame or screen is a mistake in this file and throws. */
function parseScreens(table: string): ScreenRow[] {
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [frame = '', path, name = '', page = '', permission] = line.split(/\s+/);
      if (!isScreenFrame(frame) || !isPageId(page)) throw new Error(`route table: bad row "${line}"`);
      return { frame, route: permission ? { path, name, page, permission } : { path, name, page } };
    });
}

const SCREENS = parseScreens(SCREEN_TABLE);

/** The screen routes of one frame, in the table's order. */
function screensIn(frame: ScreenFrame): RouteDefinition[] {
  return SCREENS.filter((row) => row.frame === frame).map((row) => row.route);
}

const productEditFrame: RouteDefinition = {
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
};

const setupFrame: RouteDefinition = {
  path: 'security/sms/setup',
  name: 'SecuritySetupFrame',
  children: [
    { index: true, name: 'SecuritySetup', redirectTo: '/account/security/sms/setup/validate' },
    ...screensIn('setup'),
  ],
};

export const ROUTE_TABLE: readonly RouteDefinition[] = [
  { path: '/', name: 'Root', redirectTo: '/login' },
  { path: '/login.html', name: 'LegacyLogin', redirectTo: '/login' },
  ...screensIn('/'),
  {
    path: '/findpwd',
    name: 'FindPwdFrame',
    frame: 'findpwd',
    children: [{ index: true, name: 'FindPwd', redirectTo: '/findpwd/tel' }, ...screensIn('findpwd')],
  },
  {
    path: '/manage',
    name: 'ManageFrame',
    layout: 'manage',
    children: [
      { index: true, name: 'Manage', redirectTo: '/manage/equipment' },
      ...screensIn('manage'),
      productEditFrame,
    ],
  },
  {
    path: '/monitor',
    name: 'MonitorFrame',
    layout: 'monitor',
    children: [{ index: true, name: 'Monitor', redirectTo: '/monitor/devices' }, ...screensIn('monitor')],
  },
  {
    path: '/account',
    name: 'AccountFrame',
    layout: 'account',
    children: [
      { index: true, name: 'Account', redirectTo: '/account/security/sms' },
      ...screensIn('account'),
      setupFrame,
    ],
  },
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
