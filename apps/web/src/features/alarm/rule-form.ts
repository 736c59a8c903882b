/**
 * The alarm rule form (§3 alarm rule: variable, condition, value or variable, filter count, dead
 * band, groups, push methods, message, enabled) and its conversion to and from the contract's rule.
 * The condition's comparands are flat inputs (`limitKind`, `limitValue`, `limitKey`, …) so each has
 * its own place for a complaint; `RULE_FIELD_PATHS` says where each sits in the rule, so the
 * contract schema's issues and the server's refusals land on the right input.
 */
import type { Locale } from '@lyyp/contracts';
import {
  ALARM_CONDITION_DEFINITIONS,
  FILTER_COUNT_MIN,
  alarmMessageTemplate,
  formatAlarmValue,
  renderAlarmMessage,
  type AlarmChannel,
  type AlarmOperand,
  type AlarmOperator,
  type AlarmRule,
  type AlarmRuleInput,
} from '@lyyp/contracts/alarm';
import { DATA_TYPE_DEFINITIONS } from '@lyyp/contracts/device-model';

export type OperandKind = AlarmOperand['kind'];
export type OperandName = 'limit' | 'low' | 'high';

export interface RuleFormValues {
  name?: string;
  variableKey?: string;
  operator?: AlarmOperator;
  limitKind?: OperandKind;
  limitValue?: number | null;
  limitKey?: string;
  lowKind?: OperandKind;
  lowValue?: number | null;
  lowKey?: string;
  highKind?: OperandKind;
  highValue?: number | null;
  highKey?: string;
  bit?: number | null;
  expected?: 0 | 1;
  deadBand?: number | null;
  filterCount?: number | null;
  groupIds?: string[];
  pushMethods?: AlarmChannel[];
  message?: string;
  enabled?: boolean;
  /** The linked knowledge-base article; empty: none. */
  articleId?: string;
}

export type RuleFormField = keyof RuleFormValues;

/** Where each input sits in the contract's rule (its schema paths and the server's `field`). */
export const RULE_FIELD_PATHS: Readonly<Record<RuleFormField, readonly string[]>> = {
  name: ['name'],
  variableKey: ['variableKey'],
  operator: ['condition', 'operator'],
  limitKind: ['condition', 'limit', 'kind'],
  limitValue: ['condition', 'limit', 'value'],
  limitKey: ['condition', 'limit', 'key'],
  lowKind: ['condition', 'low', 'kind'],
  lowValue: ['condition', 'low', 'value'],
  lowKey: ['condition', 'low', 'key'],
  highKind: ['condition', 'high', 'kind'],
  highValue: ['condition', 'high', 'value'],
  highKey: ['condition', 'high', 'key'],
  bit: ['condition', 'bit'],
  expected: ['condition', 'expected'],
  deadBand: ['deadBand'],
  filterCount: ['filterCount'],
  groupIds: ['groupIds'],
  pushMethods: ['pushMethods'],
  message: ['message'],
  enabled: ['enabled'],
  articleId: ['articleId'],
};

/**
 * The input a path of the rule points at (`condition.high` → the high value or variable, whichever
 * the form shows; `groupIds.2` → the group list), or null when the form has none.
 */
export function formFieldOfRulePath(
  path: readonly (string | number)[],
  values: RuleFormValues,
): RuleFormField | null {
  const parts = path.map(String).filter((part) => !/^\d+$/.test(part));
  if (parts[0] === 'rule') parts.shift();
  if (parts[0] === 'condition' && (parts[1] === 'limit' || parts[1] === 'low' || parts[1] === 'high')) {
    const name = parts[1];
    const kind = values[`${name}Kind`] ?? 'value';
    if (parts[2] === 'kind') return `${name}Kind`;
    return kind === 'variable' ? `${name}Key` : `${name}Value`;
  }
  if (parts[0] === 'condition' && parts.length === 1) return 'operator';
  let best: RuleFormField | null = null;
  for (const [field, fieldPath] of Object.entries(RULE_FIELD_PATHS) as [RuleFormField, readonly string[]][]) {
    const matches =
      fieldPath.every((part, index) => parts[index] === part) && fieldPath.length <= parts.length;
    if (matches && (best === null || fieldPath.length > RULE_FIELD_PATHS[best].length)) best = field;
  }
  return best;
}

