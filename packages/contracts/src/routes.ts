/** Console route names that need no sign-in (§2). The web router and its tests import this list. */
export const LOGIN_EXEMPT_ROUTE_NAMES = [
  'Login',
  '404',
  'FindPwd',
  'FindpwdAccount',
  'FindpwdValidate',
  'FindpwdTelValidate',
  'FindpwdEmailValidate',
  'FindpwdQuestionValidate',
  'FindpwdPassword',
  'FindpwdFinish',
  'AccountRegister',
  'download',
  'AccountFirst',
  'AccountFirstRegister',
  'helpCenter',
] as const;

export type LoginExemptRouteName = (typeof LOGIN_EXEMPT_ROUTE_NAMES)[number];
