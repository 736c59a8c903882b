/**
 * The report dialog's values and their conversion to the contract's report definition. Pure, so
 * the conversions are tested without a browser. Variables offered are the product's numeric ones
 * (text variables cannot be aggregated, 2303).
 */
import { DATA_TYPE_DEFINITIONS, type DataType } from '@lyyp/contracts/device-model';
import {
  REPORT_DEFAULT_INTERVAL_MINUTES,
  isReportableType,
  type ReportAggregation,
  type ReportConditionOperator,
  type ReportDefinition,
  type ReportDefinitionInput,
  type ReportStorageKind,
  type ReportStorageMode,
  type ReportType,
} from '@lyyp/contracts/report';

export interface ReportVariableOption {
  key: string;
  name: string;
  unit: string;
  dataType: DataType;
}

export interface ReportFormValues {
  name: string;
  type: ReportType;
  storageMode: ReportStorageMode;
  storage: ReportStorageKind;
  intervalMinutes: number;
  conditionKey?: string | undefined;
  conditionOperator: ReportConditionOperator;
  conditionValue?: number | null | undefined;
  expression: string;
  variables: Array<{ key?: string | undefined; aggregation: ReportAggregation }>;
  enabled: boolean;
}

/** The aggregation a variable starts with: counters (totals) as differences, the rest as averages. */
export function defaultAggregation(variable: ReportVariableOption | undefined): ReportAggregation {
  if (!variable) return 'average';
  if (DATA_TYPE_DEFINITIONS[variable.dataType].id === 'boolean') return 'max';
  return /total|count|starts|hours/i.test(variable.key) ? 'difference' : 'average';
}

export function reportableVariables<T extends { dataType: DataType }>(variables: readonly T[]): T[] {
  return variables.filter((variable) => isReportableType(variable.dataType));
}

export function createReportValues(): ReportFormValues {
  return {
    name: '',
    type: 'general',
    storageMode: 'periodic',
    storage: 'interval',
    intervalMinutes: REPORT_DEFAULT_INTERVAL_MINUTES,
    conditionOperator: '>',
    expression: '',
    variables: [{ aggregation: 'average' }],
    enabled: true,
  };
}

export function toReportFormValues(report: ReportDefinition): ReportFormValues {
  return {
    name: report.name,
    type: report.type,
    storageMode: report.storageMode,
    storage: report.storage,
    intervalMinutes: report.intervalMinutes,
    conditionKey: report.condition?.variableKey,
    conditionOperator: report.condition?.operator ?? '>',
    conditionValue: report.condition?.value,
    expression: report.expression,
    variables: report.variables.map((variable) => ({ ...variable })),
    enabled: report.enabled,
  };
}

/** The definition to send (`id` of the report edited, or none for a new one). */
export function toReportInput(values: ReportFormValues, id?: string): ReportDefinitionInput {
  const condition =
    values.storageMode === 'condition' && values.conditionKey !== undefined
      ? {
          variableKey: values.conditionKey,
          operator: values.conditionOperator,
          value: typeof values.conditionValue === 'number' ? values.conditionValue : Number.NaN,
        }
      : null;
  return {
    id: id ?? 'new',
    name: values.name ?? '',
    type: values.type,
    storageMode: values.storageMode,
    storage: values.storage,
    intervalMinutes: values.intervalMinutes,
    condition,
    expression: values.storageMode === 'expression' ? (values.expression ?? '') : '',
    variables: (values.variables ?? []).map((variable) => ({
      key: variable.key ?? '',
      aggregation: variable.aggregation,
    })),
    enabled: values.enabled,
  };
}

/** Where a server field path (`variables.2.key`, `condition.variableKey`) sits in the form. */
export function formFieldOfReportPath(field: string): (string | number)[] | null {
  const path = field.replace(/^report\./, '').split('.');
  if (path[0] === 'variables' && path.length >= 3) return ['variables', Number(path[1]), path[2]!];
  if (path[0] === 'condition')
    return [
      path[1] === 'operator' ? 'conditionOperator' : path[1] === 'value' ? 'conditionValue' : 'conditionKey',
    ];
  if (
    ['name', 'type', 'storageMode', 'storage', 'intervalMinutes', 'expression', 'variables'].includes(
      path[0]!,
    )
  )
    return [path[0]!];
  return null;
}