/** The comparands the chosen condition has: one limit, a low and a high, or a bit and its value. */
export function operandsOf(operator: AlarmOperator | undefined): readonly OperandName[] {
  const operands = ALARM_CONDITION_DEFINITIONS[operator ?? 'gt'].operands;
  if (operands === 'limit') return ['limit'];
  if (operands === 'range') return ['low', 'high'];
  return [];
}

/** Whether the chosen condition takes a dead band (equality and bit tests do not). */
export function takesDeadBand(operator: AlarmOperator | undefined): boolean {
  return ALARM_CONDITION_DEFINITIONS[operator ?? 'gt'].deadBand;
}

/** The inputs every rule has, whatever its condition. */
export const BASE_RULE_FIELDS: readonly RuleFormField[] = [
  'name',
  'variableKey',
  'operator',
  'filterCount',
  'groupIds',
  'pushMethods',
  'message',
  'enabled',
  'articleId',
];

/** The inputs that apply to the rule as the form holds it. */
export function listRuleFields(values: RuleFormValues): Set<RuleFormField> {
  const fields = new Set<RuleFormField>(BASE_RULE_FIELDS);
  const operator = values.operator ?? 'gt';
  for (const name of operandsOf(operator)) {
    fields.add(`${name}Kind`);
    fields.add((values[`${name}Kind`] ?? 'value') === 'variable' ? `${name}Key` : `${name}Value`);
  }
  if (operator === 'bit') {
    fields.add('bit');
    fields.add('expected');
  }
  if (takesDeadBand(operator)) fields.add('deadBand');
  return fields;
}

const numberOrUndefined = (value: number | null | undefined) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

function operandOf(values: RuleFormValues, name: OperandName): Record<string, unknown> {
  const kind = values[`${name}Kind`] ?? 'value';
  return kind === 'variable'
    ? { kind, key: values[`${name}Key`] ?? '' }
    : { kind, value: numberOrUndefined(values[`${name}Value`]) };
}

/** What the API receives for the form (without the id; `toRuleInput(values, id)` for an edit). */
export function toRuleInput(values: RuleFormValues, id = 'new'): AlarmRuleInput {
  const operator = values.operator ?? 'gt';
  const condition: Record<string, unknown> = { operator };
  for (const name of operandsOf(operator)) condition[name] = operandOf(values, name);
  if (operator === 'bit') {
    condition.bit = numberOrUndefined(values.bit) ?? 0;
    condition.expected = values.expected ?? 1;
  }
  return {
    id,
    name: values.name?.trim() ?? '',
    variableKey: values.variableKey ?? '',
    condition: condition as AlarmRuleInput['condition'],
    deadBand: takesDeadBand(operator) ? (numberOrUndefined(values.deadBand) ?? 0) : 0,
    filterCount: numberOrUndefined(values.filterCount) ?? FILTER_COUNT_MIN,
    groupIds: values.groupIds ?? [],
    pushMethods: values.pushMethods ?? [],
    message: values.message ?? '',
    enabled: values.enabled ?? true,
    ...(values.articleId ? { articleId: values.articleId } : {}),
  };
}

/** A new rule's form: "greater than a value", counted once, pushed in the app, enabled. */
export function createRuleValues(): RuleFormValues {
  return {
    operator: 'gt',
    limitKind: 'value',
    lowKind: 'value',
    highKind: 'value',
    bit: 0,
    expected: 1,
    deadBand: 0,
    filterCount: FILTER_COUNT_MIN,
    groupIds: [],
    pushMethods: ['app'],
    message: '',
    enabled: true,
  };
}

/** The form of a saved rule. */
export function toRuleFormValues(rule: AlarmRule): RuleFormValues {
  const values: RuleFormValues = {
    ...createRuleValues(),
    name: rule.name,
    variableKey: rule.variableKey,
    operator: rule.condition.operator,
    deadBand: rule.deadBand,
    filterCount: rule.filterCount,
    groupIds: [...rule.groupIds],
    pushMethods: [...rule.pushMethods],
    message: rule.message,
    enabled: rule.enabled,
    ...(rule.articleId ? { articleId: rule.articleId } : {}),
  };
  const condition = rule.condition;
  const operands: [OperandName, AlarmOperand][] =
    'limit' in condition
      ? [['limit', condition.limit]]
      : 'low' in condition
        ? [
            ['low', condition.low],
            ['high', condition.high],
          ]
        : [];
  for (const [name, operand] of operands) {
    values[`${name}Kind`] = operand.kind;
    if (operand.kind === 'variable') values[`${name}Key`] = operand.key;
    else values[`${name}Value`] = operand.value;
  }
  if (condition.operator === 'bit') {
    values.bit = condition.bit;
    values.expected = condition.expected;
  }
  return values;
}

