/**
 * The catalogue's service codes (2xxx): alarms and messages, the account centre, administration,
 * reports, scripts, operations, hardware, firmware and OTA, device configuration, the fleet,
 * media widgets, system screens, the knowledge base and gateway operations.
 */
import { entry, type CatalogueEntry } from './catalogue-entry.ts';

export const SERVICE_ERRORS = {
  // Alarms, notifications and messages (21xx)
  '2101': entry('报警组不存在：{group}', 'No such alarm group: {group}'),
  '2102': entry('报警变量不存在：{key}', 'No such variable for the alarm: {key}'),
  '2103': entry(
    '变量 {key} 的类型不能用于该报警条件',
    'The type of variable {key} cannot be used with this condition',
  ),
  '2104': entry('范围下限必须小于上限', 'The lower limit of the range must be below the upper limit'),
  '2105': entry('死区过大，报警将无法解除', 'The dead band is too wide: the alarm could never release'),
  '2106': entry('该报警条件不支持死区', 'This condition does not take a dead band'),
  '2107': entry('报警消息含未知占位符：{name}', 'Unknown placeholder in the alarm message: {name}'),
  '2108': entry('报警已被确认', 'This alarm is already acknowledged', 409),
  '2109': entry('报警组不允许推送方式：{channel}', 'The alarm group does not allow the channel: {channel}'),
  '2110': entry('推送方式 {channel} 缺少设置', 'The {channel} channel needs its settings'),
  '2111': entry('未知时区：{zone}', 'Unknown time zone: {zone}'),
  '2112': entry('推送地址必须是 http 或 https 地址', 'The push address must be an http or https address'),
  '2113': entry('升级步骤的延时必须逐级递增', 'Each escalation step must come later than the one before'),
  '2114': entry(
    '推送方式 {channel} 在升级步骤中重复',
    'The channel {channel} appears in more than one escalation step',
  ),
  '2115': entry('报警条件不能与自身变量比较', 'An alarm condition cannot compare a variable with itself'),
  // Alarm service: records, groups and messages
  '2116': entry('暂无权限查看报警记录', 'No permission to view alarm records', 403),
  '2117': entry(
    '报警组仍被报警规则使用：{rule}',
    'The alarm group is still used by the alarm rule {rule}',
    409,
  ),
  '2118': entry('报警接收人账号不存在：{account}', 'No such account for an alarm recipient: {account}'),
  '2119': entry('第 {row} 行：{reason}', 'Row {row}: {reason}'),
  '2120': entry('SIM 卡不存在：{iccid}', 'No such SIM card: {iccid}', 404),

  // Account centre and staff device management (2251-2299)
  '2251': entry('该邮箱已被其他账号绑定', 'This email is already bound by another account', 409),
  '2252': entry('新邮箱不能与原邮箱相同', 'The new email must differ from the current one'),
  '2253': entry('账号未绑定邮箱', 'This account has no email bound'),
  '2254': entry('该邮箱未绑定账号', 'No account uses this email'),
  '2255': entry('该账号无法通过密保问题找回密码', 'This account cannot be recovered with security questions'),
  '2256': entry('密保问题答案不正确', 'The answers to the security questions are wrong'),
  '2257': entry('请选择 3 个不同的密保问题', 'Choose three different security questions'),
  '2258': entry('无法使用该验证方式：{method}', 'This verification method is not available: {method}'),
  '2259': entry('反馈内容至少 {min} 个字符', 'The feedback needs at least {min} characters'),
  '2260': entry('该反馈已回复', 'This feedback has already been answered', 409),
  '2261': entry('该订单已申请发票', 'An invoice was already requested for this order', 409),
  '2262': entry('SVG 图片清理脚本后为空', 'The SVG image is empty once its scripts are removed'),
  '2263': entry('要授权的账号不存在：{account}', 'No such account to authorise: {account}'),
  '2264': entry('设备所有者无需授权', 'The device owner has access already'),
  // Administration: accounts, roles, dealers, enterprise certification (2201-2249)
  '2201': entry('账号不存在', 'No such account', 404),
  '2202': entry(
    '超级管理员不能被停用、删除或改变角色',
    'The super manager cannot be disabled, deleted or given a role',
    403,
  ),
  '2203': entry(
    '不能停用、删除自己或改变自己的角色',
    'You cannot disable or delete yourself or change your own role',
    403,
  ),
  '2204': entry('角色不存在', 'No such role', 404),
  '2205': entry('角色名称已存在：{name}', 'A role named {name} already exists', 409),
  '2206': entry('内置角色不能修改或删除', 'Built-in roles cannot be changed or deleted', 403),
  '2207': entry('角色仍被 {count} 个账号使用', 'The role is still held by {count} accounts', 409),
  '2208': entry('角色数量已达上限 {max} 个', 'The limit of {max} roles is reached', 409),
  '2209': entry('数据权限最多选择 {max} 个产品', 'Data permission takes at most {max} products'),
  '2210': entry('产品不存在：{product}', 'No such product: {product}'),
  '2211': entry('该角色不适用于此类账号', 'This role does not apply to this kind of account'),
  '2212': entry('权限编码不存在：{code}', 'No such permission code: {code}'),
  '2213': entry(
    '组织机构代码应为 9 或 18 位数字或大写字母',
    'The organisation id is 9 or 18 digits or capital letters',
  ),
  '2214': entry('该组织机构代码已被其他经销商使用', 'Another dealer already uses this organisation id', 409),
  '2215': entry('只有终端账号可以认证为经销商', 'Only end-user accounts can be certified as dealers'),
  '2216': entry('该账号不是经销商', 'This account is not a dealer', 404),
  '2217': entry('已有待审核的企业认证申请', 'An enterprise certification request is already waiting', 409),
  '2218': entry('企业认证申请不存在', 'No such enterprise certification request', 404),
  '2219': entry('该申请已处理', 'This request has already been decided', 409),
  '2220': entry('驳回时须填写原因', 'Give a reason when rejecting'),
  '2221': entry('企业账号无需再次认证', 'The account is already an enterprise account', 409),
  '2222': entry('客户账号不存在：{account}', 'No such customer account: {account}'),
  '2223': entry('经销商客户最多 {max} 个', 'A dealer takes at most {max} customers'),
  '2224': entry(
    '不能授予自己没有的权限：{code}',
    'You cannot grant a permission you do not hold: {code}',
    403,
  ),
  '2225': entry(
    '不能授予超出自己数据权限的产品',
    'You cannot grant data beyond the products you may see yourself',
    403,
  ),
  '2226': entry('新建运营账号须选择角色', 'Choose a role for the new staff account'),
  '2227': entry(
    '该账号的权限或数据权限超出您自己的，不能对其操作',
    'This account holds permissions or data beyond yours; you cannot change it',
    403,
  ),
  '2228': entry(
    '该角色的权限或数据权限超出您自己的，不能修改或删除',
    'This role holds permissions or data beyond yours; you cannot change or delete it',
    403,
  ),
  '2229': entry(
    '您没有写入数据权限，不能授予调试权限',
    'You cannot grant debug rights without the write-values permission yourself',
    403,
  ),
  // History reports and the data centre (2301-2349)
  '2301': entry('报表变量不存在：{key}', 'No such variable for the report: {key}'),
  '2302': entry('报表变量重复：{key}', 'The report lists the variable {key} twice'),
  '2303': entry(
    '变量 {key} 是文本，不能用于报表',
    'Variable {key} holds text and cannot be used in a report',
  ),
  '2304': entry('报表名称已存在：{name}', 'A report named {name} already exists'),
  '2305': entry(
    '所选时间范围内有 {rows} 行历史数据，超过导出上限 {max} 行，请缩短时间范围或减少变量',
    'The range holds {rows} rows of history, more than the {max} an export may hold: choose a shorter range or fewer variables',
  ),
  // Computed variables and edge scripts (2351-2399)
  '2351': entry('脚本数量超出容量（{used}/{total}）', 'Capacity exceeded for scripts ({used}/{total})', 409),
  '2352': entry('脚本不存在：{key}', 'No such script: {key}', 404),
  '2353': entry('脚本监视的变量不存在：{key}', 'No such variable for the script to watch: {key}'),
  '2354': entry('脚本语法错误：{detail}', 'Script syntax error: {detail}'),
  '2355': entry('脚本运行出错：{detail}', 'Script failed: {detail}'),
  '2356': entry('脚本运行超过 {ms} 毫秒，已被停止', 'The script ran longer than {ms} ms and was stopped'),
  '2357': entry(
    '脚本内存超过 {kb} KB，已被停止',
    'The script used more than {kb} KB of memory and was stopped',
  ),
  '2358': entry('脚本写入 {key} 失败：{reason}', 'The script could not write {key}: {reason}'),
  '2359': entry('脚本的执行条件出错：{detail}', 'The condition of the script failed: {detail}'),
  // Work orders, inspections and the operations centre (2401-2449)
  '2401': entry('工单当前状态不允许此操作', 'The work order’s state does not allow this', 409),
  '2402': entry('只有工单的维修人员可以执行此操作', 'Only the work order’s repair staff may do this', 403),
  '2403': entry(
    '只有工单创建人或派单人员可以提前结束工单',
    'Only the creator or a dispatcher may end the work order early',
    403,
  ),
  '2404': entry('暂无派单权限', 'No permission to dispatch work orders', 403),
  '2405': entry(
    '维修人员不存在或无权查看该设备：{account}',
    'No such repair staff, or they cannot see the device: {account}',
  ),
  '2406': entry('完成工单需要填写维修内容', 'Finishing a work order needs the repair content'),
  '2407': entry('图片不存在：{photo}', 'No such photo: {photo}'),
  '2408': entry(
    '该报警已有未完成的工单：{number}',
    'This alarm already has an open work order: {number}',
    409,
  ),
  '2409': entry('派单需要选择维修人员', 'Dispatching needs the repair staff'),
  '2410': entry(
    '巡检人员不存在或无权查看设备：{account}',
    'No such inspector, or they cannot see the devices: {account}',
  ),
  '2411': entry('巡检任务当前状态不允许此操作', 'The inspection task’s state does not allow this', 409),
  '2412': entry(
    '只有该计划的巡检人员可以执行巡检',
    'Only the plan’s inspectors may carry out the inspection',
    403,
  ),
  '2413': entry('还有巡检项未记录', 'Some inspection items are not recorded yet'),
  '2414': entry('巡检项不存在：{item}', 'No such inspection item: {item}'),
  '2415': entry(
    '巡检项 {item} 的下限必须小于上限',
    'The low limit of item {item} must be below its high limit',
  ),
  '2416': entry(
    '巡检计划需要设备、巡检项和巡检人员',
    'An inspection plan needs devices, items and inspectors',
  ),
  '2417': entry('暂无巡检计划管理权限', 'No permission to manage inspection plans', 403),
  // Hardware models, gateway capacity and the device-model API (2451-2499)
  '2451': entry('硬件型号名称已存在：{name}', 'A hardware model named {name} already exists', 409),
  '2452': entry('内置的默认硬件型号不能删除', 'The built-in default hardware model cannot be deleted', 409),
  '2453': entry(
    '硬件型号正被 {gateways} 个网关和 {products} 个产品使用，无法删除',
    'The hardware model is used by {gateways} gateways and {products} products and cannot be deleted',
    409,
  ),
  '2454': entry('硬件型号不存在：{name}', 'No such hardware model: {name}'),
  '2455': entry(
    '容量 {total} 小于产品“{product}”已使用的 {used}',
    'A capacity of {total} is below the {used} that product “{product}” already uses',
    409,
  ),

  // Firmware and OTA upgrades (2501-2549)
  '2501': entry(
    '固件文件不存在或已被使用：{field}',
    'The firmware file does not exist or is already used: {field}',
  ),
  '2502': entry(
    '应用固件需要上传应用包，系统固件需要上传根文件系统或内核',
    'Application firmware needs its package; system firmware needs a root filesystem or a kernel',
  ),
  '2503': entry(
    '固件正被升级任务使用，不能删除',
    'The firmware is used by an upgrade task and cannot be deleted',
    409,
  ),
  '2504': entry('网关认证失败', 'Gateway authentication failed', 401),
  '2505': entry('请求的字节范围无效', 'The requested byte range cannot be served', 416),
  '2506': entry(
    '应用固件须为网关程序包：含 package.json（版本与启动文件）的 .tgz',
    'Application firmware must be an agent package: a .tgz with a package.json naming its version and main file',
  ),
  '2507': entry(
    '程序包的版本为 {found}，与填写的版本 {version} 不一致',
    'The package is version {found}, not the version {version} entered',
  ),

  // OTA upgrade tasks (2731-2760)
  '2731': entry('没有符合条件的网关', 'No gateway of the product matches the choice'),
  '2732': entry('网关不属于该产品：{sn}', 'Gateway {sn} is not a gateway of this product'),
  '2733': entry('固件不存在', 'The firmware does not exist'),
  '2734': entry(
    '网关 {sn} 正在另一个升级任务中',
    'Gateway {sn} is already in another upgrade task that has not ended',
    409,
  ),
  '2735': entry('升级任务已取消，不能再更改', 'The upgrade task was cancelled and cannot be changed', 409),
  '2736': entry('没有可重试的失败网关', 'No failed gateway to retry', 409),
  '2737': entry('请选择网关', 'Please choose the gateways'),
  '2738': entry('请填写当前版本', 'Please enter the version the gateways run now'),
  '2741': entry('固件下载失败：{reason}', 'The firmware download failed: {reason}'),
  '2742': entry(
    '固件校验失败：文件与校验和不符',
    'The firmware check failed: the file does not match its checksum',
  ),
  '2743': entry('固件安装失败：{reason}', 'Installing the firmware failed: {reason}'),
  '2744': entry(
    '新版本未能启动，已回退到 {version}',
    'The new version did not start; the gateway went back to {version}',
  ),
  '2745': entry('网关 {minutes} 分钟没有升级进展', 'No upgrade news from the gateway for {minutes} minutes'),
  '2746': entry(
    '网关代理未由启动器运行，无法重启到新版本',
    'The gateway agent does not run under its launcher and cannot restart into a new version',
  ),
  '2747': entry('网关没有配置平台的下载地址', 'The gateway has no platform address to download from'),

  // Per-device configuration, templates and gateway settings (2601-2649)
  '2601': entry('产品中没有该驱动：{driver}', 'The product has no driver {driver}'),
  '2602': entry(
    '该驱动的协议没有此地址设置：{field}',
    'The driver’s protocol has no such address setting: {field}',
  ),
  '2603': entry('不能复制到设备自身', 'A device cannot copy its configuration to itself'),
  '2605': entry(
    '设备已绑定模板，只能通过模板修改配置',
    'The device is bound to a template; change its configuration through the template',
    409,
  ),
  '2606': entry('设备不是模板所属产品的设备', 'The device is not of the template’s product', 409),
  '2607': entry(
    '设备已绑定其他模板，请先解绑',
    'The device is bound to another template; unbind it first',
    409,
  ),
  '2608': entry('模板没有版本 {version}', 'The template has no version {version}'),
  '2609': entry('模板名称已存在', 'A template with this name already exists', 409),
  '2604': entry(
    '目标设备与源设备不是同一系列的网关或产品',
    'The target device’s gateway or product is not of the same series as the source',
    409,
  ),
  // Fleet map: device positions, track playback and manual position refresh
  '2551': entry(
    '今日手动刷新位置次数已用完，请明天再试',
    'Today’s manual position refreshes are used up; try again tomorrow',
    429,
  ),
  '2552': entry('设备没有可用的定位数据：{field}', 'The device has no position to use: {field}'),
  '2553': entry('纬度变量和经度变量不能相同', 'The latitude and longitude variables must differ'),
  '2554': entry('设备变量不存在：{field}', 'No such device variable: {field}'),

  // Device list in bulk and device sharing (2821-2849)
  '2821': entry('分组名称已存在：{name}', 'A group named {name} already exists', 409),
  '2822': entry('分组数量已达上限（{max} 个）', 'You have reached the limit of {max} groups', 409),
  '2823': entry(
    '设备“{name}”不属于该分组的账号，不能移入',
    'Device “{name}” belongs to another account than the group and cannot be moved into it',
    409,
  ),
  '2824': entry('导入文件没有设备行', 'The import file has no device rows'),
  '2825': entry('导入文件最多 {max} 行', 'An import file has at most {max} rows'),
  '2826': entry('文件中重复的 SN：{sn}', 'The SN {sn} appears more than once in the file', 409),
  '2827': entry('排序号须为正整数', 'The sort number must be a positive whole number'),
  '2831': entry('该设备的分享已达上限（{max} 个）', 'This device already has the most shares ({max})', 409),
  '2832': entry(
    '您没有写入权限，不能分享数据写入',
    'You may not write to this device, so you cannot share writing',
    403,
  ),
  '2833': entry(
    '不能分享您自己没有的菜单权限：{menu}',
    'You cannot share a menu you do not have yourself: {menu}',
    403,
  ),
  '2834': entry(
    '分享密码须为 {min}-{max} 位字母或数字，不能含特殊字符',
    'A share password is {min} to {max} letters or digits, without special characters',
  ),
  '2835': entry('分享链接无效或已过期', 'This share link is not valid or has expired', 404),
  '2836': entry('该分享已被其他账号接受', 'Another account has already accepted this share', 409),
  '2837': entry('您已可以访问该设备，无需接受分享', 'You can already see this device', 409),
  '2838': entry('SN 或分享密码不正确', 'The SN or the share password is wrong'),
  '2839': entry(
    '链接分享不设置密码；密码分享须设置密码',
    'A link share has no password; a password share needs one',
  ),
  '2840': entry('该分享已撤销或已过期', 'This share was revoked or has expired', 409),

  // Media widgets: weather, video cameras and click scripts (2681-2720)
  '2681': entry(
    '天气服务暂时无法访问，请稍后再试',
    'The weather service cannot be reached; try again later',
    502,
  ),
  '2682': entry('请先选择省份、城市或区县', 'Choose a province, city or county first'),
  '2683': entry('平台未配置摄像头服务', 'No camera service is configured on this platform', 503),
  '2684': entry(
    '摄像头服务暂时无法访问，请稍后再试',
    'The camera service cannot be reached; try again later',
    502,
  ),
  '2685': entry('请先在账号安全中关联摄像头云密钥', 'Associate a camera cloud key in account security first'),
  '2686': entry('摄像头拒绝了云台指令：{reason}', 'The camera refused the pan-tilt command: {reason}'),
  '2687': entry('点击脚本有语法错误：{reason}', 'The click script has a syntax error: {reason}'),
  '2688': entry('点击脚本运行超时，已停止', 'The click script ran too long and was stopped'),
  '2689': entry('点击脚本出错：{reason}', 'The click script failed: {reason}'),
  '2690': entry('点击脚本一次最多写入 {max} 个值', 'A click script writes at most {max} values at a time'),
  '2691': entry(
    '组件“{widget}”的数值变换表达式“{expression}”在第 {column} 个字符处有误',
    'The value transform expression “{expression}” of the widget “{widget}” is wrong at character {column}',
  ),

  // System screens: app versions, agreements, protocols and driver models (2701-2730)
  '2701': entry('版本号已存在：{version}', 'Version number {version} already exists', 409),
  '2702': entry(
    '请至少填写 iOS 链接或安卓安装包链接',
    'Give an iOS link or an Android package link, or both',
  ),
  '2703': entry(
    '协议正在使用，不能删除（{products} 个产品的驱动在用）',
    'This protocol is in use and cannot be deleted (drivers of {products} products use it)',
    409,
  ),
  '2704': entry('驱动型号名称已存在：{name}', 'A driver model named {name} already exists', 409),
  '2705': entry('驱动型号不存在：{name}', 'No such driver model: {name}'),
  '2706': entry(
    '驱动型号 {name} 的协议与驱动的协议不一致',
    'The driver model {name} is for another protocol than the driver',
  ),
  '2707': entry(
    '用户协议已更新，请阅读并重新同意',
    'The user agreement has been updated; please read it and agree again',
    409,
  ),
  '2708': entry(
    '隐私政策已更新，请阅读并重新同意',
    'The privacy policy has been updated; please read it and agree again',
    409,
  ),
  '2709': entry(
    '{field} 只能是以 http:// 或 https:// 开头的链接',
    '{field} must be a link starting with http:// or https://',
  ),

  // Product knowledge base (2761-2780)
  '2761': entry('文章正文不能为空', 'The article has no content: write some text or add an image'),
  '2762': entry('文章正文过长，最多 {max} 个字符', 'The article is too long, at most {max} characters'),
  '2763': entry('附件不存在或已失效，请重新上传', 'The attachment is missing or expired, upload it again'),
  '2764': entry('只能插入图片文件（{types}）', 'Only image files can be inserted ({types})'),
  '2765': entry(
    '关联的知识库文章不存在于该产品',
    'The linked article is not in this product’s knowledge base',
  ),
  '2766': entry(
    '该文章已被报警规则“{name}”关联，请先取消关联',
    'Alarm rule “{name}” links this article; unlink it first',
  ),
  // Gateway replacement, factory reset, clearing data, remote settings (2851-2879)
  '2851': entry('{field} 不是有效的 IP 地址', '{field} is not a valid IP address'),
  '2852': entry('{field} 不是有效的子网掩码', '{field} is not a valid subnet mask'),
  '2853': entry(
    '{field}：IP 地址、子网掩码与网关必须在同一网段',
    '{field}: the IP address, subnet mask and gateway must be in one segment',
  ),
  '2854': entry('{field} 不是有效的域名或地址', '{field} is not a valid domain name or address'),
  '2855': entry(
    '{field} 不能包含连续重复的字符',
    '{field} must not repeat a character several times in a row',
  ),
  '2856': entry(
    '{field} 须为以逗号分隔的 IP 地址列表',
    '{field} must be a comma-separated list of IP addresses',
  ),
  '2857': entry('{field} 长度须为 {min}-{max} 个字符', '{field} must be {min}-{max} characters long'),
  '2858': entry('新网关与设备当前的网关相同', 'The new gateway is the one the device already has', 409),
  '2859': entry('请先确认此操作', 'Please confirm this operation first'),
  '2860': entry('此网关的主机不支持该设置', 'This gateway’s host cannot apply the setting'),
  '2864': entry('网关休眠中，只能唤醒', 'The gateway is dormant; it can only be woken', 409),
  '2865': entry(
    '防篡改：网关与平台断开过久，已停止写入',
    'Anti-tamper: the gateway has been away from the platform too long, writes are stopped',
    409,
  ),
  '2866': entry(
    '订阅主题须在网关自己的主题 {prefix} 之下，且不能与协议主题重叠',
    'The subscription topic must lie under the gateway’s own topics, {prefix}, and not overlap the protocol’s topics',
  ),
  '2867': entry(
    '订阅主题不是有效的 MQTT 主题过滤器',
    'The subscription topic is not a valid MQTT topic filter',
  ),
  '2868': entry(
    '私钥与已上传的客户端证书不匹配',
    'The private key does not match the uploaded client certificate',
  ),

  // WebGL scene widget: scene models
  '2881': entry(
    '只能上传 glTF 或 GLB 三维模型（{types}）',
    'Only glTF or GLB 3D models can be uploaded ({types})',
    415,
  ),
  '2882': entry('三维模型过大，最大 {max}', 'The 3D model is too large, at most {max}', 413),
  '2883': entry('文件不是有效的 glTF 2.0 模型', 'The file is not a valid glTF 2.0 model'),
  '2884': entry(
    '模型引用了外部文件，请导出为 GLB 或内嵌数据的 glTF',
    'The model refers to files outside itself: export it as GLB or as glTF with embedded data',
  ),
  '2885': entry(
    '模型需要不支持的扩展：{extensions}，请导出时关闭压缩',
    'The model needs extensions the viewer does not support ({extensions}): export it without compression',
  ),
} as const satisfies Record<string, CatalogueEntry>;
