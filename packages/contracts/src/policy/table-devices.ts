/**
 * Devices: viewing, values, commands to their gateways, binding, grants and shares.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { grant, view, change, DEVICE_VIEW, DEVICE_CHANGE } from './table-builders.ts';

export const DEVICE_ACTIONS = {
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
  // through a device of the product, and so does an installer through the gateways it may act
  // on: after-sales staff (the device edit code, in scope) and a dealer with debug rights on its
  // customers' devices. Nothing on the device changes; making variables of the nodes is a
  // product change (product.edit), which installers do not hold.
  'device.browseOpcUa': view(
    'device',
    '通过设备网关浏览 OPC UA 服务器（标签浏览器）',
    "Browse an OPC UA server through a device's gateway (tag browser)",
    [
      grant('developerOfProduct', 'manage:product:edit'),
      grant('staffInScope', 'manage:product:edit'),
      grant('staffInScope', 'manage:equipment:edit'),
      grant('dealerWithDebug', 'monitor:device:write'),
    ],
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
  // A device's own retention overrides its product's: operation staff in scope, never its owner.
  'device.retention': change(
    'device',
    '设置设备自身的历史数据保留策略',
    "Set a device's own history retention policy",
    [grant('staffInScope', 'manage:equipment:edit')],
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
} as const satisfies Record<string, ActionPolicy>;
