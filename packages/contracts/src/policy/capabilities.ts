/**
 * What the console asks the policy: the actions the account may attempt, the relations its codes
 * open for each of them, and for one device the actions allowed on it, so a screen offers exactly
 * the buttons the server allows.
 *
 * A list cannot ask about every row. It asks once, and decides each row with `allowsOnRow`: an
 * action is allowed on a row when one of the relations the caller's codes open for it holds for
 * that row — the same rule as the server's `decideKnown`, with the relations a listed row shows
 * (whose it is, how the caller reaches it). Relations a row cannot show (developer of the
 * product, dealer of the owner) count as not holding, so a list never offers what the server
 * might refuse; the device detail asks the server for its device instead.
 */
import { z } from 'zod';
import type { DeviceAccessKind } from '../api/device.ts';
import type { CallerKind, Relation } from './relations.ts';
import { ACTION_NAMES, type ActionName } from './table.ts';

export const CAPABILITIES_PATH = '/account/capabilities';

/** The device actions a device screen shows buttons for. */
export const DEVICE_ABILITY_ACTIONS = [
  'device.view',
  'device.edit',
  'device.unbind',
  'device.write',
  'device.configure',
  'device.sync',
  'device.restartGateway',
  'device.resetGateway',
  'device.clearData',
  'device.replaceGateway',
  'device.configureGateway',
  'device.retention',
  'device.gatewaySettings',
  'device.refreshPosition',
  'device.grants',
  'device.grant',
  'device.log',
  'device.browseOpcUa',
  'share.list',
  'share.add',
  'share.manage',
] as const satisfies readonly ActionName[];
export type DeviceAbilityAction = (typeof DEVICE_ABILITY_ACTIONS)[number];

/**
 * The product actions a product screen shows buttons for: viewing and exporting, editing and
 * deleting, publishing, its history retention policy, and what belongs to the product (pages, alarm rules, report definitions
 * and the export of its reports, knowledge, formulas and scripts, upgrade tasks).
 */
export const PRODUCT_ABILITY_ACTIONS = [
  'product.list',
  'product.edit',
  'product.publish',
  'product.retention',
  'page.view',
  'page.design',
  'alarmRule.view',
  'alarmRule.edit',
  'report.definitionView',
  'report.definitionEdit',
  'report.export',
  'knowledge.view',
  'knowledge.edit',
  'edgeLogic.view',
  'edgeLogic.edit',
  'ota.manage',
] as const satisfies readonly ActionName[];
export type ProductAbilityAction = (typeof PRODUCT_ABILITY_ACTIONS)[number];

/** The inspection plan actions a plan's row shows buttons for. */
export const INSPECTION_PLAN_ABILITY_ACTIONS = [
  'inspection.editPlan',
] as const satisfies readonly ActionName[];
export type InspectionPlanAbilityAction = (typeof INSPECTION_PLAN_ABILITY_ACTIONS)[number];

export const CapabilitiesRequestSchema = z.object({
  /** A device to answer the abilities of (optional). */
  equipmentId: z.string().min(1).max(64).optional(),
  /** A product to answer the abilities of (optional). */
  productId: z.string().min(1).max(64).optional(),
  /** An inspection plan to answer the abilities of (optional). */
  inspectionPlanId: z.string().min(1).max(64).optional(),
});
export type CapabilitiesRequest = z.input<typeof CapabilitiesRequestSchema>;

/** The kinds of caller the policy's relations are open to (`relationOpenTo`). */
const CALLER_KINDS = ['staff', 'developer', 'dealer', 'terminal'] as const satisfies readonly CallerKind[];

const actionSchema = z.enum(ACTION_NAMES as [ActionName, ...ActionName[]]);

