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
import type { ActionPolicy } from './table-builders.ts';
import { ACCOUNT_ACTIONS } from './table-accounts.ts';
import { DEVICE_ACTIONS } from './table-devices.ts';
import { GATEWAY_ACTIONS } from './table-gateways.ts';
import { MONITORING_ACTIONS } from './table-monitoring.ts';
import { PLATFORM_ACTIONS } from './table-platform.ts';
import { PRODUCT_ACTIONS } from './table-products.ts';
import { SESSION_ACTIONS } from './table-session.ts';

export { OBJECT_KINDS } from './table-builders.ts';
export type { ActionPolicy, Grant, ObjectKind } from './table-builders.ts';

/** Every action, area by area; the order is the order of docs/permissions.md. */
export const POLICY = {
  ...SESSION_ACTIONS,
  ...DEVICE_ACTIONS,
  ...MONITORING_ACTIONS,
  ...GATEWAY_ACTIONS,
  ...PRODUCT_ACTIONS,
  ...PLATFORM_ACTIONS,
  ...ACCOUNT_ACTIONS,
} as const satisfies Record<string, ActionPolicy>;

export type ActionName = keyof typeof POLICY;
export const ACTION_NAMES = Object.keys(POLICY) as ActionName[];

export function isActionName(name: string): name is ActionName {
  return Object.hasOwn(POLICY, name);
}

export function policyOf(action: ActionName): ActionPolicy {
  return POLICY[action];
}
