/**
 * The API paths anyone may call, for the tests that walk the OpenAPI document: signing in and what
 * leads to it, files shown on pages. They declare no access. (The broker's checks are served on the
 * console's port only behind their shared secret, and are tested in modules/telemetry.)
 */
import { AUTH_PATHS } from '@lyyp/contracts';
import { ACCOUNT_SECURITY_PATHS } from '@lyyp/contracts/account-centre';
import { AGREEMENT_API_PATHS, APP_VERSION_API_PATHS } from '@lyyp/contracts/system';

export const PUBLIC_PATHS: ReadonlySet<string> = new Set<string>([
  AUTH_PATHS.publicKey,
  AUTH_PATHS.showCaptcha,
  AUTH_PATHS.verifyCaptcha,
  AUTH_PATHS.sendSmsCode,
  AUTH_PATHS.register,
  AUTH_PATHS.encryptLogin,
  AUTH_PATHS.smsLogin,
  AUTH_PATHS.logout,
  AUTH_PATHS.findpwdSendSmsCode,
  AUTH_PATHS.findpwdCheckSmsCode,
  ACCOUNT_SECURITY_PATHS.findpwdEmailSendCode,
  ACCOUNT_SECURITY_PATHS.findpwdEmailCheckCode,
  ACCOUNT_SECURITY_PATHS.findpwdQuestionList,
  ACCOUNT_SECURITY_PATHS.findpwdQuestionCheck,
  '/file/{id}',
  // App packages: the download page's QR code is scanned by a phone that is not signed in.
  '/file/app/{id}',
  // What /download and registration show before anyone signs in.
  APP_VERSION_API_PATHS.latest,
  AGREEMENT_API_PATHS.current,
  // Gateways, signed in with their own credentials (HTTP Basic sn:secret), not a session.
  '/ota/firmware/{id}',
]);

/** Public steps of a multi-step flow: their own ticket is checked before the body (with its refusal). */
export const TICKET_PATHS: Readonly<Record<string, string>> = { [AUTH_PATHS.findpwdSubmit]: '1125' };
