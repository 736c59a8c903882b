import { DEFAULT_PERMISSIONS, type AccountInfo } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { isDevelopmentHost } from './development-host.ts';
import { findAreaHome, findHomePath, readSafeRedirect, resolveLandingPath } from './landing.ts';
import { matchRouteTable } from './route-table.ts';

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
  mustChangePassword: false,
  isSuperManager: false,
  auths: '',
  theme: 'default',
  ...overrides,
});

describe('landing after sign-in', () => {
  it.each([
    ['terminal', '/monitor/devices'],
    ['operation', '/manage/product/list'],
    ['developer', '/manage/product/list'],
    ['dealer', '/manage/gateway/list'],
  ] as const)(
    'takes a %s account with its default permissions to the built screen %s',
    (accountKind, home) => {
      const auths = DEFAULT_PERMISSIONS[accountKind].join(',');
      const path = resolveLandingPath(account({ accountKind, auths }), null);
      expect(path).toBe(home);
      expect(matchRouteTable(path)?.route.page).toBeDefined();
    },
  );

  it('never lands staff on a screen they may not open', () => {
    const staff = account({ accountKind: 'operation', auths: 'manage,manage:equipment,manage:gateway' });
    expect(resolveLandingPath(staff, null)).toBe('/manage/gateway/list');
    const onlyMonitor = account({ accountKind: 'developer', auths: 'monitor,monitor:device' });
    expect(resolveLandingPath(onlyMonitor, null)).toBe('/monitor/devices');
  });

  it('falls back to the area itself when the account may open no built screen', () => {
    expect(findHomePath(account({ accountKind: 'operation', auths: 'manage:product:ota' }))).toBe('/manage');
    expect(findHomePath(account({ accountKind: 'terminal', auths: '' }))).toBe('/monitor');
  });

  it('gives each console area its home for the area switch', () => {
    const all = new Set<string>(DEFAULT_PERMISSIONS.operation);
    expect(findAreaHome('manage', all)).toBe('/manage/product/list');
    expect(findAreaHome('monitor', all)).toBe('/monitor/devices');
    expect(findAreaHome('manage', new Set(['manage:product:ota']))).toBeNull();
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
