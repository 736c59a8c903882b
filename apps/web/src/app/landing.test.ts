import type { AccountInfo } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { isDevelopmentHost } from './development-host.ts';
import { readSafeRedirect, resolveLandingPath } from './landing.ts';

const account = (overrides: Partial<AccountInfo>): AccountInfo => ({
  id: '1',
  username: 'ann',
  tel: '13800000000',
  name: null,
  email: null,
  roleType: 'company',
  accountKind: 'terminal',
  accountType: 'personal',
  status: 'enabled',
  company: null,
  companyId: null,
  needsCompletion: false,
  isSuperManager: false,
  auths: '',
  theme: 'default',
  ...overrides,
});

describe('landing after sign-in', () => {
  it.each([
    ['terminal', '/monitor'],
    ['operation', '/manage'],
    ['developer', '/manage'],
    ['dealer', '/manage'],
  ] as const)('takes a %s account to %s', (accountKind, home) => {
    expect(resolveLandingPath(account({ accountKind }), null)).toBe(home);
  });

  it('goes back to the page the person asked for', () => {
    expect(resolveLandingPath(account({}), '/monitor/map?zoom=12')).toBe('/monitor/map?zoom=12');
  });

  it('sends an account that needs completing to the first-time screen whatever was asked', () => {
    expect(resolveLandingPath(account({ needsCompletion: true }), '/monitor/map')).toBe('/account/first');
  });

  it.each([
    'https://evil.example',
    '//evil.example/x',
    '/\\evil.example',
    'javascript:alert(1)',
    '/login?redirect=/x',
  ])('ignores the redirect %s', (redirect) => {
    expect(readSafeRedirect(redirect)).toBeNull();
  });
});

describe('development badge', () => {
  it('shows on development hostnames only', () => {
    expect(isDevelopmentHost('localhost')).toBe(true);
    expect(isDevelopmentHost('127.0.0.1')).toBe(true);
    expect(isDevelopmentHost('iot.example.com')).toBe(false);
  });
});
