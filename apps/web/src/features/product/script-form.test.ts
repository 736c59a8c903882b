import { scriptSchema } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { createScriptValues, listPolicyFields, toScriptInput } from './script-form.ts';

describe('script form', () => {
  it('asks each policy only for what it uses', () => {
    expect([...listPolicyFields({ policy: 'startup' })]).toEqual([]);
    expect([...listPolicyFields({ policy: 'periodic' })]).toEqual(['intervalSeconds']);
    expect([...listPolicyFields({ policy: 'condition', frequency: 'once' })]).toEqual([
      'condition',
      'frequency',
    ]);
    expect(listPolicyFields({ policy: 'condition', frequency: 'repeat' }).has('intervalSeconds')).toBe(true);
    expect([...listPolicyFields({ policy: 'data-change' })]).toEqual(['watch']);
  });

  it('sends what the policy uses and leaves the rest to the contract defaults', () => {
    const input = toScriptInput({
      ...createScriptValues(),
      key: ' hot ',
      name: 'Hot',
      policy: 'condition',
      condition: ' temp > 80 ',
      watch: ['temp'],
      intervalSeconds: 5,
    });
    expect(input).toEqual({
      key: 'hot',
      name: 'Hot',
      enabled: true,
      policy: 'condition',
      frequency: 'once',
      condition: 'temp > 80',
      code: createScriptValues().code,
    });
    expect(scriptSchema.safeParse(input).success).toBe(true);
  });

  it('gives a new script a starter that validates once named', () => {
    const input = toScriptInput({ ...createScriptValues(), key: 'counter', name: 'Counter' });
    expect(scriptSchema.parse(input)).toMatchObject({ policy: 'periodic', intervalSeconds: 60 });
  });
});
