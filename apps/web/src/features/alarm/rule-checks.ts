/**
 * The rule form's checks, per input: empty required inputs in words a person uses ("请输入报警名称"),
 * then the contract's rule schema and `findAlarmRuleIssues` (variables that exist and fit the
 * condition, groups that exist), each issue on the input it is about. The same rules the server
 * applies, so a form that passes here is refused only for what changed meanwhile.
 */
import type { RuleViolation } from '@lyyp/contracts';
import { alarmRuleSchema, findAlarmRuleIssues, type AlarmRuleContext } from '@lyyp/contracts/alarm';
import { listSchemaIssues } from '../monitor/common/schema-rules.ts';
import {
  formFieldOfRulePath,
  listRuleFields,
  toRuleInput,
  type RuleFormField,
  type RuleFormValues,
} from './rule-form.ts';

/** Inputs a person must fill; the key names the text that asks for it (`alarm.rule.required.*`). */
export const REQUIRED_RULE_FIELDS: readonly RuleFormField[] = [
  'name',
  'variableKey',
  'limitValue',
  'limitKey',
  'lowValue',
  'lowKey',
  'highValue',
  'highKey',
  'pushMethods',
];

export type RuleFieldProblem =
  { kind: 'required'; field: RuleFormField } | { kind: 'violation'; violation: RuleViolation };

function isBlank(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

/** Every problem of the form, by input; inputs that do not apply to the rule are not checked. */
export function checkRuleForm(
  values: RuleFormValues,
  context: AlarmRuleContext,
): Map<RuleFormField, RuleFieldProblem> {
  const problems = new Map<RuleFormField, RuleFieldProblem>();
  const relevant = listRuleFields(values);
  for (const field of REQUIRED_RULE_FIELDS) {
    if (relevant.has(field) && isBlank(values[field])) problems.set(field, { kind: 'required', field });
  }
  const input = toRuleInput(values);
  const issues = listSchemaIssues(alarmRuleSchema, input).map((issue) => ({
    path: issue.path,
    violation: issue.violation,
  }));
  const parsed = alarmRuleSchema.safeParse(input);
  if (parsed.success) {
    for (const issue of findAlarmRuleIssues(parsed.data, context)) {
      issues.push({ path: issue.path, violation: { code: issue.code, params: issue.params } });
    }
  }
  for (const issue of issues) {
    const field = formFieldOfRulePath(issue.path, values);
    if (field && relevant.has(field) && !problems.has(field))
      problems.set(field, { kind: 'violation', violation: issue.violation });
  }
  return problems;
}
