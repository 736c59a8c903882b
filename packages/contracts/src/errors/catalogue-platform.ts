/**
 * The catalogue's platform codes (1xxx): request and session, sign-in and accounts, permissions,
 * commands, writes, gateways and devices, console, device faults and field protocols, resources.
 */
import { entry, type CatalogueEntry } from './catalogue-entry.ts';

export const PLATFORM_ERRORS = {
  // Request and session
  '1001': entry('缺少参数：{field}', 'Missing parameter: {field}'),
  '1002': entry('参数不正确：{field}', 'Invalid parameter: {field}'),
  '1003': entry('暂无数据或无权访问', 'No data, or you have no access to it', 404),
  '1004': entry('请求过于频繁，请 {seconds} 秒后再试', 'Too many requests, try again in {seconds} s', 429),
  '1005': entry('请求体过大', 'The request is too large', 413),
  '1006': entry('登录已过期，请重新登录', 'Your session has expired, please sign in again', 401),
  '1007': entry('权限信息获取失败，请重新登录', 'Permission info fetch failed, please sign in again', 401),
  '1008': entry('接口不存在', 'No such API path', 404),
  '1009': entry('不支持的请求格式', 'Unsupported request format', 415),
  '1010': entry('登录信息丢失，请重新登录', 'Session lost, please sign in again', 401),
  '1011': entry(
    '请求数据嵌套过深（最多 {max} 层）',
    'The request data is nested too deeply (at most {max} levels)',
  ),
  '1012': entry('请求来自其他站点，已拒绝', 'The request was sent by another site and was refused', 403),
  '1013': entry('拒绝访问', 'Access refused', 403),
  '1206': entry('账号状态已变更，请重新登录', 'Your account changed, please sign in again', 401),

  // Sign-in and accounts
  '1101': entry('用户名或密码不正确', 'Incorrect username or password', 400),
  '1102': entry('验证码错误', 'The verification code is wrong'),
  '1103': entry('验证码已过期', 'The verification code has expired'),
  '1104': entry('验证码不能为空', 'The verification code is empty'),
  '1105': entry('用户名不能为空', 'The username is empty'),
  '1106': entry('用户名不存在', 'The username does not exist'),
  '1107': entry('用户名已存在', 'The username already exists'),
  '1108': entry('该手机号已被其他账号绑定', 'This phone is already bound by another account'),
  '1109': entry('该手机号未注册', 'This phone is not registered'),
  '1110': entry('该手机号已被禁用，请联系业务人员', 'This phone is disabled, contact business staff', 403),
  '1111': entry('短信发送失败', 'The SMS could not be sent', 502),
  '1112': entry('邮件发送失败', 'The email could not be sent', 502),
  '1113': entry('发送出错', 'Send error', 502),
  '1114': entry('请先完成图形验证', 'Please complete the picture check first'),
  '1115': entry('图形验证码错误', 'The picture check answer is wrong'),
  '1116': entry('登录请求已失效，请重新提交', 'This sign-in request is no longer valid, please submit again'),
  '1117': entry('密码长度为 8-15 位', 'The password must be 8 to 15 characters'),
  '1118': entry(
    '密码须包含数字、大写字母、小写字母和特殊符号',
    'The password needs a digit, an upper-case letter, a lower-case letter and a special symbol',
  ),
  '1119': entry('密码不能全是数字', 'The password cannot be all digits'),
  '1120': entry('不能包含表情符号', 'Emoji are not allowed'),
  '1121': entry('两次输入的密码不一致', 'The two passwords do not match'),
  '1122': entry('账号已被禁用', 'This account is disabled', 403),
  '1123': entry('账号已注销', 'This account has been deleted', 403),
  '1124': entry('身份验证已过期，请重新验证', 'Identity verification expired, please verify again'),
  '1125': entry('尚未完成全部验证', 'Not all verification steps are done yet'),
  '1126': entry('{seconds} 秒后可重新发送', 'You can send again in {seconds} s', 429),
  '1127': entry('今日发送次数已达上限', 'Daily sending limit reached', 429),
  '1128': entry(
    '尝试次数过多，请 {minutes} 分钟后再试',
    'Too many attempts, try again in {minutes} min',
    429,
  ),
  '1129': entry('用户名最多 6 个字符', 'The username can have at most 6 characters'),
  '1130': entry('用户名不能全是数字', 'The username cannot be all digits'),
  '1131': entry('手机号格式不正确', 'The phone number is not valid'),
  '1132': entry('验证码为 6 位数字', 'The verification code is 6 digits'),
  '1133': entry('原密码不正确', 'The current password is incorrect'),
  '1134': entry('新手机号不能与原手机号相同', 'The new phone must differ from the current one'),
  '1135': entry('请先完善账号信息', 'Please complete your account first'),
  '1136': entry('账号信息已完善', 'This account is already complete'),
  '1137': entry('{field} 最多 {max} 个字符', '{field} can have at most {max} characters'),
  '1139': entry('页面密码错误', 'Wrong page password', 403),
  '1140': entry('请输入页面密码', 'This page needs its password', 403),
  '1141': entry(
    '页面已被他人修改，请刷新后再保存',
    'Someone else changed this page; reload it before saving',
    409,
  ),
  '1142': entry('经度须在 -180 到 180 之间', 'The longitude must be between -180 and 180'),
  '1143': entry('纬度须在 -90 到 90 之间', 'The latitude must be between -90 and 90'),
  '1144': entry(
    '分享有效期须为 1 到 {max} 天的整数',
    'A share is valid for a whole number of days from 1 to {max}',
  ),
  '1138': entry(
    '请阅读并同意用户协议和隐私政策',
    'Please read and accept the user agreement and privacy policy',
  ),
  // Sign-in protection
  '1150': entry(
    '登录失败次数较多，请先完成安全验证',
    'Several sign-ins failed, please complete the security check',
  ),
  '1171': entry(
    '请先修改管理员设置的一次性密码',
    'Please change the one-time password you were given first',
    403,
  ),
  '1172': entry('新密码不能与一次性密码相同', 'The new password must differ from the one-time password'),
  '1160': entry(
    '企业账号须通过企业认证开通：请先注册个人账号，再提交企业认证',
    'Enterprise accounts come only through enterprise certification: register a personal account, then apply for certification',
  ),

  // Permissions
  '1201': entry('没有相关权限', 'No relevant permissions', 403),
  '1202': entry('您没有写入权限', 'You have no write permission', 403),
  '1203': entry('没有查看报警记录的权限', 'No permission to view alarm records', 403),
  '1210': entry(
    '您对该设备的权限已变更，实时数据已停止',
    'Your access to this device changed; its live values stopped',
    403,
  ),
  '1211': entry(
    '分享者未允许您再次分享该设备',
    'The person who shared this device did not allow you to share it further',
    403,
  ),

  // Commands (§7 polling)
  '1301': entry('通讯超时', 'Communication timeout', 504),
  '1302': entry('通讯异常（{code}）', 'Communication error ({code})', 502),

  // Writes
  '1401': entry('写入失败', 'Write failed', 502),
  '1402': entry('写入已取消', 'Write cancelled'),
  '1403': entry('写入值不能为空', 'The write value is empty'),
  '1404': entry('写入值超出限制', 'The write value is out of limit'),

  // Gateways and devices
  '1501': entry('网关离线，无法操作或同步', 'The gateway is offline and cannot operate or sync', 409),
  '1502': entry('网关休眠，无法操作', 'The gateway is dormant and cannot operate', 409),
  '1503': entry('网关休眠，无法同步', 'The gateway is sleeping and cannot sync', 409),
  '1504': entry('设备未绑定网关', 'The device has no bound gateway', 409),
  '1505': entry('设备未绑定模板', 'The device has no bound template', 409),
  '1506': entry('不能绑定相同的模板', 'The same template cannot be bound', 409),
  '1507': entry('协议正在使用，无法删除', 'The protocol is in use and cannot be deleted', 409),
  '1508': entry('公式错误：{detail}', 'Formula wrong: {detail}'),
  '1509': entry('版本号已存在', 'The version number already exists', 409),
  '1510': entry('驱动数量超出容量', 'Capacity exceeded for drivers', 409),
  '1511': entry('报表数量超出容量', 'Capacity exceeded for reports', 409),
  '1512': entry('报警数量超出容量', 'Capacity exceeded for alarms', 409),
  '1513': entry('变量数量超出容量', 'Capacity exceeded for variables', 409),
  '1514': entry('产品正被设备使用，无法删除', 'The product is used by devices and cannot be deleted', 409),
  '1515': entry('该网关已绑定设备', 'This gateway is already bound to a device', 409),
  '1516': entry('网关序列号已存在', 'The gateway SN already exists', 409),
  '1519': entry(
    '以下网关序列号已存在或重复，未添加任何网关：{lines}',
    'No gateway was added: these SNs already exist or repeat: {lines}',
    409,
  ),
  '1517': entry(
    '网关无法连接新的 MQTT 服务器地址，已改用上次可用的地址',
    'The gateway could not reach the new MQTT server address and went back to the last address that worked',
    409,
  ),

  // Console
  '1601': entry('弹窗内不能再弹出页面', 'Cannot pop up a page inside a popup'),
  '1602': entry('浏览器版本过低，请升级浏览器', 'Your browser version is too old, please upgrade it'),
  '1603': entry(
    '页面加载失败（ChunkLoadError），请刷新重试',
    'The page failed to load (ChunkLoadError), please reload',
  ),
  '1604': entry('样式加载失败，请刷新重试', 'A style sheet failed to load (CSS chunk), please reload'),
  '1605': entry('网络连接失败，请检查网络', 'Network connection failed, check your network', 503),
  '1606': entry('请求超时，请稍后重试', 'The request timed out, try again later', 504),

  // Stored addresses of designer pages (1650-1659)
  '1650': entry(
    '地址不安全：{field} 只能是 http(s) 链接或本站地址',
    'Unsafe address in {field}: only http(s) links and addresses on this site are allowed',
  ),
  '1651': entry(
    '图片地址只能是 http(s) 链接或本站路径（以 / 开头）',
    'An image address must be an http(s) link or a path on this site (starting with /)',
  ),

  // Device faults (§8 by code)
  '1711': entry('下位机故障', 'Lower device fault', 502),
  '1712': entry('下位机忙', 'Lower device busy', 502),
  '1713': entry('数据校验错误', 'Data check error', 502),
  '1714': entry('变量不存在', 'Variable does not exist', 404),
  '1715': entry('响应超时', 'Response timeout', 504),
  '1721': entry('变量地址不存在', 'Variable address does not exist', 404),
  '1722': entry('数据类型错误', 'Data type error'),
  '2003': entry('写入值超出范围', 'Write value out of range'),
  '2004': entry('变量只读', 'Variable read-only', 403),
  '99901': entry('下位机通讯故障', 'Lower device communication fault', 502),
  '99902': entry('响应超时', 'Response timeout', 504),
  '99903': entry('变量不存在', 'Variable does not exist', 404),
  '99904': entry('变量地址为空或格式错误', 'Variable address empty or malformed'),
  '99905': entry('变量只读', 'Variable read-only', 403),
  '99906': entry('变量超出范围', 'Variable out of range'),
  '99907': entry('读取数据不完整', 'Incomplete read data', 502),
  '90099': entry('未知异常', 'Unknown exception', 500),
  '1600000': entry('不支持的采集公式', 'Unsupported collection formula'),
  '1617000': entry('不支持的采集公式', 'Unsupported collection formula'),

  // Modbus exceptions (function code answers of a slave)
  '1731': entry('非法功能', 'Illegal function', 502),
  '1732': entry('非法数据地址', 'Illegal data address', 502),
  '1733': entry('非法数据值', 'Illegal data value', 502),
  '1734': entry('从站设备故障', 'Slave device failure', 502),
  '1735': entry('从站设备忙', 'Slave device busy', 502),
  '1736': entry('存储奇偶性差错', 'Memory parity error', 502),
  '1737': entry('网关路径不可用', 'Gateway path unavailable', 502),
  '1738': entry('网关目标设备响应失败', 'Gateway target device failed to respond', 502),
  '1739': entry('设备无响应', 'No response from the device', 504),
  '1740': entry('通讯超时', 'Timeout', 504),

  // OPC UA: node and session status as people read it (the server's status code is in the logs)
  '1741': entry('OPC UA 节点不存在：{node}', 'OPC UA node does not exist: {node}', 404),
  '1742': entry(
    'OPC UA 服务器拒绝访问该节点（读写权限不足）',
    'The OPC UA server refuses access to the node (not readable or writable)',
    403,
  ),
  '1743': entry('OPC UA 节点数据质量为坏（{status}）', 'The OPC UA node reports a bad value ({status})', 502),
  '1744': entry('无法连接 OPC UA 服务器', 'The OPC UA server cannot be reached', 504),
  '1745': entry(
    'OPC UA 服务器不信任网关证书：请在服务器上信任证书（指纹 {thumbprint}）',
    'The OPC UA server does not trust the gateway certificate: trust it on the server (thumbprint {thumbprint})',
    502,
  ),
  // The sign-in identity refused, one code per kind of identity the driver signs in with.
  '1746': entry(
    'OPC UA 服务器拒绝了用户名或密码：请核对驱动中的用户名和密码',
    "The OPC UA server refused the user name or password: check the driver's user name and password",
    502,
  ),
  '1747': entry(
    'OPC UA 服务器不提供所选的安全模式和策略',
    'The OPC UA server offers no endpoint with the chosen security mode and policy',
    502,
  ),
  '1748': entry(
    'OPC UA 节点数据类型与变量不符',
    'The OPC UA node data type does not match the variable',
    502,
  ),
  '1749': entry(
    'OPC UA 服务器不接受匿名登录：请在驱动中设置用户名和密码或用户证书',
    'The OPC UA server refuses anonymous sign-in: give the driver a user name and password or a user certificate',
    502,
  ),
  '1750': entry(
    'OPC UA 服务器拒绝了用户证书：请在服务器上信任该证书，或重新上传用户证书和私钥',
    'The OPC UA server refused the user certificate: trust it on the server, or upload the user certificate and its private key again',
    502,
  ),

  // Siemens S7: why a read or write fails, with what to change on the PLC side
  '1751': entry(
    'S7 访问被拒绝：请在 TIA Portal 中打开 CPU 属性“防护与安全 > 连接机制 > 允许来自远程对象的 PUT/GET 通信访问”，并在数据块属性中取消“优化的块访问”',
    'S7 access denied: in TIA Portal enable CPU properties "Protection & Security > Connection mechanisms > Permit access with PUT/GET communication from remote partner", and clear "Optimized block access" in the data block properties',
    502,
  ),
  '1752': entry(
    'S7 地址超出范围：数据块不存在或比地址短（{address}）',
    'S7 address out of range: the data block does not exist or is shorter than the address ({address})',
    502,
  ),
  '1753': entry(
    'S7 CPU 拒绝连接：请检查机架号/槽号或 TSAP（S7-1200/1500：机架 0 槽 1；S7-300：机架 0 槽 2）',
    'The S7 CPU refused the connection: check rack and slot or the TSAPs (S7-1200/1500: rack 0 slot 1; S7-300: rack 0 slot 2)',
    502,
  ),
  '1754': entry('无法连接 S7 PLC（{host}）', 'The S7 PLC cannot be reached ({host})', 504),
  '1755': entry(
    'S7 PLC 不支持该地址的数据类型',
    'The S7 PLC does not support the data type of the address',
    502,
  ),
  '1756': entry(
    'S7 字符串只能包含单字节（Latin-1）字符',
    'An S7 STRING holds only single-byte (Latin-1) characters',
    400,
  ),
  '1757': entry('S7 PLC 报告该地址硬件故障', 'The S7 PLC reports a hardware fault at the address', 502),
  '1758': entry('S7 PLC 拒绝了请求（错误 {code}）', 'The S7 PLC refused the request (error {code})', 502),

  // OPC UA certificate files and the tag browser's preconditions
  '1770': entry(
    '文件不是 PEM 或 DER 格式的 X.509 证书',
    'The file is not an X.509 certificate in PEM or DER form',
  ),
  '1771': entry(
    '文件不是 PEM 或 DER 格式的私钥（加密的私钥请先解密）',
    'The file is not a private key in PEM or DER form (decrypt an encrypted key first)',
  ),
  '1772': entry(
    '证书或私钥文件过大，最大 {max}',
    'The certificate or key file is too large, at most {max}',
    413,
  ),
  '1773': entry(
    '网关尚未运行包含此驱动的最新配置，请等待配置同步完成后再浏览',
    'The gateway does not run the configuration with this driver yet: browse once the configuration is synchronised',
    409,
  ),

  // Browsing a server's address space through a gateway
  '1781': entry(
    '网关未在限定时间内回复浏览请求',
    'The gateway did not answer the browse request in time',
    504,
  ),
  '1782': entry('只能浏览 OPC UA 驱动', 'Only OPC UA drivers can be browsed', 400),

  // Resources
  '1801': entry('版本号不能包含中文', 'The version number cannot contain Chinese'),
  '1802': entry('文件过大，最大 {max}', 'The file is too large, at most {max}', 413),
  '1803': entry('不支持的文件类型，可用：{types}', 'Unsupported file type, allowed: {types}', 415),
  '1804': entry('开始时间必须早于结束时间', 'The start time must be before the end time'),
  '1805': entry('查询范围最多 {days} 天', 'The query range is at most {days} days'),
  '1806': entry('日期须在 1970 年至 9999 年之间', 'The date must be between 1970 and 9999'),
} as const satisfies Record<string, CatalogueEntry>;
