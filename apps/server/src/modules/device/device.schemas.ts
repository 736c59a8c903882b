/**
 * Request bodies of the device paths (/equipment/*) with the §3 device fields and their §5 rules:
 * the contract's schemas (`@lyyp/contracts`, src/api/device.ts).
 */
import type { z } from 'zod';
import {
  DeviceAddRequestSchema,
  DeviceEditRequestSchema,
  DeviceIdRequestSchema,
  DeviceQueryRequestSchema,
} from '@lyyp/contracts';

export {
  DEVICE_NAME_MAX_LENGTH,
  DEVICE_NUMBER_MAX_LENGTH,
  WARRANTY_MONTHS_MAX,
  checkDate,
} from '@lyyp/contracts/device';

export const deviceAddSchema = DeviceAddRequestSchema;
export type DeviceAddRequest = z.infer<typeof deviceAddSchema>;
export const deviceEditSchema = DeviceEditRequestSchema;
export type DeviceEditRequest = z.infer<typeof deviceEditSchema>;
export const deviceQuerySchema = DeviceQueryRequestSchema;
export const deviceIdSchema = DeviceIdRequestSchema;
