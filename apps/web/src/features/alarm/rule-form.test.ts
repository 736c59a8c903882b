import { alarmRuleSchema, type AlarmRule } from '@lyyp/contracts/alarm';
import { describe, expect, it } from 'vitest';
import {
  BASE_RULE_FIELDS,
  createRuleValues,
  describeCondition,
  formFieldOfRulePath,
  listAlarmVariables,
  listRuleFields,
  previewRuleMessage,
  toRuleFormValues,
  toRuleInput,
} from './rule-form.ts';

const saved = (input: unknown): AlarmRule => alarmRuleSchema.parse(input);

describe('alarm rule form ↔ rule', () => {
  it('turns a new form into a rule the contract accepts', () => {
    const input = toRuleInput({
      ...createRuleValues(),
      name: ' 温度过高 ',
      variableKey: 'temp',
      limitValue: 80,
    });
    expect(input).toMatchObject({
      name: '温度过高',
      variableKey: 'temp',
      condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
      filterCount: 1,
      pushMethods: ['app'],
      enabled: true,
    });
    expect(alarmRuleSchema.safeParse(input).success).toBe(true);
  });

  it.each([
    saved({
      id: 'r1',
      name: 'Range',
      variableKey: 'temp',
      condition: {
        operator: 'outside',
        low: { kind: 'value', value: 10 },
        high: { kind: 'variable', key: 'setpoint' },
      },
      deadBand: 1.5,
      filterCount: 3,
      groupIds: ['g1', 'g2'],
      pushMethods: ['app', 'sms'],
      message: '{device}: {value}{unit}',
      enabled: false,
    }),
    saved({
      id: 'r2',
      name: 'Bit',
      variableKey: 'status',
      condition: { operator: 'bit', bit: 3, expected: 0 },
    }),
    saved({
      id: 'r3',
      name: 'Set point',
      variableKey: 'temp',
      condition: { operator: 'ge', limit: { kind: 'variable', key: 'setpoint' } },
      articleId: 'article-1',
    }),
  ])('gives back the same rule after a round trip through the form ($condition.operator)', (rule) => {
    expect(saved(toRuleInput(toRuleFormValues(rule), rule.id))).toEqual(rule);
  });

  it('sends only the comparands of the chosen condition, and no dead band where it does not apply', () => {
    const values = { ...createRuleValues(), name: 'x', variableKey: 'status', limitValue: 5, deadBand: 2 };
    const bit = toRuleInput({ ...values, operator: 'bit', bit: 2, expected: 1 });
    expect(bit.condition).toEqual({ operator: 'bit', bit: 2, expected: 1 });
    expect(bit.deadBand).toBe(0);
    const equal = toRuleInput({ ...values, operator: 'eq' });
    expect(equal.condition).toEqual({ operator: 'eq', limit: { kind: 'value', value: 5 } });
    expect(equal.deadBand).toBe(0);
    expect(listRuleFields({ operator: 'eq' }).has('deadBand')).toBe(false);
    expect(listRuleFields({ operator: 'inside', lowKind: 'variable' })).toEqual(
      new Set([...BASE_RULE_FIELDS, 'lowKind', 'lowKey', 'highKind', 'highValue', 'deadBand']),
    );
  });

  it('links a knowledge article only when one is chosen, and unlinks it when cleared', () => {
    const values = { ...createRuleValues(), name: 'x', variableKey: 'temp', limitValue: 5 };
    expect(toRuleInput({ ...values, articleId: 'article-1' }).articleId).toBe('article-1');
    expect('articleId' in toRuleInput({ ...values, articleId: '' })).toBe(false);
    expect(formFieldOfRulePath(['rule', 'articleId'], values)).toBe('articleId');
  });

  it('puts the contract’s and the server’s complaints on the input they are about', () => {
    const values = { ...createRuleValues(), operator: 'inside' as const, highKind: 'variable' as const };
    expect(formFieldOfRulePath(['condition', 'high'], values)).toBe('highKey');
    expect(formFieldOfRulePath(['condition', 'low', 'value'], values)).toBe('lowValue');
    expect(formFieldOfRulePath('rule.groupIds.1'.split('.'), values)).toBe('groupIds');
    expect(formFieldOfRulePath(['rule', 'deadBand'], values)).toBe('deadBand');
    expect(formFieldOfRulePath(['condition'], values)).toBe('operator');
    expect(formFieldOfRulePath(['productId'], values)).toBeNull();
  });

  it('offers numeric variables, and integer ones only for a bit alarm', () => {
    const variables = [
      { key: 'temp', name: 'Temperature', dataType: 'float' },
      { key: 'status', name: 'Status', dataType: 'unshort' },
      { key: 'label', name: 'Label', dataType: 'string' },
      { key: 'running', name: 'Running', dataType: 'boolean' },
    ];
    expect(listAlarmVariables(variables, 'gt').map((item) => item.key)).toEqual([
      'temp',
      'status',
      'running',
    ]);
    expect(listAlarmVariables(variables, 'bit').map((item) => item.key)).toEqual(['status', 'running']);
  });

  it('writes the condition as a person reads it', () => {
    const nameOf = (key: string) => (key === 'setpoint' ? 'Set point' : key);
    expect(
      describeCondition({ condition: { operator: 'gt', limit: { kind: 'value', value: 80 } } }, nameOf),
    ).toBe('> 80');
    expect(
      describeCondition(
        {
          condition: {
            operator: 'inside',
            low: { kind: 'value', value: 1 },
            high: { kind: 'variable', key: 'setpoint' },
          },
        },
        nameOf,
      ),
    ).toBe('∈ [1, Set point]');
    expect(describeCondition({ condition: { operator: 'bit', bit: 4, expected: 1 } }, nameOf)).toBe(
      'bit 4 = 1',
    );
  });

  it('previews the message with the variable’s name, unit and decimals, or the default text', () => {
    const variable = { key: 'temp', name: '炉温', unit: '°C', decimals: 1, dataType: 'float' };
    const values = { ...createRuleValues(), name: '温度过高', variableKey: 'temp', limitValue: 80 };
    const example = { device: '1号锅炉', value: 85 };
    expect(
      previewRuleMessage(
        { ...values, message: '{device}：{variable} {value}{unit} 超过 {limit}' },
        variable,
        example,
        'zh-CN',
      ),
    ).toBe('1号锅炉：炉温 85.0°C 超过 80.0');
    expect(previewRuleMessage(values, variable, example, 'en-US')).toBe('1号锅炉 温度过高: 炉温 is 85.0°C');
    expect(
      previewRuleMessage(
        { ...values, operator: 'outside', lowValue: 1, highValue: 9, message: '{limit}' },
        variable,
        example,
        'en-US',
      ),
    ).toBe('1.0 ~ 9.0');
  });
});
