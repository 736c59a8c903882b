import { LOGIN_EXEMPT_ROUTE_NAMES } from '@lyyp/contracts';
import { describe, expect, it } from 'vitest';
import { CONSOLE_TEXTS } from '../locales/index.ts';
import { isLoginExempt } from './route-guard.ts';
import { listRoutes, matchRouteTable, type RouteDefinition } from './route-table.ts';

/** Follows redirects the way the router's loaders do and returns where a visitor ends up. */
function resolve(pathname: string): { path: string; route: RouteDefinition } {
  let current = pathname;
  for (let hop = 0; hop < 5; hop += 1) {
    const match = matchRouteTable(current);
    if (!match) throw new Error(`nothing matches ${current}`);
    const { route, params } = match;
    if (!route.redirectTo) return { path: current, route };
    current = typeof route.redirectTo === 'function' ? route.redirectTo(params) : route.redirectTo;
  }
  throw new Error(`redirect loop from ${pathname}`);
}

describe('routes of §2', () => {
  it.each([
    ['/login', 'Login'],
    ['/login.jsp', 'Login'],
    ['/404', '404'],
    ['/download', 'download'],
    ['/help/login', 'helpCenter'],
    ['/findpwd/password/13800000000', 'FindpwdPassword'],
    ['/findpwd/finish', 'FindpwdFinish'],
    ['/account/register', 'AccountRegister'],
    ['/account/first', 'AccountFirst'],
    ['/account/register/first', 'AccountFirstRegister'],
    ['/manage/product/edit/42/formula', 'ProductEditFormula'],
    ['/manage/product/7/designer/3', 'ProductDesigner'],
    ['/manage/account/op/permission/1/2/13800000000', 'AccountOpPermission'],
    ['/manage/authorization/permission/1/ann/2', 'AuthorizationPermission'],
    ['/account/info/sms/edit/1', 'InfoSmsEdit'],
    ['/account/security/sms/setup/success/tel/13800000000', 'SetupSuccess'],
    ['/monitor/devices/9', 'MonitorDeviceDetail'],
  ])('%s stays there (%s)', (path, name) => {
    const landed = resolve(path);
    expect(landed.path).toBe(path);
    expect(landed.route.name).toBe(name);
  });

  it.each([
    ['/', '/login', 'Login'],
    ['/login.html', '/login', 'Login'],
    ['/findpwd', '/findpwd/tel', 'FindpwdTelValidate'],
    ['/manage', '/manage/equipment', 'Equipment'],
    ['/manage/product/edit/42', '/manage/product/edit/42/info', 'ProductEditInfo'],
    ['/account', '/account/security/sms', 'SecuritySms'],
    ['/account/security/sms/setup', '/account/security/sms/setup/validate', 'SetupValidate'],
    ['/monitor', '/monitor/devices', 'MonitorDevices'],
    ['/no/such/page', '/404', '404'],
    ['/manage/no-such-screen', '/404', '404'],
  ])('%s ends at %s (%s)', (from, path, name) => {
    const landed = resolve(from);
    expect(landed.path).toBe(path);
    expect(landed.route.name).toBe(name);
  });

  it('has every /manage child of §2', () => {
    const children = [
      'gateway/list',
      'system/hardware',
      'system/firmware',
      'system/version',
      'system/agreement',
      'system/protocol',
      'product/list',
      'product/add',
      'equipment',
      'equipment/5/log',
      'account/op',
      'account/dev',
      'account/ter',
      'dealer',
      'dealer/permission/5',
      'authorization',
      'product/ota/5',
      'product/knowledge/5',
      ...['info', 'signal', 'page', 'report', 'formula', 'alert'].map((tab) => `product/edit/5/${tab}`),
    ];
    for (const child of children) expect(resolve(`/manage/${child}`).path).toBe(`/manage/${child}`);
  });

  it('gives the names of the exempt list to the screens they stand for, and only to them', () => {
    const pages = listRoutes().filter((route) => route.page);
    const exemptPages = pages.filter((route) => isLoginExempt(route.name)).map((route) => route.name);
    expect(new Set(exemptPages)).toEqual(
      new Set([
        'Login',
        '404',
        'download',
        'helpCenter',
        'FindpwdTelValidate',
        'FindpwdEmailValidate',
        'FindpwdQuestionValidate',
        'FindpwdPassword',
        'FindpwdFinish',
        'AccountRegister',
        'AccountFirst',
        'AccountFirstRegister',
      ]),
    );
    // The recovery redirect keeps its name too; the account and validate steps have no route in §2.
    expect(listRoutes().map((route) => route.name)).toContain('FindPwd');
    const unrouted = LOGIN_EXEMPT_ROUTE_NAMES.filter(
      (name) => !listRoutes().some((route) => route.name === name),
    );
    expect(unrouted).toEqual(['FindpwdAccount', 'FindpwdValidate']);
  });

  it('protects every other screen with a permission code', () => {
    // Choosing one's own password in place of a one-time one needs a sign-in and no code: the
    // account may not hold any yet.
    const unprotected = listRoutes().filter(
      (route) => route.page && !isLoginExempt(route.name) && !route.permission,
    );
    expect(unprotected.map((route) => route.name)).toEqual(['AccountFirstPassword']);
  });

  it('names each screen once (the /login.jsp alias shares the login name)', () => {
    const names = listRoutes()
      .filter((route) => route.page)
      .map((route) => route.name);
    const repeated = names.filter((name, index) => names.indexOf(name) !== index);
    expect(repeated).toEqual(['Login']);
  });

  it('has a page title for every screen in both languages', () => {
    for (const route of listRoutes().filter((entry) => entry.page)) {
      for (const texts of Object.values(CONSOLE_TEXTS)) {
        expect(texts.routes, route.name).toHaveProperty([route.name]);
      }
    }
  });
});