export const CapabilitiesSchema = z.object({
  /** Operation staff, developer, dealer or end user: the kind the policy's relations are open to. */
  kind: z.enum(CALLER_KINDS),
  /** Every action the account may attempt (its codes allow some line of the action). */
  actions: z.array(actionSchema),
  /**
   * For each action the account may attempt: the relations of the lines its codes open. The
   * action is allowed on an object when one of them holds (`allowsOnRow` for a listed device).
   */
  relations: z.partialRecord(actionSchema, z.array(z.string())),
  /** For the device asked about: each device action, allowed or not. */
  device: z.record(z.enum(DEVICE_ABILITY_ACTIONS), z.boolean()).nullable(),
  /** For the product asked about: each product action, allowed or not (absent when none was named). */
  product: z.record(z.enum(PRODUCT_ABILITY_ACTIONS), z.boolean()).nullable().optional(),
  /** For the inspection plan asked about: each plan action, allowed or not. */
  inspectionPlan: z.record(z.enum(INSPECTION_PLAN_ABILITY_ACTIONS), z.boolean()).nullable().optional(),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;

/** What the console knows of a device it lists: whose it is and how the caller reaches it. */
export interface DeviceRowFacts {
  readonly ownerAccountId: string;
  /** How the caller reaches the device (the monitoring list and the device detail say it). */
  readonly access?: { readonly kind: DeviceAccessKind; readonly canWrite: boolean };
  /** The share the caller reaches the device through, if it came through one. */
  readonly sharePermissions?: {
    readonly menus: readonly string[];
    readonly canReshare?: boolean;
  } | null;
}

/**
 * Whether a relation holds between the caller and a device it sees in a list. Every listed device
 * is visible; to operation staff, a listed device is within their data permission (staff see no
 * other), and the staff relation is open to staff alone.
 */
export function rowRelationHolds(relation: Relation, callerId: string, row: DeviceRowFacts): boolean {
  const kind = row.access?.kind;
  const granted = kind === 'authorized' || kind === 'shared';
  if (
    relation === 'visible' ||
    relation === 'staffInScope' ||
    relation === 'signedIn' ||
    relation === 'public'
  )
    return true;
  if (relation === 'owner') return row.ownerAccountId === callerId;
  if (relation === 'grant') return granted;
  if (relation === 'grantWithWrite') return granted && row.access?.canWrite === true;
  if (relation === 'authorization') return kind === 'authorized';
  if (relation === 'grantWithReshare') return kind === 'shared' && row.sharePermissions?.canReshare === true;
  if (!relation.startsWith('shareMenu:')) return false;
  // An authorization opens every menu; a share the menus it names.
  if (kind === 'authorized') return true;
  return (
    kind === 'shared' && (row.sharePermissions?.menus ?? []).includes(relation.slice('shareMenu:'.length))
  );
}

/** Whether the policy allows `action` on a listed device, from one capabilities answer. */
export function allowsOnRow(
  capabilities: Pick<Capabilities, 'relations'>,
  action: ActionName,
  callerId: string,
  row: DeviceRowFacts,
): boolean {
  const relations = (capabilities.relations[action] ?? []) as Relation[];
  return relations.some((relation) => rowRelationHolds(relation, callerId, row));
}

/**
 * Whether the caller may share the device further: the policy's `share.add` on the row (its
 * owner, staff in scope, an authorization, or a share that allows sharing further; 1211 otherwise).
 */
export function maySharePerRow(
  capabilities: Pick<Capabilities, 'relations'>,
  callerId: string,
  row: DeviceRowFacts,
): boolean {
  return allowsOnRow(capabilities, 'share.add', callerId, row);
}

/** What the console knows of a product it lists: whose it is. */
export interface ProductRowFacts {
  readonly ownerAccountId: string | null;
}

/**
 * Whether a relation holds between the caller and a product it sees in a list. A listed product is
 * visible, and to staff within their data permission; a developer's are the ones it owns; a dealer
 * reaches the products it serves (every listed one). No other relation holds for a product.
 */
export function productRowRelationHolds(
  relation: Relation,
  caller: { readonly id: string; readonly kind: CallerKind },
  row: ProductRowFacts,
): boolean {
  if (relation === 'visible' || relation === 'signedIn' || relation === 'public') return true;
  if (relation === 'staffInScope') return caller.kind === 'staff';
  if (relation === 'developerOfProduct')
    return caller.kind === 'developer' && row.ownerAccountId === caller.id;
  if (relation === 'dealerOfCustomer') return caller.kind === 'dealer';
  return false;
}

/** Whether the policy allows `action` on a listed product, from one capabilities answer. */
export function allowsOnProductRow(
  capabilities: Pick<Capabilities, 'relations' | 'kind'>,
  action: ActionName,
  callerId: string,
  row: ProductRowFacts,
): boolean {
  const relations = (capabilities.relations[action] ?? []) as Relation[];
  const caller = { id: callerId, kind: capabilities.kind };
  return relations.some((relation) => productRowRelationHolds(relation, caller, row));
}

/** What the console knows of an inspection plan it lists: who made it. */
export interface InspectionPlanRowFacts {
  readonly ownerAccountId: string;
}

/**
 * Whether the policy allows `action` on a listed inspection plan: its maker owns it; staff list
 * only the plans whose every device is within their scope. An inspector who did not make the
 * plan holds neither.
 */
export function allowsOnPlanRow(
  capabilities: Pick<Capabilities, 'relations' | 'kind'>,
  action: ActionName,
  callerId: string,
  row: InspectionPlanRowFacts,
): boolean {
  const relations = (capabilities.relations[action] ?? []) as Relation[];
  return relations.some((relation) => {
    if (relation === 'owner') return row.ownerAccountId === callerId;
    if (relation === 'staffInScope') return capabilities.kind === 'staff';
    return relation === 'visible' || relation === 'signedIn' || relation === 'public';
  });
}

/** What the console knows of a gateway it lists: whose it is and whose product it runs. */
export interface GatewayRowFacts {
  readonly ownerAccountId: string | null;
  readonly developerAccountId: string | null;
}

/**
 * Whether the policy allows `action` on a listed gateway: staff list only the gateways within their
 * data permission; an owner holds its own; a developer the gateways of its products.
 */
export function allowsOnGatewayRow(
  capabilities: Pick<Capabilities, 'relations'>,
  action: ActionName,
  callerId: string,
  row: GatewayRowFacts,
): boolean {
  const relations = (capabilities.relations[action] ?? []) as Relation[];
  return relations.some((relation) => {
    if (relation === 'owner') return row.ownerAccountId === callerId;
    if (relation === 'developerOfProduct') return row.developerAccountId === callerId;
    return (
      relation === 'staffInScope' ||
      relation === 'visible' ||
      relation === 'signedIn' ||
      relation === 'public'
    );
  });
}
