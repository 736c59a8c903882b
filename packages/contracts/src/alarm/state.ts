/**
 * The rule engine's state as the database keeps it: one small object per (device, rule) and one per
 * device for its gateway status. Versioned, so a later change of shape can migrate stored states;
 * a state that does not parse is treated as none (the rule starts counting afresh).
 */
import { z } from 'zod';
import { GATEWAY_STATUSES } from '../protocol/payloads.ts';
import { DEVICE_STATUS_ALARM_TYPES } from './rule.ts';

export const ALARM_STATE_VERSION = 1;

const time = z.number().int();
const heldValue = z.union([z.number(), z.string(), z.boolean(), z.null()]);

export const alarmRuleStateSchema = z.object({
  version: z.literal(ALARM_STATE_VERSION),
  /** Fingerprint of the rule's semantics when this state was built; another one resets the state. */
  rule: z.string().min(1).max(64),
  active: z.boolean(),
  /** Consecutive matching samples counted while inactive (up to the filter count). */
  matches: z.number().int().nonnegative(),
  /** Time of the first sample of the current matching run; while active, of the run that raised. */
  since: time.nullable(),
  /** True time of the raise while active. */
  raisedAt: time.nullable(),
  /** Time of the newest sample evaluated: older or equal ones are not evaluated again. */
  lastAt: time.nullable(),
  /**
   * While a matching run waits for its filter: when the value, held since `since`, has matched for
   * (filter count − 1) poll intervals and raises unless a sample contradicts it first. Absent or
   * null: no run, or a variable without a poll interval (the filter counts samples only).
   */
  dueAt: time.nullable().optional(),
  /** The newest matching value of the waiting run: the value a raise at `dueAt` reports. */
  held: heldValue.optional(),
});
export type AlarmRuleState = z.infer<typeof alarmRuleStateSchema>;

export const deviceStatusStateSchema = z.object({
  version: z.literal(ALARM_STATE_VERSION),
  /** Last gateway status taken into account, and its time. */
  status: z.enum(GATEWAY_STATUSES).nullable(),
  statusAt: time.nullable(),
  /** The outage under way: which kind, since when (the status's true time). */
  outage: z.object({ type: z.enum(DEVICE_STATUS_ALARM_TYPES), since: time }).nullable(),
  /** The alarm raised for that outage, and when. */
  active: z.enum(DEVICE_STATUS_ALARM_TYPES).nullable(),
  raisedAt: time.nullable(),
});
export type DeviceStatusState = z.infer<typeof deviceStatusStateSchema>;
