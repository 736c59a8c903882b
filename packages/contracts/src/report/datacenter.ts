/**
 * The data centre (§1): consumption and production of a person's devices by day, week or month,
 * per device, device group and product, top and bottom devices, the previous period beside the
 * current one, and the online rate. Figures are sums of the `difference` columns of consumption and
 * production reports (docs/reports.md), kept apart per energy (`energies`: one variable name with
 * its unit, such as gas in m³ and heat in kWh) so amounts of different units are never added up.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { entityId } from '../alarm/fields.ts';
import { SHEET_FORMATS, epochMsInput } from '../api/common.ts';

export const DATACENTER_PERIODS = ['day', 'week', 'month'] as const;
export type DatacenterPeriod = (typeof DATACENTER_PERIODS)[number];

export const datacenterBodySchema = z.object({
  /** Epoch ms, inclusive. */
  start: epochMsInput,
  /** Epoch ms, exclusive. */
  end: epochMsInput,
  period: z.enum(DATACENTER_PERIODS, { error: INVALID_FIELD_MESSAGE }).default('day'),
  productId: entityId('productId').optional(),
  timeZone: z.string().max(64).optional(),
});
export type DatacenterBody = z.input<typeof datacenterBodySchema>;
export const datacenterExportBodySchema = datacenterBodySchema.extend({
  format: z.enum(SHEET_FORMATS, { error: INVALID_FIELD_MESSAGE }).default('xlsx'),
});
export type DatacenterExportBody = z.input<typeof datacenterExportBodySchema>;

/**
 * One energy of the range: the consumption or production `difference` columns of one variable name
 * and unit. Amounts carry it under its `id`.
 */
export const datacenterEnergySchema = z.object({
  id: z.string(),
  kind: z.enum(['consumption', 'production']),
  name: z.string(),
  unit: z.string(),
});
export type DatacenterEnergy = z.infer<typeof datacenterEnergySchema>;

const amountsSchema = z.object({
  /** Sums over every consumption (production) column whatever its unit: kept for older clients only. */
  consumption: z.number(),
  production: z.number(),
  /** Per energy id (`energies`): the only amounts to show, each with its unit. */
  energies: z.record(z.string(), z.number()),
});
export type DatacenterAmounts = z.infer<typeof amountsSchema>;

export const datacenterDeviceSchema = amountsSchema.extend({
  deviceId: z.string(),
  name: z.string(),
  group: z.string(),
  productId: z.string(),
  productTitle: z.string(),
  online: z.boolean(),
});
export type DatacenterDevice = z.infer<typeof datacenterDeviceSchema>;

export const datacenterSummarySchema = z.object({
  /** The energies found, consumption first, then by name and unit. */
  energies: z.array(datacenterEnergySchema),
  /** One entry per day, week or month of the range, oldest first. */
  periods: z.array(amountsSchema.extend({ at: z.number().int() })),
  total: amountsSchema,
  /** The same length of time just before the range. */
  previous: amountsSchema,
  devices: z.array(datacenterDeviceSchema),
  groups: z.array(amountsSchema.extend({ group: z.string(), devices: z.number().int() })),
  products: z.array(
    amountsSchema.extend({ productId: z.string(), title: z.string(), devices: z.number().int() }),
  ),
  /** Devices by their first consumption energy (`energies[0]` when it is one), most first and least first. */
  top: z.array(datacenterDeviceSchema),
  bottom: z.array(datacenterDeviceSchema),
  online: z.object({ online: z.number().int(), total: z.number().int() }),
});
export type DatacenterSummary = z.infer<typeof datacenterSummarySchema>;
