/**
 * A history report (§3: name, type, storage mode periodic / change / condition / expression with
 * interval or single storage, aggregation per variable, variable list). Reports are part of a
 * product's configuration and are computed on the platform from stored points, window by window
 * (docs/reports.md). `findReportIssues` checks one against the product's variables; formulas of the
 * condition and expression modes are checked by the server with `@lyyp/formula`.
 */
import { z } from 'zod';
import type { ErrorCode, ErrorParams } from '../errors/index.ts';
import { DATA_TYPE_DEFINITIONS, type DataType } from '../device-model/data-types.ts';
import {
  INVALID_FIELD_MESSAGE,
  addCatalogueIssue,
  identifier,
  optionalText,
  requiredText,
} from '../device-model/issues.ts';
import { entityId, finiteNumber } from '../alarm/fields.ts';
import { FORMULA_MAX_LENGTH } from '../formula/index.ts';
import {
  REPORT_DEFAULT_CAPACITY,
  REPORT_DEFAULT_INTERVAL_MINUTES,
  REPORT_INTERVAL_MINUTES,
  REPORT_NAME_MAX_LENGTH,
  REPORT_VARIABLES_MAX,
} from './limits.ts';

/**
 * What a report measures. The data centre adds up the `difference` columns of consumption reports
 * (energy, water, gas) and production reports (output counters); general reports are only listed.
 */
export const REPORT_TYPES = ['general', 'consumption', 'production'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];

/**
 * When a row is stored: every window (periodic), when a listed variable changes (change), while a
 * comparison on one variable holds (condition), while a formula over the variables holds
 * (expression).
 */
export const REPORT_STORAGE_MODES = ['periodic', 'change', 'condition', 'expression'] as const;
export type ReportStorageMode = (typeof REPORT_STORAGE_MODES)[number];

/**
 * For condition and expression modes: a row for every window in which the condition holds, over
 * the samples taken while it holds (interval); or one row at each moment it starts to hold (single).
 */
export const REPORT_STORAGE_KINDS = ['interval', 'single'] as const;
export type ReportStorageKind = (typeof REPORT_STORAGE_KINDS)[number];

/** How a variable's samples of a window become one value (§3). */
export const REPORT_AGGREGATIONS = ['difference', 'first', 'last', 'max', 'min', 'average'] as const;
export type ReportAggregation = (typeof REPORT_AGGREGATIONS)[number];

export const REPORT_CONDITION_OPERATORS = ['>', '>=', '<', '<=', '==', '!='] as const;
export type ReportConditionOperator = (typeof REPORT_CONDITION_OPERATORS)[number];

/** The time unit of a report table's rows on the monitoring site. */
export const REPORT_GRANULARITIES = ['hour', 'day', 'month'] as const;
export type ReportGranularity = (typeof REPORT_GRANULARITIES)[number];

const booleanField = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
  {
    error: INVALID_FIELD_MESSAGE,
  },
);

export const reportVariableSchema = z.object({
  key: identifier('variables.key'),
  aggregation: z.enum(REPORT_AGGREGATIONS, { error: INVALID_FIELD_MESSAGE }).default('average'),
});
export type ReportVariable = z.infer<typeof reportVariableSchema>;

export const reportConditionSchema = z.object({
  variableKey: identifier('condition.variableKey'),
  operator: z.enum(REPORT_CONDITION_OPERATORS, { error: INVALID_FIELD_MESSAGE }),
  value: finiteNumber,
});
export type ReportCondition = z.infer<typeof reportConditionSchema>;

export const reportDefinitionSchema = z
  .object({
    id: entityId('id'),
    name: requiredText('name', REPORT_NAME_MAX_LENGTH),
    type: z.enum(REPORT_TYPES, { error: INVALID_FIELD_MESSAGE }).default('general'),
    storageMode: z.enum(REPORT_STORAGE_MODES, { error: INVALID_FIELD_MESSAGE }).default('periodic'),
    storage: z.enum(REPORT_STORAGE_KINDS, { error: INVALID_FIELD_MESSAGE }).default('interval'),
    intervalMinutes: z.coerce
      .number({ error: INVALID_FIELD_MESSAGE })
      .refine((value) => (REPORT_INTERVAL_MINUTES as readonly number[]).includes(value), {
        error: INVALID_FIELD_MESSAGE,
      })
      .default(REPORT_DEFAULT_INTERVAL_MINUTES),
    /** Condition mode only. */
    condition: reportConditionSchema.nullable().default(null),
    /** Expression mode only: a formula over the product's variable keys (§5: at most 200 characters). */
    expression: optionalText('expression', FORMULA_MAX_LENGTH).default(''),
    variables: z
      .array(reportVariableSchema, { error: INVALID_FIELD_MESSAGE })
      .min(1, { error: 'catalogue:1001' })
      .max(REPORT_VARIABLES_MAX, { error: INVALID_FIELD_MESSAGE }),
    enabled: booleanField.default(true),
  })
  .superRefine((report, context) => {
    const seen = new Set<string>();
    report.variables.forEach((variable, index) => {
      if (seen.has(variable.key))
        addCatalogueIssue(context, '2302', { key: variable.key }, ['variables', index]);
      seen.add(variable.key);
    });
    if (report.storageMode === 'condition' && !report.condition)
      addCatalogueIssue(context, '1001', { field: 'condition' }, ['condition']);
    if (report.storageMode === 'expression' && !report.expression.trim())
      addCatalogueIssue(context, '1001', { field: 'expression' }, ['expression']);
  });
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;
export type ReportDefinitionInput = z.input<typeof reportDefinitionSchema>;

/** §8 capacity exceeded for reports: 1511 once a product would hold more than it may. */
export function checkReportCapacity(count: number, capacity = REPORT_DEFAULT_CAPACITY): ErrorCode | null {
  return count > capacity ? '1511' : null;
}

/** Whether samples of a variable type can be added up and compared (strings cannot). */
export function isReportableType(dataType: DataType): boolean {
  return DATA_TYPE_DEFINITIONS[dataType].id !== 'string';
}

export interface ReportIssue {
  readonly code: ErrorCode;
  readonly params: ErrorParams;
  readonly path: readonly (string | number)[];
}

/** A report against its product's variables: each listed variable exists (2301) and is numeric (2303). */
export function findReportIssues(
  report: ReportDefinition,
  variables: readonly { key: string; dataType: DataType }[],
): ReportIssue[] {
  const byKey = new Map(variables.map((variable) => [variable.key, variable]));
  const issues: ReportIssue[] = [];
  const check = (key: string, path: (string | number)[]) => {
    const variable = byKey.get(key);
    if (!variable) issues.push({ code: '2301', params: { key }, path });
    else if (!isReportableType(variable.dataType)) issues.push({ code: '2303', params: { key }, path });
  };
  report.variables.forEach((variable, index) => check(variable.key, ['variables', index, 'key']));
  if (report.storageMode === 'condition' && report.condition)
    check(report.condition.variableKey, ['condition', 'variableKey']);
  return issues;
}

/** The formula a report's condition or expression mode stores by; null for the other modes. */
export function reportTriggerFormula(report: ReportDefinition): string | null {
  if (report.storageMode === 'condition' && report.condition)
    return `${report.condition.variableKey} ${report.condition.operator} ${report.condition.value}`;
  if (report.storageMode === 'expression') return report.expression;
  return null;
}
