/**
 * Sign-in and recovery (open to anyone) and what a caller does with its own account.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { grant, view, change, self } from './table-builders.ts';

export const SESSION_ACTIONS = {
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
  'account.firstPassword': change('own', '修改一次性密码', 'Replace a one-time password', [grant('self')]),
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
} as const satisfies Record<string, ActionPolicy>;
