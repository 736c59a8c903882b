/**
 * Gateways: the list, credentials, adding, importing, editing and deleting them.
 * One area of the policy table, joined with the others in `table.ts` in the order
 * docs/permissions.md lists them.
 */
import type { ActionPolicy } from './table-builders.ts';
import { grant, view, change } from './table-builders.ts';

export const GATEWAY_ACTIONS = {
  // Gateways.
  'gateway.list': view('gateway', '网关列表', 'Gateway list', [grant('visible', 'manage:gateway:view')]),
  'gateway.view': view('gateway', '网关详情', 'Gateway detail', [grant('visible', 'manage:gateway:view')]),
  'gateway.create': change('gateway', '批量添加网关', 'Add gateways', [
    grant('staffInScope', 'manage:gateway:edit'),
  ]),
  'gateway.import': change('gateway', '导入网关', 'Import gateways', [
    grant('staffInScope', 'manage:gateway:import'),
  ]),
  'gateway.export': view('gateway', '导出网关', 'Export gateways', [
    grant('visible', 'manage:gateway:import'),
  ]),
  // The secret lets its holder sign in as the gateway (publish its values, hear its commands):
  // reading it is a change, for those who may edit the gateway, never for a view code.
  'gateway.credentials': change(
    'gateway',
    '读取网关凭据（密钥可冒充网关）',
    "Read a gateway's credentials (the secret lets its holder act as the gateway)",
    [grant('staffInScope', 'manage:gateway:edit'), grant('owner', 'manage:gateway:edit')],
  ),
  'gateway.rotateSecret': change('gateway', '更换网关密钥', "Rotate a gateway's secret", [
    grant('staffInScope', 'manage:gateway:edit'),
    grant('owner', 'manage:gateway:edit'),
  ]),
  'gateway.edit': change('gateway', '编辑网关备注', "Edit a gateway's remark", [
    grant('staffInScope', 'manage:gateway:edit'),
    grant('owner', 'manage:gateway:edit'),
    grant('developerOfProduct', 'manage:gateway:edit'),
  ]),
  'gateway.delete': change('gateway', '删除未绑定的网关', 'Delete gateways no device is bound to', [
    grant('staffInScope', 'manage:gateway:edit'),
  ]),
} as const satisfies Record<string, ActionPolicy>;
