import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CATALOGUE_ISSUE_PREFIX } from '../validation/index.ts';
import {
  ALARM_RULE_DEFAULT_CAPACITY,
  alarmRuleSchema,
  alarmRulesSchema,
  checkAlarmRuleCapacity,
  deviceStatusAlarmsSchema,
  findAlarmRuleIssues,
  type AlarmRuleInput,
} from './index.ts';

const base: AlarmRuleInput = {
  id: 'rule-1',
  name: 'Too hot',
  variableKey: 'temp',
  condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
};

/** The catalogue codes (and paths) a schema refuses an input with. */
function refusal(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues.map((issue) => [
    issue.message.startsWith(CATALOGUE_ISSUE_PREFIX)
      ? issue.message.slice(CATALOGUE_ISSUE_PREFIX.length)
      : issue.message,
    issue.path.join('.'),
  ]);
}

describe('alarm rule schema', () => {
  it('fills the defaults: filter count 1, no dead band, in-app push, enabled', () => {
    expect(alarmRuleSchema.parse(base)).toEqual({
      ...base,
      deadBand: 0,
      filterCount: 1,
      groupIds: [],
      pushMethods: ['app'],
      message: '',
      enabled: true,
    });
  });

  it('accepts every kind of condition', () => {
    const conditions = [
      { operator: 'le', limit: { kind: 'variable', key: 'setpoint' } },
      { operator: 'outside', low: { kind: 'value', value: 1 }, high: { kind: 'variable', key: 'max' } },
      { operator: 'bit', bit: 7, expected: 0 },
    ];
    for (const condition of conditions) expect(refusal(alarmRuleSchema, { ...base, condition })).toEqual([]);
    expect(alarmRuleSchema.parse({ ...base, condition: { operator: 'bit' } }).condition).toEqual({
      operator: 'bit',
      bit: 0,
      expected: 1,
    });
  });

  it('refuses what could never work, each with its catalogue code', () => {
    const cases: [Partial<AlarmRuleInput>, string, string][] = [
      [{ filterCount: 0 }, '1002', 'filterCount'],
      [{ filterCount: 101 }, '1002', 'filterCount'],
      [{ deadBand: -1 }, '1002', 'deadBand'],
      [
        { condition: { operator: 'eq', limit: { kind: 'value', value: 1 } }, deadBand: 1 },
        '2106',
        'deadBand',
      ],
      [
        {
          condition: {
            operator: 'inside',
            low: { kind: 'value', value: 5 },
            high: { kind: 'value', value: 5 },
          },
        },
        '2104',
        'condition.high',
      ],
      [
        {
          condition: {
            operator: 'outside',
            low: { kind: 'value', value: 0 },
            high: { kind: 'value', value: 10 },
          },
          deadBand: 5,
        },
        '2105',
        'deadBand',
      ],
      [{ condition: { operator: 'gt', limit: { kind: 'variable', key: 'temp' } } }, '2115', 'condition'],
      [{ condition: { operator: 'bit', bit: 53 } }, '1002', 'condition.bit'],
      [{ message: 'Hot: {valeu}' }, '2107', 'message'],
      [{ pushMethods: ['sms', 'sms'] }, '1002', 'pushMethods.1'],
      [{ pushMethods: ['fax'] as never }, '1002', 'pushMethods.0'],
      [{ name: ' ' }, '1001', 'name'],
      [{ variableKey: '1st' }, '1002', 'variableKey'],
    ];
    for (const [change, code, path] of cases) {
      expect(refusal(alarmRuleSchema, { ...base, ...change }), JSON.stringify(change)).toContainEqual([
        code,
        path,
      ]);
    }
  });

  it('refuses an unknown operator or operand kind as a bad parameter', () => {
    expect(refusal(alarmRuleSchema, { ...base, condition: { operator: 'between' } })[0]?.[0]).toBe('1002');
    expect(
      refusal(alarmRuleSchema, {
        ...base,
        condition: { operator: 'gt', limit: { kind: 'text', value: 'a' } },
      })[0]?.[0],
    ).toBe('1002');
  });

  it('names the unknown placeholder in the refusal', () => {
    const result = alarmRuleSchema.safeParse({ ...base, message: '{value}{unit} at {when}' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ message: 'catalogue:2107', params: { name: 'when' } });
  });

  it('refuses two rules with the same id in a product', () => {
    expect(refusal(alarmRulesSchema, [base, base])).toEqual([['1002', '1.id']]);
  });
});

describe('rules in their product', () => {
  const variables = [
    { key: 'temp', dataType: 'float' as const },
    { key: 'status', dataType: 'unshort' as const },
    { key: 'label', dataType: 'string' as const },
  ];
  const check = (change: Partial<AlarmRuleInput>, groupIds?: Set<string>) =>
    findAlarmRuleIssues(alarmRuleSchema.parse({ ...base, ...change }), {
      variables,
      ...(groupIds ? { groupIds } : {}),
    });

  it('accepts a rule on a numeric variable', () => {
    expect(check({})).toEqual([]);
    expect(check({ variableKey: 'status', condition: { operator: 'bit', bit: 3 } })).toEqual([]);
  });

  it('names a missing variable, comparand or group', () => {
    expect(check({ variableKey: 'pressure' })).toEqual([
      { code: '2102', params: { key: 'pressure' }, path: ['variableKey'] },
    ]);
    expect(check({ condition: { operator: 'gt', limit: { kind: 'variable', key: 'sp' } } })).toEqual([
      { code: '2102', params: { key: 'sp' }, path: ['condition', 'limit', 'key'] },
    ]);
    expect(check({ groupIds: ['g1', 'g2'] }, new Set(['g1']))).toEqual([
      { code: '2101', params: { group: 'g2' }, path: ['groupIds', 1] },
    ]);
  });

  it('refuses text variables, and fractions for bit alarms', () => {
    expect(check({ variableKey: 'label' })).toEqual([
      { code: '2103', params: { key: 'label' }, path: ['variableKey'] },
    ]);
    expect(check({ condition: { operator: 'bit' } })).toEqual([
      { code: '2103', params: { key: 'temp' }, path: ['variableKey'] },
    ]);
  });

  it('counts capacity with the §8 code', () => {
    expect(checkAlarmRuleCapacity(ALARM_RULE_DEFAULT_CAPACITY)).toBeNull();
    expect(checkAlarmRuleCapacity(ALARM_RULE_DEFAULT_CAPACITY + 1)).toBe('1512');
    expect(checkAlarmRuleCapacity(3, 2)).toBe('1512');
  });
});

describe('offline and power-off alarm settings', () => {
  it('are off by default, with a 5-minute delay for offline and none for power-off', () => {
    expect(deviceStatusAlarmsSchema.parse({})).toEqual({
      offline: { enabled: false, delaySeconds: 300, groupIds: [], pushMethods: ['app'], message: '' },
      'power-off': { enabled: false, delaySeconds: 0, groupIds: [], pushMethods: ['app'], message: '' },
    });
  });

  it('refuses a delay over a day', () => {
    expect(refusal(deviceStatusAlarmsSchema, { offline: { delaySeconds: 86_401 } })).toEqual([
      ['1002', 'offline.delaySeconds'],
    ]);
  });
});
