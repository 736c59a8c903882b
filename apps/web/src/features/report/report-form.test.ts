import { describe, expect, it } from 'vitest';
import { reportDefinitionSchema } from '@lyyp/contracts/report';
import * as reportForm from './report-form.ts';

const { createReportValues, defaultAggregation, formFieldOfReportPath } = reportForm;
const { reportableVariables, toReportFormValues, toReportInput } = reportForm;

describe('report form', () => {
  it('turns the dialog into a definition the contract accepts, and back', () => {
    const values = {
      ...createReportValues(),
      name: 'Energy',
      type: 'consumption' as const,
      storageMode: 'condition' as const,
      conditionKey: 'running',
      conditionValue: 1,
      conditionOperator: '==' as const,
      variables: [{ key: 'gasTotal', aggregation: 'difference' as const }],
    };
    const parsed = reportDefinitionSchema.parse(toReportInput(values, 'r1'));
    expect(parsed).toMatchObject({
      id: 'r1',
      condition: { variableKey: 'running', operator: '==', value: 1 },
      expression: '',
    });
    expect(toReportFormValues(parsed)).toMatchObject({
      name: 'Energy',
      conditionKey: 'running',
      conditionValue: 1,
    });
  });

  it('leaves out the condition outside condition mode and refuses a condition without a value', () => {
    expect(toReportInput({ ...createReportValues(), conditionKey: 'running' }).condition).toBeNull();
    const missing = toReportInput({
      ...createReportValues(),
      name: 'X',
      storageMode: 'condition',
      conditionKey: 'a',
      variables: [{ key: 'a', aggregation: 'max' }],
    });
    expect(reportDefinitionSchema.safeParse(missing).success).toBe(false);
  });

  it('offers numeric variables only and guesses differences for counters', () => {
    const variables = [
      { key: 'gasTotal', name: 'Gas', unit: 'm³', dataType: 'double' as const },
      { key: 'serialNumber', name: 'SN', unit: '', dataType: 'string' as const },
      { key: 'running', name: 'Running', unit: '', dataType: 'boolean' as const },
    ];
    expect(reportableVariables(variables).map((variable) => variable.key)).toEqual(['gasTotal', 'running']);
    expect(defaultAggregation(variables[0])).toBe('difference');
    expect(defaultAggregation(variables[2])).toBe('max');
  });

  it('finds the input a server error names', () => {
    expect(formFieldOfReportPath('variables.2.key')).toEqual(['variables', 2, 'key']);
    expect(formFieldOfReportPath('condition.variableKey')).toEqual(['conditionKey']);
    expect(formFieldOfReportPath('report.name')).toEqual(['name']);
    expect(formFieldOfReportPath('nothing')).toBeNull();
  });
});
