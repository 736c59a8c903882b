/**
 * A device's current values over plain HTTP (`POST /lyyp/developer/equipment/values`): the same
 * picture the live channel's snapshot gives — each variable's latest value, its time, and whether
 * it is stale — for clients that do not keep a WebSocket open (scripts, integrations, a page's
 * first paint). Visible to whoever may follow the device on the live channel.
 */
import { z } from 'zod';
import { IDENTIFIER_MAX_LENGTH } from '../device-model/issues.ts';
import { GATEWAY_STATUSES } from '../protocol/payloads.ts';

/** The path, relative to the API prefix. */
export const CURRENT_VALUES_PATH = '/equipment/values';

/** Most variable keys one request may name (a product's model holds at most this many). */
export const CURRENT_VALUES_MAX_KEYS = 1000;

export const currentValuesRequestSchema = z.object({
  equipmentId: z.string().min(1).max(64).describe('The device'),
  keys: z
    .union([
      z.array(z.string().min(1).max(IDENTIFIER_MAX_LENGTH)).max(CURRENT_VALUES_MAX_KEYS),
      z.string().max(CURRENT_VALUES_MAX_KEYS * (IDENTIFIER_MAX_LENGTH + 1)),
    ])
    .optional()
    .transform((value) =>
      value === undefined
        ? []
        : Array.isArray(value)
          ? value
          : value
              .split(',')
              .map((key) => key.trim())
              .filter(Boolean),
    )
    .describe(
      'Variable keys to answer, as an array (keys[0]=a) or comma-separated; omitted or empty: every variable of the model',
    ),
});
export type CurrentValuesRequest = z.input<typeof currentValuesRequestSchema>;

export const currentValueSchema = z.object({
  key: z.string().describe('Variable key'),
  value: z
    .union([z.number(), z.string(), z.boolean(), z.null()])
    .describe('Latest value; null when none was received yet or the last reading failed'),
  error: z
    .string()
    .nullable()
    .describe(
      'Catalogue code of the last reading failure (e.g. a Modbus timeout); null when the value is good',
    ),
  ts: z
    .number()
    .int()
    .nullable()
    .describe('Device time of the value, ms since the epoch; null when none yet'),
  receivedAt: z
    .number()
    .int()
    .nullable()
    .describe('Server time the platform last received or confirmed the value (staleness is judged on it)'),
  staleAfterMs: z
    .number()
    .int()
    .nullable()
    .describe('A value not refreshed for this long is stale; null: read on demand only, never stale by age'),
  stale: z
    .boolean()
    .describe(
      'Show as stale now: the gateway is not online, no value was received, or it was not refreshed in time',
    ),
});
export type CurrentValue = z.infer<typeof currentValueSchema>;

export const currentValuesAnswerSchema = z.object({
  deviceId: z.string().describe('The device'),
  serverTime: z.number().int().describe('Server time of the answer, ms since the epoch'),
  gateway: z
    .object({
      sn: z.string().describe('Gateway serial number'),
      status: z.enum(GATEWAY_STATUSES).describe('Gateway status now'),
      signal: z.number().nullable().describe('Signal strength 0-100, null when unknown'),
    })
    .describe('The gateway the device is bound to'),
  values: z
    .array(currentValueSchema)
    .describe(
      'One entry per requested variable (model order when all), also for variables without a value yet',
    ),
});
export type CurrentValuesAnswer = z.infer<typeof currentValuesAnswerSchema>;
