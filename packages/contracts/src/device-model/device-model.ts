/**
 * A product's device model: its drivers (one per slave) and its variables. Keys are unique, and
 * every device variable names a driver of the same model.
 */
import { z } from 'zod';
import { ADDRESS_TYPE_DEFINITIONS } from './address.ts';
import { PROTOCOL_FAMILY, driverSchema } from './driver.ts';
import { INVALID_FIELD_MESSAGE, addCatalogueIssue } from './issues.ts';
import { scriptSchema } from './script.ts';
import { variableSchema } from './variable.ts';

export const deviceModelSchema = z
  .object({
    drivers: z.array(driverSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
    variables: z.array(variableSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
    /** Scripts the edge agent runs for the device (docs/scripts.md). */
    scripts: z.array(scriptSchema, { error: INVALID_FIELD_MESSAGE }).default([]),
  })
  .superRefine((model, context) => {
    const driverKeys = new Set<string>();
    const families = new Map<string, string>();
    model.drivers.forEach((driver, index) => {
      if (driverKeys.has(driver.key))
        addCatalogueIssue(context, '1002', { field: 'drivers.key' }, ['drivers', index, 'key']);
      driverKeys.add(driver.key);
      families.set(driver.key, PROTOCOL_FAMILY[driver.protocol]);
    });
    const variableKeys = new Set<string>();
    model.variables.forEach((variable, index) => {
      if (variableKeys.has(variable.key)) {
        addCatalogueIssue(context, '1002', { field: 'variables.key' }, ['variables', index, 'key']);
      }
      variableKeys.add(variable.key);
      if (variable.driverKey !== undefined && !driverKeys.has(variable.driverKey)) {
        addCatalogueIssue(context, '1002', { field: 'driverKey' }, ['variables', index, 'driverKey']);
      } else if (
        variable.kind === 'device' &&
        variable.driverKey !== undefined &&
        families.get(variable.driverKey) !== ADDRESS_TYPE_DEFINITIONS[variable.addressType].family
      ) {
        // The address notation must be the driver's: a NodeId means nothing to a Modbus slave.
        addCatalogueIssue(context, '1002', { field: 'addressType' }, ['variables', index, 'addressType']);
      }
    });
    const scriptKeys = new Set<string>();
    model.scripts.forEach((script, index) => {
      if (scriptKeys.has(script.key))
        addCatalogueIssue(context, '1002', { field: 'scripts.key' }, ['scripts', index, 'key']);
      scriptKeys.add(script.key);
      script.watch.forEach((key, watchIndex) => {
        if (!variableKeys.has(key))
          addCatalogueIssue(context, '2353', { key }, ['scripts', index, 'watch', watchIndex]);
      });
    });
  });

export type DeviceModel = z.infer<typeof deviceModelSchema>;
export type DeviceModelInput = z.input<typeof deviceModelSchema>;
