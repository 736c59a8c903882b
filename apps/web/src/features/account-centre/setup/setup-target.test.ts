import { describe, expect, it } from 'vitest';
import { firstMethod, readTarget, successPathOf } from './setup-target.ts';

describe('verification flow target', () => {
  it('reads a known target and falls back to the password', () => {
    expect(readTarget(new URLSearchParams('target=email'))).toBe('email');
    expect(readTarget(new URLSearchParams('target=admin'))).toBe('password');
    expect(readTarget(new URLSearchParams(''))).toBe('password');
  });

  it('takes the target from the route when the address names none', () => {
    expect(readTarget(new URLSearchParams(''), 'SetupTelValidate')).toBe('tel');
    expect(readTarget(new URLSearchParams(''), 'SetupEmailValidate')).toBe('email');
    expect(readTarget(new URLSearchParams(''), 'SetupQuestionValidate')).toBe('question');
    expect(readTarget(new URLSearchParams('target=password'), 'SetupTelValidate')).toBe('password');
    expect(readTarget(new URLSearchParams(''), 'SetupValidate')).toBe('password');
  });

  it('opens the route’s own method only when the account has it', () => {
    expect(firstMethod('SetupEmailValidate', ['tel', 'email', 'password'])).toBe('email');
    expect(firstMethod('SetupTelValidate', ['email', 'password'])).toBe('email');
    expect(firstMethod('SetupValidate', ['question', 'password'])).toBe('question');
    expect(firstMethod('SetupValidate', [])).toBeUndefined();
  });

  it('puts the new phone in the success path', () => {
    expect(successPathOf('tel', '13800000000')).toBe('/account/security/sms/setup/success/tel/13800000000');
    expect(successPathOf('email')).toBe('/account/security/sms/setup/success/email/-');
  });
});
