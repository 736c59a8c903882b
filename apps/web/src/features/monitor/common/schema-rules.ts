/**
 * Form rules from the zod schemas of @lyyp/contracts (drivers, variables): each input is checked by
 * parsing the whole form with the schema and keeping the issues about that input, so cross-field
 * rules (upper above lower, a data type the register table holds) show on the input they name,
 * in the catalogue's words. Schema issues carry `catalogue:<code>` messages with their params.
 *
 * An input the schema refuses to leave empty (given the other inputs as they are) is required: it
 * carries Ant Design's required mark and, left empty, is asked for by its label ("请输入名称",
 * "请选择驱动") instead of the API's "missing parameter".
 */
import {
  CATALOGUE_ISSUE_PREFIX,
  isErrorCode,
  type Check,
  type ErrorParams,
  type Locale,
  type RuleViolation,
} from '@lyyp/contracts';
import { Cascader, Radio, Select, TreeSelect, type FormInstance, type FormRule } from 'antd';
import { isValidElement, type ReactNode } from 'react';
import type { z } from 'zod';
import { isBlank, requiredText, type RequiredKind } from '../../auth/form-rules.ts';
import { describeViolation, labelFieldPath } from './catalogue-text.ts';

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

function readPath(values: Record<string, unknown>, path: FieldPath): unknown {
  let current: unknown = values;
  for (const part of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<string | number, unknown>)[part];
  }
  return current;
}

function blankAt(values: Record<string, unknown>, path: FieldPath): Record<string, unknown> {
  const [head, ...rest] = path;
  if (head === undefined) return values;
  if (rest.length === 0) return { ...values, [head]: undefined };
  const child = values[head];
  if (Array.isArray(child)) {
    const copy: unknown[] = child.slice();
    const index = Number(rest[0]);
    copy[index] = blankAt((copy[index] ?? {}) as Record<string, unknown>, rest.slice(1));
    return { ...values, [head]: copy };
  }
  return { ...values, [head]: blankAt((child ?? {}) as Record<string, unknown>, rest) };
}

/**
 * Whether the schema refuses the input at `path` left empty, with the other inputs as they are
 * (a driver is needed for a device variable, not for an internal one).
 */
export function isRequiredBySchema(
  schema: z.ZodType,
  path: FieldPath,
  toInput: (values: Record<string, unknown>) => unknown,
  values: Record<string, unknown>,
): boolean {
  return listSchemaIssues(schema, toInput(blankAt(values, path))).some((item) => samePath(item.path, path));
}

const CHOICE_CONTROLS: readonly unknown[] = [Select, Radio.Group, Cascader, TreeSelect];

/** Whether a form control is a choice (select, radio group …) rather than typed input. */
export function requiredKindOf(control: ReactNode): RequiredKind {
  return isValidElement(control) && CHOICE_CONTROLS.includes(control.type) ? 'choice' : 'input';
}

export interface SchemaRuleOptions {
  /** The input is a choice (select, radio group): "请选择…" rather than "请输入…". */
  readonly kind?: RequiredKind;
}

/** A form's rules for one field of its schema, as a dialog hands them to its field components. */
export type RuleFor = (path: FieldPath, options?: SchemaRuleOptions) => FormRule[];

/**
 * A rule for the input at `path`: the schema's first issue about it, if any. `toInput` turns the
 * form's values into what the schema parses (empty inputs left out, types as the API sends them).
 */
export function schemaRule(
  schema: z.ZodType,
  path: FieldPath,
  toInput: (values: Record<string, unknown>) => unknown,
  locale: Locale,
  options: SchemaRuleOptions = {},
): FormRule {
  return ({ getFieldsValue }) => {
    const current = () => getFieldsValue(true) as Record<string, unknown>;
    return {
      required: isRequiredBySchema(schema, path, toInput, current()),
      validator: () => {
        const values = current();
        const issue = listSchemaIssues(schema, toInput(values)).find((item) => samePath(item.path, path));
        if (!issue) return Promise.resolve();
        const text = isBlank(readPath(values, path))
          ? requiredText(labelFieldPath(path.join('.'), locale), locale, options.kind)
          : describeViolation(issue.violation, locale);
        return Promise.reject(new Error(text));
      },
    };
  };
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

/** Checks made by `requiredCheck`, so the rules they go into carry the required mark. */
const REQUIRED_CHECKS = new WeakMap<Check, { field: string; kind: RequiredKind }>();

/**
 * Form rules from §5 checks of @lyyp/contracts: the first check the input breaks, in the catalogue's
 * words; a blank required input (`requiredCheck`) is asked for by its label and marked required.
 */
export function rulesFromChecks(locale: Locale, ...checks: Check[]): FormRule[] {
  return [
    {
      required: checks.some((check) => REQUIRED_CHECKS.has(check)),
      validator: (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
        for (const check of checks) {
          const violation = check(text);
          if (!violation) continue;
          const required = REQUIRED_CHECKS.get(check);
          const message = required
            ? requiredText(labelFieldPath(required.field, locale), locale, required.kind)
            : describeViolation(violation, locale);
          return Promise.reject(new Error(message));
        }
        return Promise.resolve();
      },
    },
  ];
}

/** A required input (the server answers 1001 for it): blank is asked for by its label. */
export function requiredCheck(field: string, kind: RequiredKind = 'input'): Check {
  const check: Check = (value) => (value.trim() ? null : { code: '1001', params: { field } });
  REQUIRED_CHECKS.set(check, { field, kind });
  return check;
}
