import { variableSchema, type Driver } from '@lyyp/contracts/device-model';
import type { FormInstance, FormRule } from 'antd';
import { Input, Select } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { requiredRule, requiredText } from '../../auth/form-rules.ts';
import { createVariableValues, toVariableInput } from '../../product/variable-form.ts';
import { requiredCheck, requiredKindOf, rulesFromChecks, schemaRule } from './schema-rules.ts';

/** A rule as the form resolves it, with the form's current values. */
function resolve(rule: FormRule, values: Record<string, unknown> = {}): RuleObject {
  const form = { getFieldsValue: () => values } as unknown as FormInstance;
  return typeof rule === 'function' ? rule(form) : rule;
}

async function messageOf(rule: FormRule, value: unknown, values: Record<string, unknown> = {}) {
  const resolved = resolve(rule, values);
  try {
    await resolved.validator?.(resolved, value, () => undefined);
    return null;
  } catch (error) {
    return (error as Error).message;
  }
}

describe('required inputs', () => {
  it('are asked for as a person would, not as the API says it', () => {
    expect(requiredText('名称', 'zh-CN')).toBe('请输入名称');
    expect(requiredText('Name', 'en-US')).toBe('Please enter the name');
    expect(requiredText('产品', 'zh-CN', 'choice')).toBe('请选择产品');
    expect(requiredText('Product', 'en-US', 'choice')).toBe('Please select the product');
    expect(requiredText('SN', 'en-US')).toBe('Please enter the SN');
  });

  it('carry the required mark and name the input by its label (checks of the data screens)', async () => {
    const [rule] = rulesFromChecks('zh-CN', requiredCheck('name'));
    if (!rule) throw new Error('no rule');
    expect(resolve(rule).required).toBe(true);
    expect(await messageOf(rule, '  ')).toBe('请输入名称');
    expect(await messageOf(rule, 'Boiler 1')).toBeNull();
    const [choice] = rulesFromChecks('en-US', requiredCheck('productId', 'choice'));
    if (!choice) throw new Error('no rule');
    expect(await messageOf(choice, undefined)).toBe('Please select the product');
  });

  it('leave inputs without a required check unmarked', () => {
    const [rule] = rulesFromChecks('zh-CN', () => null);
    expect(rule && resolve(rule).required).toBe(false);
  });

  it('carry the mark and the wording in the sign-in and account forms too', async () => {
    const rule = requiredRule('company', 'zh-CN');
    expect(resolve(rule).required).toBe(true);
    expect(await messageOf(rule, '')).toBe('请输入公司名称');
  });

  it('tell selects from typed inputs', () => {
    expect(requiredKindOf(createElement(Select))).toBe('choice');
    expect(requiredKindOf(createElement(Input))).toBe('input');
  });
});

describe('required inputs of schema forms (variables)', () => {
  const driver = { key: 'plc1', name: 'PLC' } as Driver;
  const values = { ...createVariableValues([driver]), name: '', key: 'temp', address: '40001' } as Record<
    string,
    unknown
  >;
  const toInput = (form: Record<string, unknown>) => toVariableInput(form);

  it('mark what the schema needs, given the other inputs, and ask for it by its label', async () => {
    const name = schemaRule(variableSchema, ['name'], toInput, 'zh-CN');
    expect(resolve(name, values).required).toBe(true);
    expect(await messageOf(name, '', values)).toBe('请输入名称');
    const unit = schemaRule(variableSchema, ['unit'], toInput, 'zh-CN');
    expect(resolve(unit, values).required).toBe(false);
  });

  it('ask for a choice with "select"', async () => {
    const withoutDriver = { ...values, name: 'Temp', driverKey: undefined };
    const rule = schemaRule(variableSchema, ['driverKey'], toInput, 'en-US', { kind: 'choice' });
    expect(resolve(rule, withoutDriver).required).toBe(true);
    expect(await messageOf(rule, undefined, withoutDriver)).toBe('Please select the driver');
  });

  it('still explain a filled input in the catalogue words', async () => {
    const rule = schemaRule(variableSchema, ['name'], toInput, 'en-US');
    const long = { ...values, name: 'x'.repeat(200) };
    const message = await messageOf(rule, long.name, long);
    expect(message).not.toBeNull();
    expect(message).not.toMatch(/Please enter/);
  });
});
