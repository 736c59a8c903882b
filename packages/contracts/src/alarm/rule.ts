/**
 * An alarm rule (§3: variable, condition, value or variable, filter count, alarm group, push
 * method, enabled flag) with its message text and release dead band, and the offline and power-off
 * alarms of a product. Rules are part of the product configuration; `findAlarmRuleIssues` checks a
 * rule against the product's variables and the groups that exist.
 */
import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors/index.ts';
import { DATA_TYPE_DEFINITIONS, type DataType } from '../device-model/data-types.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  identifier,
  optionalText,
  requiredText,
} from '../device-model/issues.ts';
import { ALARM_CHANNELS, type AlarmChannel } from './channels.ts';
import {
  ALARM_CONDITION_DEFINITIONS,
  alarmConditionSchema,
  conditionOperands,
  conditionVariableKeys,
} from './conditions.ts';
import { entityId, uniqueList } from './fields.ts';
import {
  ALARM_GROUPS_PER_RULE_MAX,
  ALARM_MESSAGE_MAX_LENGTH,
  ALARM_NAME_MAX_LENGTH,
  ALARM_RULE_DEFAULT_CAPACITY,
  DEVICE_STATUS_ALARM_DELAY_MAX_SECONDS,
  DEVICE_STATUS_ALARM_DELAY_MIN_SECONDS,
  FILTER_COUNT_MAX,
  FILTER_COUNT_MIN,
  OFFLINE_ALARM_DEFAULT_DELAY_SECONDS,
  POWER_OFF_ALARM_DEFAULT_DELAY_SECONDS,
} from './limits.ts';
import { unknownPlaceholders } from './message-template.ts';

/** A message text: limited in length, and only known placeholders (2107). */
export function alarmMessageText(field: string) {
  return optionalText(field, ALARM_MESSAGE_MAX_LENGTH).superRefine((value, context) => {
    const [unknown] = unknownPlaceholders(value);
    if (unknown !== undefined) addCatalogueIssue(context, '2107', { name: unknown });
  });
}

const channelList = uniqueList(
  z.enum(ALARM_CHANNELS, { error: INVALID_FIELD_MESSAGE }),
  'pushMethods',
  ALARM_CHANNELS.length,
);
const groupList = uniqueList(entityId('groupIds'), 'groupIds', ALARM_GROUPS_PER_RULE_MAX);
const DEFAULT_PUSH_METHODS: AlarmChannel[] = ['app'];

export const alarmRuleSchema = z
  .object({
    id: entityId('id'),
    name: requiredText('name', ALARM_NAME_MAX_LENGTH),
    variableKey: identifier('variableKey'),
    condition: alarmConditionSchema,
    /**
     * How far the value must come back past the limit before the alarm releases (same unit as
     * the variable). 0: it releases as soon as the condition no longer holds.
     */
    deadBand: boundedNumber('deadBand', { min: 0 }).default(0),
    /** Consecutive matching samples needed to raise (a non-matching sample starts the count again). */
    filterCount: boundedNumber('filterCount', {
      min: FILTER_COUNT_MIN,
      max: FILTER_COUNT_MAX,
      integer: true,
    }).default(FILTER_COUNT_MIN),
    /** Alarm groups notified. None: the alarm is recorded and shown, and pushed to nobody. */
    groupIds: groupList.default([]),
    /** Channels the rule may use; each group narrows them further (§3 push method). */
    pushMethods: channelList.default(DEFAULT_PUSH_METHODS),
    /** Text with placeholders; blank uses the default text of the reader's language. */
    message: alarmMessageText('message').default(''),
    enabled: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(true),
    /** A knowledge-base article of the product shown with the alarm ("what to do"); none when absent. */
    articleId: entityId('articleId').optional(),
  })
  .superRefine((rule, context) => {
    const definition = ALARM_CONDITION_DEFINITIONS[rule.condition.operator];
    if (rule.deadBand > 0 && !definition.deadBand) addCatalogueIssue(context, '2106', {}, ['deadBand']);
    const condition = rule.condition;
    if (
      condition.operator === 'outside' &&
      condition.low.kind === 'value' &&
      condition.high.kind === 'value'
    ) {
      // Release needs low + band ≤ value ≤ high − band: an empty window would keep the alarm forever.
      if (!(condition.low.value + rule.deadBand < condition.high.value - rule.deadBand)) {
        addCatalogueIssue(context, '2105', {}, ['deadBand']);
      }
    }
    if (conditionVariableKeys(condition).includes(rule.variableKey)) {
      addCatalogueIssue(context, '2115', {}, ['condition']);
    }
  });
export type AlarmRule = z.infer<typeof alarmRuleSchema>;
export type AlarmRuleInput = z.input<typeof alarmRuleSchema>;

