import { describe, expect, it } from 'vitest';
import { registerSchema } from '../api/auth.ts';
import {
  checkPassword,
  checkPasswordConfirmation,
  checkPhone,
  checkUsername,
  checkVerificationCode,
  checkWellFormedText,
  checkedString,
  isMalformedText,
  maxLengthCheck,
} from './index.ts';

const codeOf = (violation: { code: string } | null) => violation?.code ?? null;

describe('password rule (§5)', () => {
  it('accepts 8-15 characters with digit, upper, lower and special', () => {
    expect(checkPassword('Abcdef1!')).toBeNull();
    expect(checkPassword('Abcdefghijk12#$')).toBeNull();
  });
  it('refuses each broken rule with its own code', () => {
    expect(codeOf(checkPassword('Ab1!'))).toBe('1117');
    expect(codeOf(checkPassword('Abcdefghijk123#$'))).toBe('1117');
    expect(codeOf(checkPassword('12345678'))).toBe('1119');
    expect(codeOf(checkPassword('abcdefg1!'))).toBe('1118');
    expect(codeOf(checkPassword('ABCDEFG1!'))).toBe('1118');
    expect(codeOf(checkPassword('Abcdefgh1'))).toBe('1118');
    expect(codeOf(checkPassword('Abcdef1!😀'))).toBe('1120');
  });
  it('requires both inputs to match', () => {
    expect(checkPasswordConfirmation('Abcdef1!', 'Abcdef1!')).toBeNull();
    expect(codeOf(checkPasswordConfirmation('Abcdef1!', 'Abcdef1?'))).toBe('1121');
  });
});

describe('username rule (§5)', () => {
  it('allows at most 6 characters, not all digits, no emoji', () => {
    expect(checkUsername('张三丰')).toBeNull();
    expect(checkUsername('admin')).toBeNull();
    expect(codeOf(checkUsername('abcdefg'))).toBe('1129');
    expect(codeOf(checkUsername('123456'))).toBe('1130');
    expect(codeOf(checkUsername('ab😀'))).toBe('1120');
    expect(codeOf(checkUsername('  '))).toBe('1105');
  });
});

describe('phone and code rules', () => {
  it('checks phones and 6-digit codes', () => {
    expect(checkPhone('13800138000')).toBeNull();
    expect(codeOf(checkPhone('1380013800'))).toBe('1131');
    expect(checkVerificationCode('123456')).toBeNull();
    expect(codeOf(checkVerificationCode(''))).toBe('1104');
    expect(codeOf(checkVerificationCode('12345a'))).toBe('1132');
  });
  it('limits lengths by characters as a person counts them', () => {
    const remark = maxLengthCheck('remark', 20);
    expect(remark('一二三四五六七八九十一二三四五六七八九十')).toBeNull();
    expect(remark('一二三四五六七八九十一二三四五六七八九十一')).toEqual({
      code: '1137',
      params: { field: 'remark', max: 20 },
    });
  });
});

describe('register schema', () => {
  const valid = {
    tel: '13800138000',
    smsCode: '123456',
    username: 'lily',
    password: 'Abcdef1!',
    confirmPassword: 'Abcdef1!',
    agree: 'true',
  };
  it('accepts a valid form-encoded body and fills defaults', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.accountKind).toBe('terminal');
    expect(parsed.accountType).toBe('personal');
  });
  it('reports rule violations as catalogue codes', () => {
    const result = registerSchema.safeParse({ ...valid, confirmPassword: 'Abcdef1?' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('catalogue:1121');
    const weak = registerSchema.safeParse({ ...valid, password: 'abc', confirmPassword: 'abc' });
    expect(weak.error?.issues[0]?.message).toBe('catalogue:1117');
  });
});

describe('well-formed text (every checked string)', () => {
  const remark = checkedString(maxLengthCheck('remark', 20));

  it('refuses a NUL or a lone surrogate as an invalid parameter, before other rules', () => {
    for (const value of ['a\u0000b', 'a\ud800', '\udc00b', 'x\ud83d']) {
      const result = remark.safeParse(value);
      expect(result.success, JSON.stringify(value)).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('catalogue:1002');
    }
    expect(checkWellFormedText('\u0000'.repeat(30))).toEqual({ code: '1002' });
  });

  it('accepts text of any script, including characters outside the basic plane', () => {
    expect(remark.safeParse('锅炉𠀀 Kessel').success).toBe(true);
    expect(isMalformedText('\ud83d\udd25')).toBe(false);
  });
});
