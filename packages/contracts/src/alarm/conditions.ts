/**
 * Alarm conditions as a registry (§3 condition: >, ≥, <, ≤, =, ≠, a range inside/outside
 * [low, high], and bit alarms). Each definition carries its raise and release conditions as
 * formulas of `@lyyp/formula`, over fixed names the rule engine fills from a sample:
 *
 * - `value` — the rule variable's value;
 * - `limit`, `low`, `high` — the comparand: a constant or another variable's value;
 * - `band` — the rule's dead band; `index`, `expected` — the bit tested and its alarm value.
 *
 * The release condition is not simply "raise no longer holds": a dead band moves it away from the
 * limit so a value hovering at the limit does not raise and release on every sample.
 */
import { z } from 'zod';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  boundedNumber,
  identifier,
} from '../device-model/issues.ts';
import { finiteNumber } from './fields.ts';
import { BIT_ALARM_MAX_BIT } from './limits.ts';

export const COMPARISON_OPERATORS = ['gt', 'ge', 'lt', 'le', 'eq', 'ne'] as const;
export const RANGE_OPERATORS = ['inside', 'outside'] as const;
export const ALARM_OPERATORS = [...COMPARISON_OPERATORS, ...RANGE_OPERATORS, 'bit'] as const;
export type AlarmOperator = (typeof ALARM_OPERATORS)[number];

/** Names the condition formulas read; the engine fills them, so variable keys never clash with them. */
export const CONDITION_SCOPE_NAMES = ['value', 'limit', 'low', 'high', 'band', 'index', 'expected'] as const;
export type ConditionScopeName = (typeof CONDITION_SCOPE_NAMES)[number];

export interface AlarmConditionDefinition {
  readonly operator: AlarmOperator;
  /** How the console writes it: `>`, `≥`, `∈ [low, high]`, … */
  readonly symbol: string;
  readonly name: { readonly zh: string; readonly en: string };
  /** Which comparand fields the condition has. */
  readonly operands: 'limit' | 'range' | 'bit';
  /** Whether a dead band applies (never to equality and bit tests: they have no "near"). */
  readonly deadBand: boolean;
  /** Variable data types the condition needs: any number, or an integer (bits). */
  readonly needs: 'number' | 'integer';
  /** Formula that raises the alarm (while inactive, counted by the filter). */
  readonly raise: string;
  /** Formula that releases it (while active). Never true where `raise` is true. */
  readonly release: string;
}

export const ALARM_CONDITION_DEFINITIONS = {
  gt: {
    operator: 'gt',
    symbol: '>',
    name: { zh: '大于', en: 'greater than' },
    operands: 'limit',
    deadBand: true,
    needs: 'number',
    raise: 'value > limit',
    release: 'value <= limit - band',
  },
  ge: {
    operator: 'ge',
    symbol: '≥',
    name: { zh: '大于等于', en: 'at least' },
    operands: 'limit',
    deadBand: true,
    needs: 'number',
    raise: 'value >= limit',
    release: 'value < limit - band',
  },
  lt: {
    operator: 'lt',
    symbol: '<',
    name: { zh: '小于', en: 'less than' },
    operands: 'limit',
    deadBand: true,
    needs: 'number',
    raise: 'value < limit',
    release: 'value >= limit + band',
  },
  le: {
    operator: 'le',
    symbol: '≤',
    name: { zh: '小于等于', en: 'at most' },
    operands: 'limit',
    deadBand: true,
    needs: 'number',
    raise: 'value <= limit',
    release: 'value > limit + band',
  },
  eq: {
    operator: 'eq',
    symbol: '=',
    name: { zh: '等于', en: 'equal to' },
    operands: 'limit',
    deadBand: false,
    needs: 'number',
    raise: 'value == limit',
    release: 'value != limit',
  },
  ne: {
    operator: 'ne',
    symbol: '≠',
    name: { zh: '不等于', en: 'not equal to' },
    operands: 'limit',
    deadBand: false,
    needs: 'number',
    raise: 'value != limit',
    release: 'value == limit',
  },
  inside: {
    operator: 'inside',
    symbol: '∈',
    name: { zh: '在范围内', en: 'inside the range' },
    operands: 'range',
    deadBand: true,
    needs: 'number',
    raise: 'value >= low && value <= high',
    release: 'value < low - band || value > high + band',
  },
  outside: {
    operator: 'outside',
    symbol: '∉',
    name: { zh: '在范围外', en: 'outside the range' },
    operands: 'range',
    deadBand: true,
    needs: 'number',
    raise: 'value < low || value > high',
    release: 'value >= low + band && value <= high - band',
  },
  bit: {
    operator: 'bit',
    symbol: 'bit',
    name: { zh: '位等于', en: 'bit equals' },
    operands: 'bit',
    deadBand: false,
    needs: 'integer',
    raise: 'bit(value, index) == expected',
    release: 'bit(value, index) != expected',
  },
} as const satisfies { readonly [K in AlarmOperator]: AlarmConditionDefinition & { readonly operator: K } };

