/**
 * Form rules from the zod schemas of @lyyp/contracts (drivers, variables): each input is checked by
 * parsing the whole form with the schema and keeping the issues about that input, so cross-field
 * rules (upper above lower, a data type the register table holds) show on the input they name,
 * in the catalogue's words. Schema issues carry `catalogue:<code>` messages with their params.
 */
import {
  CATALOGUE_ISSUE_PREFIX,
  isErrorCode,
  type Check,
  type ErrorParams,
  type Locale,
  type RuleViolation,
} from '@lyyp/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { z } from 'zod';
import { describeViolation } from './catalogue-text.ts';

export type FieldPath = readonly (string | number)[];

export interface SchemaIssue {
  path: FieldPath;
  violation: RuleViolation;
}

function scalarParams(params: unknown): ErrorParams {
  if (typeof params !== 'object' || params === null) return {};
  return Object.fromEntries(
    Object.entries(params).filter(
      (entry): entry is [string, string | number] =>
        typeof entry[1] === 'string' || typeof entry[1] === 'number',
    ),
  );
}

/** The issues of a value against a schema, each as a catalogue violation on a field path. */
export function listSchemaIssues(schema: z.ZodType, value: unknown): SchemaIssue[] {
  const parsed = schema.safeParse(value);
  if (parsed.success) return [];
  return parsed.error.issues.map((issue) => {
    const code = issue.message.startsWith(CATALOGUE_ISSUE_PREFIX)
      ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
      : '';
    const path = issue.path.filter((part): part is string | number => typeof part !== 'symbol');
    const field = path.join('.');
    const params = { field, ...scalarParams((issue as { params?: unknown }).params) };
    return {
      path,
      violation: isErrorCode(code) ? { code, params } : { code: '1002', params: { field } },
    };
  });
}

const samePath = (left: FieldPath, right: FieldPath) =>
  left.length === right.length && left.every((part, index) => String(part) === String(right[index]));

/**
 * A rule for the input at `path`: the schema's first issue about it, if any. `toInput` turns the
 * form's values into what the schema parses (empty inputs left out, types as the API sends them).
 */
export function schemaRule(
  schema: z.ZodType,
  path: FieldPath,
  toInput: (values: Record<string, unknown>) => unknown,
  locale: Locale,
): FormRule {
  return ({ getFieldsValue }) => ({
    validator: () => {
      const values = getFieldsValue(true) as Record<string, unknown>;
      const issue = listSchemaIssues(schema, toInput(values)).find((item) => samePath(item.path, path));
      return issue
        ? Promise.reject(new Error(describeViolation(issue.violation, locale)))
        : Promise.resolve();
    },
  });
}

/**
 * Checks again the inputs that show a complaint, after any change: a complaint caused by another
 * input (an upper limit below the lower one, a repeated mapping value) goes once that input is fixed.
 */
export function revalidateFailingFields(form: FormInstance): void {
  const failing = form
    .getFieldsError()
    .filter((field) => field.errors.length > 0)
    .map((field) => field.name);
  if (failing.length > 0) form.validateFields(failing).catch(() => undefined);
}

/** Form rules from §5 checks of @lyyp/contracts: the first check the input breaks, in the catalogue's words. */
export function rulesFromChecks(locale: Locale, ...checks: Check[]): FormRule[] {
  return [
    {
      validator: (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value : '';
        for (const check of checks) {
          const violation = check(text);
          if (violation) return Promise.reject(new Error(describeViolation(violation, locale)));
        }
        return Promise.resolve();
      },
    },
  ];
}

/** A required input: blank is the catalogue's "missing parameter", naming the field. */
export function requiredCheck(field: string): Check {
  return (value) => (value.trim() ? null : { code: '1001', params: { field } });
}
