/**
 * The authorization policy (§6) as one table: every action on every kind of object names the
 * permission codes it needs and the relation between caller and object that allows it. An action
 * is allowed when any of its grants matches: the caller holds one of the grant's codes (a grant
 * with no codes needs none) and the grant's relation holds for the object.
 *
 * Viewing never implies changing: view codes appear only in the grants of view actions; changes
 * need edit codes (staff) or ownership (an owner changes its own device through the device menu).
 * Writing values needs `monitor:device:write` and a relation that allows writing.
 *
 * The server decides with this table alone (apps/server/src/policy/authorize.ts); every route
 * declares its action; the console shows what it allows; docs/permissions.md is written from it.
 */
import type { ErrorCode } from '../errors/catalogue.ts';
import type { Relation } from './relations.ts';

export const OBJECT_KINDS = {
  session: { zh: '登录与找回', en: 'Sign-in and recovery' },
  own: { zh: '本人账号', en: "The caller's own account" },
  platform: { zh: '平台目录与设置', en: 'Platform catalogues and settings' },
  device: { zh: '设备', en: 'Device' },
  gateway: { zh: '网关', en: 'Gateway' },
  product: { zh: '产品', en: 'Product' },
  page: { zh: '组态页面', en: 'Designer page' },
  share: { zh: '设备分享', en: 'Device share' },
  file: { zh: '文件', en: 'File' },
  firmware: { zh: '固件', en: 'Firmware' },
  workOrder: { zh: '工单', en: 'Work order' },
  inspection: { zh: '巡检', en: 'Inspection' },
  alarmRule: { zh: '报警规则', en: 'Alarm rule' },
  alarmRecord: { zh: '报警记录', en: 'Alarm record' },
  report: { zh: '报表', en: 'Report' },
  message: { zh: '消息', en: 'Message' },
  account: { zh: '账号', en: 'Account' },
  role: { zh: '角色', en: 'Role' },
  dealer: { zh: '经销商', en: 'Dealer' },
} as const;
export type ObjectKind = keyof typeof OBJECT_KINDS;

export interface Grant {
  /** One of these codes is needed; none listed: the relation alone decides. */
  readonly codes: readonly string[];
  readonly relation: Relation;
}

export interface ActionPolicy {
  readonly object: ObjectKind;
  /** Changes something (an edit, a command to a machine, a deletion); view actions do not. */
  readonly change: boolean;
  readonly grants: readonly Grant[];
  /** The answer when no grant's codes are held (1201 unless the screen has its own). */
  readonly refusal?: ErrorCode;
  /**
   * The answer instead, when the caller reaches the object through `relation` and no grant allows
   * the action (a share that does not let its receiver share further: 1211).
   */
  readonly refusalThrough?: { readonly relation: Relation; readonly refusal: ErrorCode };
  readonly zh: string;
  readonly en: string;
}

const grant = (relation: Relation, ...codes: string[]): Grant => ({ codes, relation });
const view = (
  object: ObjectKind,
  zh: string,
  en: string,
  grants: Grant[],
  refusal?: ErrorCode,
): ActionPolicy => ({ object, change: false, grants, zh, en, ...(refusal ? { refusal } : {}) });
const change = (
  object: ObjectKind,
  zh: string,
  en: string,
  grants: Grant[],
  refusal?: ErrorCode,
): ActionPolicy => ({ object, change: true, grants, zh, en, ...(refusal ? { refusal } : {}) });

// Recurring grant sets.
const DEVICE_VIEW = [grant('visible', 'monitor:device:view', 'manage:equipment:view')];
/** A change to a device: staff with the edit code in scope, or its owner from the device menu. */
const DEVICE_CHANGE = [grant('staffInScope', 'manage:equipment:edit'), grant('owner', 'monitor:device')];
const PRODUCT_VIEW = [grant('visible', 'manage:product:view')];
const productChange = (code: string) => [grant('staffInScope', code), grant('developerOfProduct', code)];
const PRODUCT_EDIT = productChange('manage:product:edit');
const platform = (...codes: string[]) => [grant('platform', ...codes)];
const self = (...codes: string[]) => [grant('self', ...codes)];
const administers = (...codes: string[]) => [grant('administers', ...codes)];