export function alarmConditionDefinition(operator: AlarmOperator): AlarmConditionDefinition {
  return ALARM_CONDITION_DEFINITIONS[operator];
}

/** A comparand: a constant, or the current value of another variable of the same device. */
export const alarmOperandSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('value'), value: finiteNumber }),
    z.object({ kind: z.literal('variable'), key: identifier('key') }),
  ],
  { error: INVALID_FIELD_MESSAGE },
);
export type AlarmOperand = z.infer<typeof alarmOperandSchema>;

export const comparisonConditionSchema = z.object({
  operator: z.enum(COMPARISON_OPERATORS, { error: INVALID_FIELD_MESSAGE }),
  limit: alarmOperandSchema,
});

export const rangeConditionSchema = z.object({
  operator: z.enum(RANGE_OPERATORS, { error: INVALID_FIELD_MESSAGE }),
  low: alarmOperandSchema,
  high: alarmOperandSchema,
});

/** A bit alarm: bit `bit` of the value (0 for a boolean variable) equals `expected`. */
export const bitConditionSchema = z.object({
  operator: z.literal('bit', { error: INVALID_FIELD_MESSAGE }),
  bit: boundedNumber('bit', { min: 0, max: BIT_ALARM_MAX_BIT, integer: true }).default(0),
  expected: z.union([z.literal(0), z.literal(1)], { error: INVALID_FIELD_MESSAGE }).default(1),
});

export const alarmConditionSchema = z
  .discriminatedUnion('operator', [comparisonConditionSchema, rangeConditionSchema, bitConditionSchema], {
    error: INVALID_FIELD_MESSAGE,
  })
  .superRefine((condition, context) => {
    if (condition.operator !== 'inside' && condition.operator !== 'outside') return;
    const { low, high } = condition;
    if (low.kind === 'value' && high.kind === 'value' && !(low.value < high.value)) {
      addCatalogueIssue(context, '2104', {}, ['high']);
    }
    if (low.kind === 'variable' && high.kind === 'variable' && low.key === high.key) {
      addCatalogueIssue(context, '2104', {}, ['high']);
    }
  });
export type AlarmCondition = z.infer<typeof alarmConditionSchema>;

/** The comparands of a condition by name (`limit`, or `low` and `high`; none for a bit alarm). */
export function conditionOperands(
  condition: AlarmCondition,
): (readonly ['limit' | 'low' | 'high', AlarmOperand])[] {
  if ('limit' in condition) return [['limit', condition.limit]];
  if ('low' in condition) {
    return [
      ['low', condition.low],
      ['high', condition.high],
    ];
  }
  return [];
}

/** The other variables a condition reads (its comparands), without repeats. */
export function conditionVariableKeys(condition: AlarmCondition): string[] {
  const keys = conditionOperands(condition).flatMap(([, operand]) =>
    operand.kind === 'variable' ? [operand.key] : [],
  );
  return [...new Set(keys)];
}