export interface RuleVariable {
  readonly key: string;
  readonly name: string;
  readonly unit?: string | undefined;
  readonly decimals?: number | undefined;
  readonly dataType: string;
}

/** Variables a rule may watch or compare with: numbers, and integers only for bit alarms (2103). */
export function listAlarmVariables<T extends RuleVariable>(
  variables: readonly T[],
  operator?: AlarmOperator,
): T[] {
  const needs = ALARM_CONDITION_DEFINITIONS[operator ?? 'gt'].needs;
  return variables.filter((variable) => {
    const definition = (
      DATA_TYPE_DEFINITIONS as Readonly<Record<string, { numeric: boolean; integer: boolean }>>
    )[variable.dataType];
    return Boolean(definition?.numeric && (needs === 'number' || definition.integer));
  });
}

/** How the condition reads in a list: `> 80`, `∈ [10, 20]`, `bit 3 = 1`, with variable names. */
export function describeCondition(
  rule: Pick<AlarmRule, 'condition'>,
  nameOf: (key: string) => string,
): string {
  const condition = rule.condition;
  const operand = (item: AlarmOperand) => (item.kind === 'value' ? String(item.value) : nameOf(item.key));
  const definition = ALARM_CONDITION_DEFINITIONS[condition.operator];
  if ('limit' in condition) return `${definition.symbol} ${operand(condition.limit)}`;
  if ('low' in condition)
    return `${definition.symbol} [${operand(condition.low)}, ${operand(condition.high)}]`;
  return `bit ${condition.bit} = ${condition.expected}`;
}

/**
 * The message as a person would receive it, filled with an example: the variable's name and unit,
 * the limit as a sample value, and example device and rule names.
 */
export function previewRuleMessage(
  values: RuleFormValues,
  variable: RuleVariable | undefined,
  example: { device: string; value: number },
  locale: Locale,
): string {
  const template = alarmMessageTemplate(values.message ?? '', 'variable', locale);
  const input = toRuleInput(values);
  const condition = input.condition as { limit?: AlarmOperand; low?: AlarmOperand; high?: AlarmOperand };
  const operandText = (operand: AlarmOperand | undefined) =>
    operand === undefined
      ? ''
      : operand.kind === 'value'
        ? formatAlarmValue(operand.value, { decimals: variable?.decimals })
        : operand.key;
  const limit = condition.limit
    ? operandText(condition.limit)
    : condition.low && condition.high
      ? `${operandText(condition.low)} ~ ${operandText(condition.high)}`
      : '';
  return renderAlarmMessage(template, {
    value: formatAlarmValue(example.value, { decimals: variable?.decimals }),
    unit: variable?.unit ?? '',
    variable: variable?.name ?? values.variableKey ?? '',
    limit,
    device: example.device,
    rule: values.name?.trim() ?? '',
  });
}

/**
 * When the alarm releases, as a formula of the condition registry with the form's numbers in it
 * (`炉温 <= 80 - 2`): the release rule follows from the condition and the dead band.
 */
export function describeRelease(values: RuleFormValues, variableName: string): string {
  const operator = values.operator ?? 'gt';
  const input = toRuleInput(values);
  const condition = input.condition as { limit?: AlarmOperand; low?: AlarmOperand; high?: AlarmOperand };
  const operand = (item: AlarmOperand | undefined) =>
    item === undefined ? '?' : item.kind === 'value' ? String(item.value ?? '?') : item.key || '?';
  const names: Record<string, string> = {
    value: variableName || 'value',
    limit: operand(condition.limit),
    low: operand(condition.low),
    high: operand(condition.high),
    band: String(input.deadBand ?? 0),
    index: String(numberOrUndefined(values.bit) ?? 0),
    expected: String(values.expected ?? 1),
  };
  return ALARM_CONDITION_DEFINITIONS[operator].release.replace(
    /\b(value|limit|low|high|band|index|expected)\b/g,
    (name) => names[name] ?? name,
  );
}
