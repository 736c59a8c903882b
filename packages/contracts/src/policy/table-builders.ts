/**
 * The vocabulary the policy table is written in: the kinds of object, a grant and an action's
 * policy, the `view` / `change` builders and the grant sets several areas share. The table's areas
 * (`table-*.ts`) are written with these and joined in `table.ts`.
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

export const grant = (relation: Relation, ...codes: string[]): Grant => ({ codes, relation });
export const view = (
  object: ObjectKind,
  zh: string,
  en: string,
  grants: Grant[],
  refusal?: ErrorCode,
): ActionPolicy => ({ object, change: false, grants, zh, en, ...(refusal ? { refusal } : {}) });
export const change = (
  object: ObjectKind,
  zh: string,
  en: string,
  grants: Grant[],
  refusal?: ErrorCode,
): ActionPolicy => ({ object, change: true, grants, zh, en, ...(refusal ? { refusal } : {}) });

// Recurring grant sets.
export const DEVICE_VIEW = [grant('visible', 'monitor:device:view', 'manage:equipment:view')];
/** A change to a device: staff with the edit code in scope, or its owner from the device menu. */
export const DEVICE_CHANGE = [
  grant('staffInScope', 'manage:equipment:edit'),
  grant('owner', 'monitor:device'),
];
export const PRODUCT_VIEW = [grant('visible', 'manage:product:view')];
export const productChange = (code: string) => [
  grant('staffInScope', code),
  grant('developerOfProduct', code),
];
export const PRODUCT_EDIT = productChange('manage:product:edit');
export const platform = (...codes: string[]) => [grant('platform', ...codes)];
export const self = (...codes: string[]) => [grant('self', ...codes)];
export const administers = (...codes: string[]) => [grant('administers', ...codes)];
