/**
 * What the console asks the policy: the actions the account may attempt, and for one device the
 * actions allowed on it, so a screen offers exactly the buttons the server allows.
 */
import { z } from 'zod';
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
  'device.gatewaySettings',
  'share.manage',
] as const satisfies readonly ActionName[];
export type DeviceAbilityAction = (typeof DEVICE_ABILITY_ACTIONS)[number];

export const CapabilitiesRequestSchema = z.object({
  /** A device to answer the abilities of (optional). */
  equipmentId: z.string().min(1).max(64).optional(),
});
export type CapabilitiesRequest = z.input<typeof CapabilitiesRequestSchema>;

export const CapabilitiesSchema = z.object({
  /** Every action the account may attempt (its codes allow some line of the action). */
  actions: z.array(z.enum(ACTION_NAMES as [ActionName, ...ActionName[]])),
  /** For the device asked about: each device action, allowed or not. */
  device: z.record(z.enum(DEVICE_ABILITY_ACTIONS), z.boolean()).nullable(),
});
export type Capabilities = z.infer<typeof CapabilitiesSchema>;
