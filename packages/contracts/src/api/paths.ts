/** Every API path lives under this prefix (§7). */
export const API_PREFIX = '/lyyp/developer';

/** Paths of the sign-in and account API, relative to `API_PREFIX`. */
export const AUTH_PATHS = {
  publicKey: '/user/publicKey',
  showCaptcha: '/user/showCaptcha',
  verifyCaptcha: '/user/verifyCaptcha',
  sendSmsCode: '/user/sendSmsCode',
  register: '/user/register',
  complete: '/user/complete',
  encryptLogin: '/user/encrypt/login',
  smsLogin: '/user/smsLogin',
  logout: '/user/logout',
  queryCompanyForMe: '/user/queryCompanyForMe',
  changeCompany: '/user/changeCompany',
  findpwdSendSmsCode: '/user/findpwd/sendSmsCode',
  findpwdCheckSmsCode: '/user/findpwd/checkSmsCode',
  findpwdSubmit: '/user/findpwd/submit',
  accountInfo: '/account/info',
  /** The first password of one's own, replacing a one-time password staff gave (1171 until then). */
  firstPassword: '/account/firstPassword',
  resetpwdSendSmsCode: '/account/resetpwd/sendSmsCode',
  resetpwdCheckSmsCode: '/account/resetpwd/checkSmsCode',
  resetpwdSubmit: '/account/resetpwd/submit',
  verifytelSendSmsCode: '/account/verifytel/sendSmsCode',
  verifytelCheckSmsCode: '/account/verifytel/checkSmsCode',
  resettelSendSmsCode: '/account/resettel/sendSmsCode',
  resettelSubmit: '/account/resettel/submit',
} as const;

/** Name of the session cookie. */
export const SESSION_COOKIE = 'lyyp_session';
/** Name of the cookie that carries an identity check in progress (password recovery, phone change). */
export const VERIFICATION_COOKIE = 'lyyp_verify';
