import { describe, expect, it } from 'vitest';
import { decideAccess, type GuardInput } from './route-guard.ts';

const visitor: GuardInput = {
  routeName: 'Equipment',
  wantedPath: '/manage/equipment?page=2',
  permission: 'manage:equipment',
  signedIn: false,
  needsCompletion: false,
  auths: new Set(),
  userInfoFailed: false,
};

const member: GuardInput = { ...visitor, signedIn: true, auths: new Set(['manage:equipment']) };

describe('login guard', () => {
  it.each([
    'Login',
    '404',
    'download',
    'helpCenter',
    'FindpwdPassword',
    'AccountRegister',
    'AccountFirstRegister',
  ])('lets anyone open the exempt route %s without fetching user info', (routeName) => {
    expect(decideAccess({ ...visitor, routeName, permission: undefined })).toEqual({ kind: 'allow' });
  });

  it('fetches the user info first when a visitor who is not signed in opens another route', () => {
    expect(decideAccess(visitor)).toEqual({ kind: 'loadUserInfo' });
  });

  it('sends the visitor to sign in when that fails, keeping where they wanted to go', () => {
    const decision = decideAccess({ ...visitor, userInfoFailed: true });
    expect(decision).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fmanage%2Fequipment%3Fpage%3D2' });
  });

  it('lets the first-time screen proceed even when the user info cannot be fetched', () => {
    expect(
      decideAccess({ ...visitor, routeName: 'AccountFirst', permission: undefined, userInfoFailed: true }),
    ).toEqual({
      kind: 'allow',
    });
  });

  it('sends an account that still needs completing to the first-time screen', () => {
    expect(decideAccess({ ...member, needsCompletion: true })).toEqual({
      kind: 'redirect',
      to: '/account/first',
    });
  });

  it('refuses a screen whose permission the account does not hold', () => {
    expect(decideAccess({ ...member, routeName: 'Dealer', permission: 'manage:dealer' })).toEqual({
      kind: 'forbidden',
    });
    expect(decideAccess(member)).toEqual({ kind: 'allow' });
  });
});