export const POLICY = {
  // Sign-in, recovery and what the sign-in pages show: open to anyone.
  'session.signIn': view('session', '登录、注册与验证码', 'Sign in, register, captcha and SMS codes', [
    grant('public'),
  ]),
  'session.recoverPassword': view('session', '找回密码', 'Recover a forgotten password', [grant('public')]),
  'session.publicCatalogue': view('platform', '下载页与协议', 'Latest app version and agreement texts', [
    grant('public'),
  ]),
  'file.download': view('file', '下载页面图片与附件', 'Download an uploaded file', [grant('public')]),
  'broker.check': view('platform', 'MQTT 代理认证与 ACL', "The broker's authentication and ACL hooks", [
    grant('public'),
  ]),
  'firmware.gatewayDownload': view(
    'firmware',
    '网关下载固件（网关凭据）',
    'A gateway downloads firmware (its own credentials)',
    [grant('public')],
  ),

  // The caller's own account.
  'account.read': view('own', '本人账号信息', "The caller's account information", [grant('self')]),
  'account.complete': change('own', '首次完善资料', 'Complete the first-time setup', [grant('self')]),
  'account.changeCompany': change('own', '切换企业', 'Switch company', [grant('self')]),
  'account.security': change(
    'own',
    '安全设置（密码、手机、邮箱、密保）',
    'Security settings (password, phone, email, questions)',
    self('account:security'),
  ),
  'account.profile': change(
    'own',
    '个人资料与企业认证',
    'Profile, avatar and company certification',
    self('account:info'),
  ),
  'account.log': view('own', '本人操作日志', "The caller's operation log", self('account:log')),
  'account.sessions': view(
    'own',
    '本人登录会话',
    "The caller's open sign-in sessions",
    self('account:security'),
  ),
  'account.endSessions': change(
    'own',
    '结束本人的登录会话',
    "End the caller's own sign-in sessions",
    self('account:security'),
  ),
  'account.feedback': change(
    'own',
    '提交与查看本人反馈',
    "Give feedback and read the caller's own",
    self('account:feedback'),
  ),
  'account.orders': view('own', '订单与发票', 'Orders and invoices', self('account:order')),
  'account.preferences': change(
    'own',
    '本人的报警分组偏好与摄像头密钥',
    "The caller's alarm group preferences and camera keys",
    [grant('self')],
  ),
  'file.upload': change('file', '上传文件', 'Upload a file', [grant('self')]),
  'message.read': view('message', '消息中心', 'Message centre', self('monitor:message')),
  'platform.settings': view(
    'platform',
    '地图与天气等公共设置',
    'Map tiles, weather and other platform settings',
    [grant('signedIn')],
  ),

  // Devices.
  'device.list': view('device', '设备列表、分组、导出', 'Device lists, groups and export', DEVICE_VIEW),
  'device.view': view(
    'device',
    '设备详情、页面、变量、配置与知识库',
    'Device detail, pages, variables, configuration and knowledge',
    DEVICE_VIEW,
  ),
  'device.values': view('device', '设备实时数值', 'Live values of a device', DEVICE_VIEW),
  'device.readValues': view(
    'device',
    '读取设备数值（命令）',
    'Read values from the device (command)',
    DEVICE_VIEW,
  ),
  'device.commandResult': view(
    'device',
    '查询本人命令的结果',
    "Poll the result of the caller's own command",
    [grant('signedIn')],
  ),
  'device.camera': change('device', '控制摄像头', 'Control a camera widget', [grant('visible')]),
  'device.scriptStatus': view('device', '设备脚本状态', 'Script states of a device', [grant('visible')]),
  'device.write': change('device', '写入设备数值', 'Write values to a running device', [
    grant('owner', 'monitor:device:write'),
    grant('grantWithWrite', 'monitor:device:write'),
    grant('dealerWithDebug', 'monitor:device:write'),
    grant('staffInScope', 'monitor:device:write'),
  ]),
  // The tag browser: a product's developer (or staff who edit products) browses an OPC UA server
  // through a device of the product; nothing on the device changes.
  'device.browseOpcUa': view(
    'device',
    '通过设备网关浏览 OPC UA 服务器（标签浏览器）',
    "Browse an OPC UA server through a device's gateway (tag browser)",
    [grant('developerOfProduct', 'manage:product:edit'), grant('staffInScope', 'manage:product:edit')],
  ),
  'device.bind': change('device', '绑定设备（成为所有者）', 'Bind a device (the caller becomes its owner)', [
    grant('staffInScope', 'manage:equipment:edit'),
    grant('self', 'monitor:device'),
  ]),
  'device.edit': change(
    'device',
    '编辑设备、分组与导入',
    'Edit a device, its group, import devices',
    DEVICE_CHANGE,
  ),
  'device.unbind': change('device', '解绑设备', 'Unbind a device', DEVICE_CHANGE),
  'device.configure': change(
    'device',
    '保存设备配置、模板绑定/同步/回滚',
    "Save a device's configuration; bind, sync and roll back templates",
    DEVICE_CHANGE,
  ),
  'device.sync': change(
    'device',
    '同步配置到网关',
    'Push the configuration to the gateway again',
    DEVICE_CHANGE,
  ),
  'device.restartGateway': change('device', '重启网关', "Restart the device's gateway", DEVICE_CHANGE),
  'device.resetGateway': change(
    'device',
    '网关恢复出厂',
    "Factory-reset the device's gateway",
    DEVICE_CHANGE,
  ),
  'device.clearData': change(
    'device',
    '清除历史与报警记录',
    'Clear history and alarm records',
    DEVICE_CHANGE,
  ),
  'device.replaceGateway': change('device', '更换网关', "Replace the device's gateway", DEVICE_CHANGE),
  'device.configureGateway': change(
    'device',
    '保存网关远程设置',
    "Save the gateway's remote settings",
    DEVICE_CHANGE,
  ),
  'device.gatewaySettings': view(
    'device',
    '网关远程设置（网络、PLC 地址）',
    "The gateway's remote settings (network, PLC addresses)",
    [
      grant('staffInScope', 'manage:equipment:view', 'monitor:device:view'),
      grant('owner', 'monitor:device:view', 'manage:equipment:view'),
      grant('developerOfProduct', 'monitor:device:view', 'manage:equipment:view'),
      grant('dealerOfCustomer', 'monitor:device:view', 'manage:equipment:view'),
      grant('shareMenu:gateway', 'monitor:device:view', 'manage:equipment:view'),
    ],
  ),
  'device.refreshPosition': view(
    'device',
    '刷新设备位置（读取定位）',
    "Refresh a device's position (read from the gateway)",
    [
      grant('owner', 'monitor:map', 'monitor:device:view', 'manage:equipment:view'),
      grant('grantWithWrite', 'monitor:map', 'monitor:device:view', 'manage:equipment:view'),
      grant('dealerWithDebug', 'monitor:map', 'monitor:device:view', 'manage:equipment:view'),
      grant('staffInScope', 'monitor:map', 'monitor:device:view', 'manage:equipment:view'),
    ],
  ),
  'device.map': view('device', '地图与轨迹', 'Map and track', [
    grant('visible', 'monitor:map', 'monitor:device:view', 'manage:equipment:view'),
  ]),
  'device.grants': view('device', '设备授权列表', "A device's grants", [
    grant('staffInScope', 'manage:equipment:view'),
  ]),
  'device.grant': change('device', '授权与撤销设备', 'Grant or revoke a device', [
    grant('staffInScope', 'manage:equipment:edit'),
  ]),
  // Dealers and developers hold the back-office device menu too: they see the devices they may see.
  'device.log': view('device', '设备日志', 'Device log', [grant('visible', 'manage:equipment:log')]),
  'device.staffList': view('device', '后台设备列表与导出', 'The back-office device list and export', [
    grant('visible', 'manage:equipment:view'),
  ]),
  'share.list': view(
    'share',
    '设备的分享（管理者看全部，分享者看自己的）',
    "A device's shares (managers see all, a sharer its own)",
    [grant('visible', 'monitor:device:share', 'manage:equipment:edit')],
  ),
  // Sharing further: the owner, staff in scope, an authorization, or a share that allows it.
  'share.add': {
    ...change('share', '分享设备', 'Share a device by link or password', [
      grant('owner', 'monitor:device:share'),
      grant('staffInScope', 'monitor:device:share', 'manage:equipment:edit'),
      grant('authorization', 'monitor:device:share'),
      grant('grantWithReshare', 'monitor:device:share'),
    ]),
    refusalThrough: { relation: 'grant', refusal: '1211' },
  },
  // Every share of the device (a sharer always sees and revokes the shares it made).
  'share.manage': change('share', '查看与撤销设备的全部分享', 'See and revoke every share of a device', [
    grant('owner', 'monitor:device:share'),
    grant('staffInScope', 'manage:equipment:edit'),
  ]),
  'share.accept': change('share', '预览与接受分享', 'Preview and accept a share', [
    grant('self', 'monitor:device', 'manage:equipment'),
  ]),

  // Monitoring screens over visible devices.
  'history.view': view('device', '历史数据与曲线', 'History data and curves', [
    grant('visible', 'monitor:history', 'monitor:device:view'),
  ]),
  'history.export': view('device', '导出历史数据', 'Export history data', [
    grant('visible', 'monitor:history:export'),
  ]),
  'report.view': view('report', '历史报表', 'History reports', [
    grant('visible', 'monitor:report', 'monitor:history'),
  ]),
  'report.export': view('report', '导出历史报表', 'Export history reports', [
    grant('visible', 'monitor:report:export', 'monitor:history:export'),
  ]),
  'datacenter.view': view('report', '数据中心', 'Data centre', [grant('visible', 'monitor:datacenter')]),
  'alarmRecord.view': view(
    'alarmRecord',
    '报警记录',
    'Alarm records',
    [grant('visible', 'monitor:alarm:view')],
    '2116',
  ),
  'alarmRecord.export': view('alarmRecord', '导出报警记录', 'Export alarm records', [
    grant('visible', 'monitor:alarm:export'),
  ]),
  'alarmRecord.acknowledge': change('alarmRecord', '确认报警', 'Acknowledge an alarm', [
    grant('visible', 'monitor:alarm:acknowledge'),
  ]),
  'workOrder.view': view('workOrder', '工单列表与详情', 'Work orders and their detail', [
    grant('visible', 'monitor:workorder'),
  ]),
  'workOrder.export': view('workOrder', '导出工单', 'Export work orders', [
    grant('visible', 'monitor:workorder:export'),
  ]),
  'workOrder.create': change('workOrder', '创建工单', 'Create a work order', [
    grant('visible', 'monitor:workorder'),
  ]),
  'workOrder.dispatch': change('workOrder', '派单', 'Dispatch a work order', [
    grant('owner', 'monitor:workorder:dispatch'),
    grant('staffInScope', 'monitor:workorder:dispatch'),
  ]),
  'workOrder.act': change('workOrder', '处理与评论工单', 'Act on and comment a work order', [
    grant('visible', 'monitor:workorder'),
  ]),
  'inspection.view': view('inspection', '巡检计划与任务', 'Inspection plans and tasks', [
    grant('visible', 'monitor:inspection'),
  ]),
  'inspection.plan': change(
    'inspection',
    '新建巡检计划（所见的设备）',
    'Create inspection plans (over devices the caller sees)',
    [grant('visible', 'monitor:inspection:plan')],
    '2417',
  ),
  // A plan is changed by the one who made it, or by staff whose scope holds every device of it.
  'inspection.editPlan': change(
    'inspection',
    '编辑与删除巡检计划',
    'Edit or delete an inspection plan',
    [grant('owner', 'monitor:inspection:plan'), grant('staffInScope', 'monitor:inspection:plan')],
    '2417',
  ),
  'inspection.task': change('inspection', '执行巡检任务', 'Record, finish or abort an inspection task', [
    grant('visible', 'monitor:inspection'),
  ]),
  'operations.view': view('device', '运维中心', 'Operations centre', [
    grant('visible', 'monitor:operations'),
  ]),

  // Gateways.
  'gateway.list': view('gateway', '网关列表', 'Gateway list', [grant('visible', 'manage:gateway:view')]),
  'gateway.view': view('gateway', '网关详情与凭据', 'Gateway detail and credentials', [
    grant('visible', 'manage:gateway:view'),
  ]),
  'gateway.create': change('gateway', '批量添加网关', 'Add gateways', [
    grant('staffInScope', 'manage:gateway:edit'),
  ]),
  'gateway.import': change('gateway', '导入网关', 'Import gateways', [
    grant('staffInScope', 'manage:gateway:import'),
  ]),
  'gateway.export': view('gateway', '导出网关', 'Export gateways', [
    grant('visible', 'manage:gateway:import'),
  ]),
  'gateway.credentials': view('gateway', '网关凭据', "A gateway's credentials", [
    grant('staffInScope', 'manage:gateway:view'),
    grant('owner', 'manage:gateway:view'),
  ]),
  'gateway.edit': change('gateway', '编辑网关备注', "Edit a gateway's remark", [
    grant('staffInScope', 'manage:gateway:edit'),
    grant('owner', 'manage:gateway:edit'),
    grant('developerOfProduct', 'manage:gateway:edit'),
  ]),
  'gateway.delete': change('gateway', '删除未绑定的网关', 'Delete gateways no device is bound to', [
    grant('staffInScope', 'manage:gateway:edit'),
  ]),

  // Products and what belongs to them.
  'product.list': view('product', '产品列表与详情', 'Products and their detail', PRODUCT_VIEW),
  'product.options': view('product', '可选产品（绑定、筛选）', 'Products to choose from (binding, filters)', [
    grant('signedIn'),
  ]),
  'product.create': change('product', '创建与导入产品', 'Create or import a product', [
    grant('self', 'manage:product:edit'),
  ]),
  'product.edit': change(
    'product',
    '编辑产品、驱动与变量',
    'Edit a product, its drivers and variables',
    PRODUCT_EDIT,
  ),
  'product.publish': change(
    'product',
    '发布与撤回产品',
    'Publish or withdraw a product',
    productChange('manage:product:publish'),
  ),
  'page.view': view('page', '查看组态页面', 'Designer pages', [
    grant('visible', 'manage:product:designer', 'manage:product:view'),
  ]),
  'page.design': change('page', '设计组态页面', 'Design pages', productChange('manage:product:designer')),
  'knowledge.view': view('product', '产品知识库', "A product's knowledge base", PRODUCT_VIEW),
  'knowledge.edit': change(
    'product',
    '编辑知识库',
    'Edit the knowledge base',
    productChange('manage:product:knowledge'),
  ),
  'alarmRule.view': view('alarmRule', '报警规则与分组', 'Alarm rules and groups', PRODUCT_VIEW),
  'alarmRule.edit': change('alarmRule', '编辑报警规则与分组', 'Edit alarm rules and groups', PRODUCT_EDIT),
  'report.definitionView': view('report', '报表定义', 'Report definitions', PRODUCT_VIEW),
  'report.definitionEdit': change('report', '编辑报表定义', 'Edit report definitions', PRODUCT_EDIT),
  'edgeLogic.view': view('product', '公式与脚本', 'Formulas and scripts', PRODUCT_VIEW),
  'edgeLogic.edit': change('product', '编辑公式与脚本', 'Edit formulas and scripts', PRODUCT_EDIT),
  'ota.manage': change('firmware', 'OTA 升级任务', 'OTA upgrade tasks', productChange('manage:product:ota')),

  // Platform catalogues.
  'hardwareModel.view': view(
    'platform',
    '硬件型号',
    'Hardware models',
    platform('manage:system:hardware', 'manage:product:view', 'manage:gateway:view'),
  ),
  'hardwareModel.edit': change(
    'platform',
    '编辑硬件型号',
    'Edit hardware models',
    platform('manage:system:hardware'),
  ),
  'firmware.manage': change('firmware', '固件管理', 'Firmware', platform('manage:system:firmware')),
  'appVersion.manage': change('platform', '版本维护', 'App versions', platform('manage:system:version')),
  'agreement.manage': change('platform', '用户协议', 'User agreements', platform('manage:system:agreement')),
  'protocol.view': view(
    'platform',
    '通讯协议与驱动模型',
    'Protocols and driver models',
    platform('manage:system:protocol', 'manage:product:edit'),
  ),
  'protocol.manage': change(
    'platform',
    '编辑驱动模型',
    'Edit driver models',
    platform('manage:system:protocol'),
  ),
  'announcement.publish': change(
    'message',
    '发布系统公告',
    'Publish an announcement',
    platform('manage:system:announcement'),
  ),
  'sim.manage': change('platform', 'SIM 卡管理', 'SIM cards', platform('manage:system:sim')),
  'feedback.view': view('platform', '查看意见反馈', 'Read feedback', platform('manage:feedback')),
  'feedback.reply': change(
    'platform',
    '回复意见反馈',
    'Reply to feedback',
    platform('manage:feedback:reply'),
  ),

  // Administration (the admin service applies the grant ceiling to each object).
  'account.list': view(
    'account',
    '账号列表与详情',
    'Accounts and their detail',
    administers('manage:account:op', 'manage:account:dev', 'manage:account:ter'),
  ),
  'account.create': change(
    'account',
    '添加账号',
    'Add an account',
    administers('manage:account:op', 'manage:account:dev'),
  ),
  'account.administer': change(
    'account',
    '重置密码、启用停用、删除账号',
    "Reset an account's password, enable, disable or delete it",
    administers('manage:account:op', 'manage:account:dev', 'manage:account:ter'),
  ),
  // Who adds staff or developers picks their role, so reads the roles too.
  'role.list': view(
    'role',
    '角色列表',
    'Roles',
    administers(
      'manage:authorization',
      'manage:account:permission',
      'manage:account:op',
      'manage:account:dev',
    ),
  ),
  'role.edit': change('role', '编辑与删除角色', 'Save and delete roles', administers('manage:authorization')),
  'role.assign': change(
    'role',
    '分配角色',
    'Assign a role',
    administers('manage:account:permission', 'manage:authorization:permission'),
  ),
  'authorization.list': view('role', '授权列表', 'Authorizations', administers('manage:authorization')),
  'admin.productOptions': view(
    'product',
    '授权时可选的产品',
    'Products to choose when authorizing',
    administers('manage:authorization', 'manage:account:permission', 'manage:dealer:permission'),
  ),
  'dealer.list': view('dealer', '经销商列表', 'Dealers', administers('manage:dealer')),
  'dealer.detail': view(
    'dealer',
    '经销商详情',
    'Dealer detail',
    administers('manage:dealer', 'manage:dealer:permission'),
  ),
  'dealer.certify': change(
    'dealer',
    '认证、编辑与取消经销商',
    'Certify, edit and cancel dealers',
    administers('manage:dealer:permission'),
  ),
  'certification.list': view(
    'account',
    '企业认证申请',
    'Enterprise certification requests',
    administers('manage:account:ter'),
  ),
  'certification.decide': change(
    'account',
    '企业认证审核',
    'Enterprise certification',
    administers('manage:account:ter'),
  ),
} as const satisfies Record<string, ActionPolicy>;

export type ActionName = keyof typeof POLICY;
export const ACTION_NAMES = Object.keys(POLICY) as ActionName[];

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(POLICY, name);
}

export function policyOf(action: ActionName): ActionPolicy {
  return POLICY[action];
}
