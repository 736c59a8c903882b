/**
 * Driver secrets — an OPC UA driver's password and its user certificate's private key — are
 * write-only. They are stored with the product's model because the gateway needs them (they travel
 * in its configuration over MQTT), but no answer carries them: answers say whether each is set
 * (`passwordSet`, `userPrivateKeySet`). Saving a driver without a new secret keeps the stored one;
 * null removes it (an empty text too: the server reads it as null, as for every nullable field). An exported product leaves them out, so they are entered again after an import.
 */
import { z } from 'zod';
import type { DeviceModel } from './device-model.ts';
import {
  modbusRtuDriverSchema,
  modbusTcpDriverSchema,
  opcUaDriverShape,
  s7DriverSchema,
  type Driver,
  type DriverSave,
  type OpcUaDriver,
} from './driver.ts';
import { INVALID_FIELD_MESSAGE } from './issues.ts';
import { scriptSchema } from './script.ts';
import { variableSchema } from './variable.ts';

/** The fields of a driver that are secrets (only OPC UA drivers have them). */
export const DRIVER_SECRET_FIELDS = ['password', 'userPrivateKey'] as const;
export type DriverSecretField = (typeof DRIVER_SECRET_FIELDS)[number];

/** Which authentication uses each secret: a secret of another sign-in is not kept. */
const SECRET_AUTHENTICATION: Readonly<Record<DriverSecretField, OpcUaDriver['authentication']>> = {
  password: 'username',
  userPrivateKey: 'certificate',
};

const { password: _password, userPrivateKey: _userPrivateKey, ...opcUaPublicShape } = opcUaDriverShape;

/** An OPC UA driver as answers show it: whether each secret is stored, never its value. */
export const presentedOpcUaDriverSchema = z.object({
  ...opcUaPublicShape,
  passwordSet: z.boolean().describe('Whether a password is stored (it is never answered).'),
  userPrivateKeySet: z.boolean().describe('Whether a private key is stored (it is never answered).'),
});
export type PresentedOpcUaDriver = z.infer<typeof presentedOpcUaDriverSchema>;

export const presentedDriverSchema = z.discriminatedUnion('protocol', [
  modbusTcpDriverSchema,
  modbusRtuDriverSchema,
  presentedOpcUaDriverSchema,
  s7DriverSchema,
]);
export type PresentedDriver = z.infer<typeof presentedDriverSchema>;

/** A device model as answers show it: drivers without their secrets. */
export const presentedDeviceModelSchema = z.object({
  drivers: z.array(presentedDriverSchema, { error: INVALID_FIELD_MESSAGE }),
  variables: z.array(variableSchema, { error: INVALID_FIELD_MESSAGE }),
  scripts: z.array(scriptSchema, { error: INVALID_FIELD_MESSAGE }),
});
export type PresentedDeviceModel = z.infer<typeof presentedDeviceModelSchema>;

/** The driver without its secrets, saying which are set. */
export function presentDriver(driver: Driver): PresentedDriver {
  if (driver.protocol !== 'opcua') return driver;
  const { password, userPrivateKey, ...rest } = driver;
  return { ...rest, passwordSet: Boolean(password), userPrivateKeySet: Boolean(userPrivateKey) };
}

export function presentDeviceModel(model: DeviceModel): PresentedDeviceModel {
  return { ...model, drivers: model.drivers.map(presentDriver) };
}

/** The model without any secret and without a trace of them (an exported product document). */
export function withoutDriverSecrets(model: DeviceModel): DeviceModel {
  return {
    ...model,
    drivers: model.drivers.map((driver) => {
      if (driver.protocol !== 'opcua') return driver;
      const { password: _p, userPrivateKey: _k, ...rest } = driver;
      return rest;
    }),
  };
}

/**
 * The driver to store from a save request and the driver stored under the same key before (if
 * any): a secret left out keeps the stored one, null removes it, and a secret the chosen
 * sign-in does not use is dropped.
 */
export function mergeDriverSecrets(incoming: DriverSave, stored: Driver | undefined): Driver {
  if (incoming.protocol !== 'opcua') return incoming;
  const previous = stored?.protocol === 'opcua' ? stored : undefined;
  const merged: OpcUaDriver = { ...incoming, password: undefined, userPrivateKey: undefined };
  for (const field of DRIVER_SECRET_FIELDS) {
    const sent = incoming[field];
    const value = sent === null || sent === '' ? undefined : sent === undefined ? previous?.[field] : sent;
    if (value !== undefined && incoming.authentication === SECRET_AUTHENTICATION[field])
      merged[field] = value;
    else delete merged[field];
  }
  return merged;
}

/** Whether the driver lacks a secret its sign-in needs (the private key of a certificate sign-in). */
export function missingDriverSecret(driver: Driver): DriverSecretField | null {
  return driver.protocol === 'opcua' && driver.authentication === 'certificate' && !driver.userPrivateKey
    ? 'userPrivateKey'
    : null;
}