/** A product's rules: ids unique. Capacity is checked with `checkAlarmRuleCapacity`. */
export const alarmRulesSchema = z
  .array(alarmRuleSchema, { error: INVALID_FIELD_MESSAGE })
  .superRefine((rules, context) => {
    const ids = new Set<string>();
    rules.forEach((rule, index) => {
      if (ids.has(rule.id)) addCatalogueIssue(context, '1002', { field: 'id' }, [index, 'id']);
      ids.add(rule.id);
    });
  });

/** §8 capacity exceeded for alarms: 1512 once a product would hold more rules than it may. */
export function checkAlarmRuleCapacity(
  count: number,
  capacity = ALARM_RULE_DEFAULT_CAPACITY,
): ErrorCode | null {
  return count > capacity ? '1512' : null;
}

/** Alarms raised from gateway status rather than from a variable. */
export const DEVICE_STATUS_ALARM_TYPES = ['offline', 'power-off'] as const;
export type DeviceStatusAlarmType = (typeof DEVICE_STATUS_ALARM_TYPES)[number];

function deviceStatusAlarmSchema(defaultDelaySeconds: number) {
  return z.object({
    enabled: z.boolean({ error: INVALID_FIELD_MESSAGE }).default(false),
    /** The status must last this long before the alarm is raised (a short reconnect is no alarm). */
    delaySeconds: boundedNumber('delaySeconds', {
      min: DEVICE_STATUS_ALARM_DELAY_MIN_SECONDS,
      max: DEVICE_STATUS_ALARM_DELAY_MAX_SECONDS,
      integer: true,
    }).default(defaultDelaySeconds),
    groupIds: groupList.default([]),
    pushMethods: channelList.default(DEFAULT_PUSH_METHODS),
    message: alarmMessageText('message').default(''),
  });
}

export const deviceStatusAlarmsSchema = z.object({
  offline: deviceStatusAlarmSchema(OFFLINE_ALARM_DEFAULT_DELAY_SECONDS).prefault({}),
  'power-off': deviceStatusAlarmSchema(POWER_OFF_ALARM_DEFAULT_DELAY_SECONDS).prefault({}),
});
export type DeviceStatusAlarms = z.infer<typeof deviceStatusAlarmsSchema>;
export type DeviceStatusAlarmSettings = DeviceStatusAlarms[DeviceStatusAlarmType];

/**
 * The poll interval a rule's filter count is measured in: the interval of the driver that polls the
 * variable (a periodic device variable). Null for variables that are not polled on a cycle
 * (on-demand, internal, intermediate, summary): their filter counts stored samples.
 */
export function alarmPollIntervalMs(
  model: {
    readonly drivers: readonly { readonly key: string; readonly pollIntervalMs: number }[];
    readonly variables: readonly {
      readonly key: string;
      readonly kind: string;
      readonly collectionMode: string;
      readonly driverKey?: string | undefined;
    }[];
  },
  variableKey: string,
): number | null {
  const variable = model.variables.find((candidate) => candidate.key === variableKey);
  if (!variable || variable.kind !== 'device' || variable.collectionMode !== 'periodic') return null;
  return model.drivers.find((driver) => driver.key === variable.driverKey)?.pollIntervalMs ?? null;
}

export interface AlarmRuleIssue {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly path: readonly (string | number)[];
}

export interface AlarmRuleContext {
  /** The product's variables (key and data type are what matters). */
  readonly variables: readonly { readonly key: string; readonly dataType: DataType }[];
  /** Ids of the alarm groups that exist; omitted: groups are not checked. */
  readonly groupIds?: ReadonlySet<string>;
}

/**
 * What is wrong with a (schema-valid) rule in its product: a variable that does not exist (2102),
 * a variable whose type the condition cannot use (2103: text, or a fraction for a bit alarm), an
 * alarm group that does not exist (2101). Empty when the rule can be saved.
 */
export function findAlarmRuleIssues(rule: AlarmRule, context: AlarmRuleContext): AlarmRuleIssue[] {
  const issues: AlarmRuleIssue[] = [];
  const types = new Map(context.variables.map((variable) => [variable.key, variable.dataType]));
  const needs = ALARM_CONDITION_DEFINITIONS[rule.condition.operator].needs;
  const checkVariable = (key: string, path: (string | number)[], need: 'number' | 'integer') => {
    const dataType = types.get(key);
    if (dataType === undefined) {
      issues.push({ code: '2102', params: { key }, path });
      return;
    }
    const definition = DATA_TYPE_DEFINITIONS[dataType];
    if (!definition.numeric || (need === 'integer' && !definition.integer)) {
      issues.push({ code: '2103', params: { key }, path });
    }
  };
  checkVariable(rule.variableKey, ['variableKey'], needs);
  const operands = conditionOperands(rule.condition);
  for (const [name, operand] of operands) {
    if (operand.kind === 'variable') checkVariable(operand.key, ['condition', name, 'key'], 'number');
  }
  if (context.groupIds) {
    rule.groupIds.forEach((groupId, index) => {
      if (!context.groupIds?.has(groupId))
        issues.push({ code: '2101', params: { group: groupId }, path: ['groupIds', index] });
    });
  }
  return issues;
}
