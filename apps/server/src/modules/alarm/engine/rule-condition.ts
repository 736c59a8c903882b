/**
 * A rule compiled into its raise and release tests. The tests are the condition registry's formulas
 * (`value > limit`, `value <= limit - band`, …) compiled once per operator by `@lyyp/formula`, the
 * same engine as collection formulas and reports; a rule only supplies the scope they read.
 */
import {
  ALARM_CONDITION_DEFINITIONS,
  ALARM_OPERATORS,
  CONDITION_SCOPE_NAMES,
  conditionOperands,
  type AlarmOperator,
  type AlarmRule,
  type ConditionScopeName,
} from '@lyyp/contracts/alarm';
import { compileFormula, evaluateCondition, type Formula, type FormulaError } from '@lyyp/formula';
import { ruleFingerprint } from './fingerprint.ts';

/** A point value as stored (§ protocol): number, text, boolean, or null when the read failed. */
export type SampleValue = number | string | boolean | null;

/** Why a sample could not be evaluated. The state is kept; the service logs the problem. */
export type EvaluationProblem =
  | { readonly kind: 'no-value'; readonly key: string }
  | { readonly kind: 'not-a-number'; readonly key: string }
  | { readonly kind: 'formula'; readonly error: FormulaError };

export type TestResult =
  | { readonly ok: true; readonly value: boolean }
  | { readonly ok: false; readonly problem: EvaluationProblem };

function compileOrThrow(source: string): Formula {
  const compiled = compileFormula(source, { variables: CONDITION_SCOPE_NAMES });
  // The formulas are ours, not a user's: one that does not compile is a defect found by the tests.
  if (!compiled.ok) throw new Error(`Alarm condition formula does not compile: ${source}`);
  return compiled.formula;
}

const CONDITION_FORMULAS = Object.fromEntries(
  ALARM_OPERATORS.map((operator) => {
    const definition = ALARM_CONDITION_DEFINITIONS[operator];
    return [
      operator,
      { raise: compileOrThrow(definition.raise), release: compileOrThrow(definition.release) },
    ];
  }),
) as Record<AlarmOperator, { readonly raise: Formula; readonly release: Formula }>;

export interface CompiledAlarmRule {
  readonly rule: AlarmRule;
  readonly fingerprint: string;
  /** The other variables the condition reads; a sample carries their current values. */
  readonly references: readonly string[];
  /**
   * How long a matching value must hold to raise: (filter count − 1) × the variable's poll
   * interval. Null for a variable without a poll interval: the filter counts samples only.
   */
  readonly holdMs: number | null;
  /** The raise (while inactive) or release (while active) test of one sample. */
  test(
    phase: 'raise' | 'release',
    value: SampleValue,
    references: Readonly<Record<string, SampleValue | undefined>>,
  ): TestResult;
}

/** Numbers as they are, booleans as 1 and 0; text and missing values are problems. */
function numberOf(key: string, value: SampleValue | undefined): number | EvaluationProblem {
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value === null || value === undefined) return { kind: 'no-value', key };
  return { kind: 'not-a-number', key };
}

export interface CompileOptions {
  /** The poll interval of the rule's variable (its driver's), null or absent when it is not polled. */
  readonly pollIntervalMs?: number | null | undefined;
}

export function compileAlarmRule(rule: AlarmRule, options: CompileOptions = {}): CompiledAlarmRule {
  const formulas = CONDITION_FORMULAS[rule.condition.operator];
  const operands = conditionOperands(rule.condition);
  const references = [
    ...new Set(operands.flatMap(([, operand]) => (operand.kind === 'variable' ? [operand.key] : []))),
  ];
  // Limits given as values are part of the scope once; only the subject and the variables read
  // change per sample. The scope is one object reused by every test of the rule (tests are
  // synchronous and the formula does not keep it), so a sample allocates nothing.
  const scope: Partial<Record<ConditionScopeName, number>> = { band: rule.deadBand };
  if (rule.condition.operator === 'bit') {
    scope.index = rule.condition.bit;
    scope.expected = rule.condition.expected;
  }
  const variableOperands: Array<readonly [ConditionScopeName, string]> = [];
  for (const [name, operand] of operands) {
    if (operand.kind === 'value') scope[name] = operand.value;
    else variableOperands.push([name, operand.key]);
  }
  return {
    rule,
    fingerprint: ruleFingerprint(rule),
    references,
    holdMs:
      options.pollIntervalMs === null || options.pollIntervalMs === undefined
        ? null
        : (rule.filterCount - 1) * options.pollIntervalMs,
    test(phase, value, referenceValues) {
      const subject = numberOf(rule.variableKey, value);
      if (typeof subject !== 'number') return { ok: false, problem: subject };
      scope.value = subject;
      for (const [name, key] of variableOperands) {
        const own = Object.hasOwn(referenceValues, key) ? referenceValues[key] : undefined;
        const number = numberOf(key, own);
        if (typeof number !== 'number') return { ok: false, problem: number };
        scope[name] = number;
      }
      const formula = phase === 'raise' ? formulas.raise : formulas.release;
      const result = evaluateCondition(formula, scope);
      return result.ok ? result : { ok: false, problem: { kind: 'formula', error: result.error } };
    },
  };
}
