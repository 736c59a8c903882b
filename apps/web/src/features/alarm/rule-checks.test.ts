import { describe, expect, it } from 'vitest';
import { checkRuleForm } from './rule-checks.ts';
import { createRuleValues } from './rule-form.ts';

const context = {
  variables: [
    { key: 'temp', dataType: 'float' as const },
    { key: 'status', dataType: 'unshort' as const },
    { key: 'label', dataType: 'string' as const },
  ],
  groupIds: new Set(['g1']),
};

describe('alarm rule form checks', () => {
  it('asks for what is missing, in words, on its input', () => {
    const problems = checkRuleForm({ ...createRuleValues(), pushMethods: [] }, context);
    expect(
      [...problems.entries()].filter(([, problem]) => problem.kind === 'required').map(([field]) => field),
    ).toEqual(['name', 'variableKey', 'limitValue', 'pushMethods']);
  });

  it('passes a complete rule', () => {
    const values = {
      ...createRuleValues(),
      name: 'Hot',
      variableKey: 'temp',
      limitValue: 80,
      groupIds: ['g1'],
    };
    expect(checkRuleForm(values, context).size).toBe(0);
  });

  it('puts the contract’s rules on the input they are about', () => {
    const base = { ...createRuleValues(), name: 'Range', variableKey: 'temp' };
    const range = checkRuleForm({ ...base, operator: 'inside', lowValue: 9, highValue: 3 }, context);
    expect(range.get('highValue')).toEqual({
      kind: 'violation',
      violation: { code: '2104', params: expect.anything() as unknown },
    });
    const bit = checkRuleForm({ ...base, operator: 'bit', bit: 1 }, context);
    expect(bit.get('variableKey')).toMatchObject({ violation: { code: '2103' } });
    const group = checkRuleForm({ ...base, limitValue: 1, groupIds: ['gone'] }, context);
    expect(group.get('groupIds')).toMatchObject({ violation: { code: '2101' } });
    const self = checkRuleForm({ ...base, limitKind: 'variable', limitKey: 'temp' }, context);
    expect(self.get('operator') ?? self.get('limitKey')).toMatchObject({ violation: { code: '2115' } });
    const message = checkRuleForm({ ...base, limitValue: 1, message: '{valeu}' }, context);
    expect(message.get('message')).toMatchObject({ violation: { code: '2107', params: { name: 'valeu' } } });
  });
});
