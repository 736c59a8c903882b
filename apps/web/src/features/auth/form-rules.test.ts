import type { Locale } from '@lyyp/contracts';
import type { FormInstance, FormRule } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { describe, expect, it } from 'vitest';
import { buildFormRules } from './form-rules.ts';

/** Runs Ant Design rules the way a form does and returns the first message, or null when the value passes. */
async function firstMessage(
  rules: FormRule[],
  value: unknown,
  form: Partial<FormInstance> = {},
): Promise<string | null> {
  for (const rule of rules) {
    const resolved: RuleObject = typeof rule === 'function' ? rule(form as FormInstance) : rule;
    try {
      await resolved.validator?.(resolved, value, () => undefined);
    } catch (error) {
      return (error as Error).message;
    }
  }
  return null;
}

const rulesIn = (locale: Locale) => buildFormRules(locale);

describe('form rules from the §5 checks', () => {
  it('explains a weak password with the catalogue text in the form language', async () => {
    expect(await firstMessage(rulesIn('zh-CN').newPassword, 'abc')).toBe('密码长度为 8-15 位');
    expect(await firstMessage(rulesIn('en-US').newPassword, 'abcdefgh1')).toBe(
      'The password needs a digit, an upper-case letter, a lower-case letter and a special symbol',
    );
    expect(await firstMessage(rulesIn('en-US').newPassword, '12345678')).toBe(
      'The password cannot be all digits',
    );
    expect(await firstMessage(rulesIn('en-US').newPassword, 'Good#Pass1')).toBeNull();
  });

  it('checks usernames, phones and SMS codes as the server does', async () => {
    const rules = rulesIn('en-US');
    expect(await firstMessage(rules.username, 'toolong7')).toBe('The username can have at most 6 characters');
    expect(await firstMessage(rules.username, '123456')).toBe('The username cannot be all digits');
    expect(await firstMessage(rules.username, 'ann😀')).toBe('Emoji are not allowed');
    expect(await firstMessage(rules.phone, '12345')).toBe('The phone number is not valid');
    expect(await firstMessage(rules.phone, '13800000000')).toBeNull();
    expect(await firstMessage(rules.smsCode, '')).toBe('The verification code is empty');
    expect(await firstMessage(rules.smsCode, '12a456')).toBe('The verification code is 6 digits');
  });

  it('names the input by its label in limits and missing values', async () => {
    expect(await firstMessage(rulesIn('zh-CN').company, 'x'.repeat(26))).toBe('公司名称 最多 25 个字符');
    expect(await firstMessage(rulesIn('en-US').company, '')).toBe('Please enter the company name');
    expect(await firstMessage(rulesIn('en-US').loginPassword, '')).toBe('Please enter the password');
  });

  it('requires the confirmation to match the password', async () => {
    const form = { getFieldValue: () => 'Good#Pass1' };
    const rules = rulesIn('zh-CN').confirmPassword();
    expect(await firstMessage(rules, 'Good#Pass2', form)).toBe('两次输入的密码不一致');
    expect(await firstMessage(rules, 'Good#Pass1', form)).toBeNull();
  });

  it('requires the agreement to be accepted', async () => {
    expect(await firstMessage(rulesIn('en-US').agreement, false)).toBe(
      'Please read and accept the user agreement and privacy policy',
    );
    expect(await firstMessage(rulesIn('en-US').agreement, true)).toBeNull();
  });
});
