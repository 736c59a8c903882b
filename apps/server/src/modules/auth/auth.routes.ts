/** Sign-in and account-security paths of §7 under /lyyp/developer. Validate → call the service → answer. */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AUTH_PATHS,
  IDENTITY_CHECK_TTL_MS,
  VERIFICATION_COOKIE,
  accountInfoQuerySchema,
  changeCompanySchema,
  checkSmsCodeSchema,
  completeSchema,
  encryptLoginSchema,
  findpwdCheckSmsCodeSchema,
  findpwdSendSmsCodeSchema,
  firstPasswordSchema,
  SESSION_COOKIE,
  newPasswordSchema,
  registerSchema,
  resettelSendSmsCodeSchema,
  resettelSubmitSchema,
  sendSmsCodeSchema,
  smsLoginSchema,
  verifyCaptchaSchema,
} from '@lyyp/contracts';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { SessionService } from '../session/session.service.ts';
import type { VerificationPurpose } from './auth.repository.ts';
import type { AuthService } from './auth.service.ts';
import type { CaptchaService } from './captcha.service.ts';
import type { LoginKeyService } from './login-key.service.ts';

export interface AuthRoutesOptions {
  auth: AuthService;
  captcha: CaptchaService;
  loginKey: LoginKeyService;
  sessions: SessionService;
  accounts: AccountRepository;
  secureCookie: boolean;
}

/** Per-address limits for the paths a robot would hammer; counters per account live in the database. */
const limits = {
  captcha: { max: 30, timeWindow: 60_000 },
  sms: { max: 10, timeWindow: 60_000 },
  login: { max: 30, timeWindow: 60_000 },
};

/** The verification cookie: an identity check in progress, for the steps after it. */
export function verificationCookieOptions(secure: boolean) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure,
    maxAge: IDENTITY_CHECK_TTL_MS / 1000,
  };
}

export function registerAuthRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { auth, captcha, loginKey, sessions, accounts } = options;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['sign-in'];
  const accountTags = ['account'];

  const verificationCookie = verificationCookieOptions(options.secureCookie);
  const setVerification = (reply: FastifyReply, token: string) =>
    reply.setCookie(VERIFICATION_COOKIE, token, verificationCookie);
  const verificationOf = (request: FastifyRequest) => request.cookies[VERIFICATION_COOKIE];
  /**
   * The steps after an identity check carry their own ticket (the verification cookie): it is
   * checked before the body, after the session for the signed-in flows.
   */
  const verified = (purpose: VerificationPurpose) => async (request: FastifyRequest) =>
    auth.requireVerification(verificationOf(request), purpose, request.activeSession?.account.id);
  const afterCheck = (purpose: VerificationPurpose) => ({
    onRequest: [app.allow('account.security'), verified(purpose)],
  });

  const answerSignedIn = async (reply: FastifyReply, account: Parameters<typeof auth.describe>[0]) => {
    await reply.startSession(account);
    return ok(await auth.describe(await sessions.withCurrentPermissions(account), null));
  };

  api.get(
    AUTH_PATHS.publicKey,
    { onRequest: app.allow('session.signIn'), schema: { tags, summary: 'Public key for encrypted sign-in' } },
    () => ok(loginKey.publicKey()),
  );

  api.post(
    AUTH_PATHS.showCaptcha,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'New picture captcha' },
      config: { rateLimit: limits.captcha },
    },
    async () => ok(await captcha.create()),
  );

  api.post(
    AUTH_PATHS.verifyCaptcha,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'Answer a captcha; yields ticket and randstr', body: verifyCaptchaSchema },
      config: { rateLimit: limits.captcha },
    },
    async (request) => ok(await captcha.verify(request.body.randstr, request.body.answer)),
  );

  api.post(
    AUTH_PATHS.sendSmsCode,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'Send a sign-in or registration SMS code', body: sendSmsCodeSchema },
      config: { rateLimit: limits.sms },
    },
    async (request) => {
      const { tel, purpose, ticket, randstr } = request.body;
      return ok(await auth.sendLoginOrRegisterCode(tel, purpose, ticket, randstr));
    },
  );

  api.post(
    AUTH_PATHS.register,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'Register and sign in', body: registerSchema },
      config: { rateLimit: limits.login },
    },
    async (request, reply) => answerSignedIn(reply, await auth.register(request.body)),
  );

  api.post(
    AUTH_PATHS.encryptLogin,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'Sign in with encrypted account and password', body: encryptLoginSchema },
      config: { rateLimit: limits.login },
    },
    async (request, reply) => {
      const { keyId, account, password, ticket, randstr } = request.body;
      return answerSignedIn(
        reply,
        await auth.loginWithPassword(keyId, account, password, request.ip, { ticket, randstr }),
      );
    },
  );

  api.post(
    AUTH_PATHS.smsLogin,
    {
      onRequest: app.allow('session.signIn'),
      schema: { tags, summary: 'Sign in with an SMS code', body: smsLoginSchema },
      config: { rateLimit: limits.login },
    },
    async (request, reply) => {
      const { tel, smsCode, ticket, randstr } = request.body;
      return answerSignedIn(reply, await auth.loginWithSms(tel, smsCode, request.ip, { ticket, randstr }));
    },
  );

  api.post(
    AUTH_PATHS.complete,
    {
      schema: { tags, summary: 'First-time completion: username and password', body: completeSchema },
      onRequest: app.allow('account.complete'),
    },
    async (request) => {
      const active = sessionOf(request);
      const account = await auth.complete(active.account, request.body);
      return ok(await auth.describe(account, active.session.companyId));
    },
  );

  api.post(
    AUTH_PATHS.logout,
    { onRequest: app.allow('session.signIn'), schema: { tags, summary: 'Sign out' } },
    async (request, reply) => {
      // Read without the guards: a session that must still change its password may sign out too.
      const active = await sessions.resolve(request.cookies[SESSION_COOKIE]).catch(() => null);
      if (active) await sessions.end(active.tokenHash, 'logout');
      reply.clearSession();
      return ok(null);
    },
  );

  api.post(
    AUTH_PATHS.firstPassword,
    {
      schema: {
        tags: accountTags,
        summary: 'Replace the one-time password staff gave (the only change a session may make until then)',
        body: firstPasswordSchema,
      },
      onRequest: app.allow('account.firstPassword'),
    },
    async (request) => {
      const active = sessionOf(request);
      const account = await auth.replaceOneTimePassword(active.account, request.body.password);
      return ok(await auth.describe(account, active.session.companyId));
    },
  );

  api.get(
    AUTH_PATHS.accountInfo,
    {
      schema: {
        tags: accountTags,
        summary: 'The signed-in account with its permission codes',
        querystring: accountInfoQuerySchema,
      },
      onRequest: app.allow('account.read'),
    },
    async (request) => {
      const active = sessionOf(request);
      return ok(await auth.describe(active.account, active.session.companyId));
    },
  );

  api.post(
    AUTH_PATHS.queryCompanyForMe,
    {
      schema: { tags: accountTags, summary: 'Companies of the account' },
      onRequest: app.allow('account.read'),
    },
    async (request) => {
      const active = sessionOf(request);
      return ok(await auth.companiesFor(active.account, active.session.companyId));
    },
  );

  api.post(
    AUTH_PATHS.changeCompany,
    {
      schema: {
        tags: accountTags,
        summary: 'Act for another company of the account',
        body: changeCompanySchema,
      },
      onRequest: app.allow('account.changeCompany'),
    },
    async (request) => {
      const active = sessionOf(request);
      await auth.changeCompany(active.account, active.tokenHash, request.body.companyId);
      return ok(await auth.describe(active.account, request.body.companyId));
    },
  );

  // Password recovery
  api.post(
    AUTH_PATHS.findpwdSendSmsCode,
    {
      onRequest: app.allow('session.recoverPassword'),
      schema: { tags, summary: 'Password recovery: send a code', body: findpwdSendSmsCodeSchema },
      config: { rateLimit: limits.sms },
    },
    async (request) =>
      ok(await auth.sendRecoveryCode(request.body.tel, request.body.ticket, request.body.randstr)),
  );
  api.post(
    AUTH_PATHS.findpwdCheckSmsCode,
    {
      onRequest: app.allow('session.recoverPassword'),
      schema: { tags, summary: 'Password recovery: check the code', body: findpwdCheckSmsCodeSchema },
      config: { rateLimit: limits.login },
    },
    async (request, reply) => {
      setVerification(reply, await auth.checkRecoveryCode(request.body.tel, request.body.smsCode));
      return ok(null);
    },
  );
  api.post(
    AUTH_PATHS.findpwdSubmit,
    {
      schema: { tags, summary: 'Password recovery: set the new password', body: newPasswordSchema },
      onRequest: [app.allow('session.recoverPassword'), verified('findpwd')],
    },
    async (request, reply) => {
      await auth.submitRecoveredPassword(verificationOf(request), request.body.password);
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  // Password reset (signed in)
  api.post(
    AUTH_PATHS.resetpwdSendSmsCode,
    {
      schema: { tags: accountTags, summary: 'Password reset: send a code to the own phone' },
      config: { rateLimit: limits.sms },
      onRequest: app.allow('account.security'),
    },
    async (request) => ok(await auth.sendOwnPhoneCode(sessionOf(request).account, 'resetpwd')),
  );
  api.post(
    AUTH_PATHS.resetpwdCheckSmsCode,
    {
      schema: { tags: accountTags, summary: 'Password reset: check the code', body: checkSmsCodeSchema },
      onRequest: app.allow('account.security'),
    },
    async (request, reply) => {
      setVerification(
        reply,
        await auth.checkOwnPhoneCode(sessionOf(request).account, 'resetpwd', request.body.smsCode),
      );
      return ok(null);
    },
  );
  api.post(
    AUTH_PATHS.resetpwdSubmit,
    {
      schema: {
        tags: accountTags,
        summary: 'Password reset: set the new password; other sessions end',
        body: newPasswordSchema,
      },
      ...afterCheck('resetpwd'),
    },
    async (request, reply) => {
      const active = sessionOf(request);
      await auth.submitResetPassword(
        active.account,
        verificationOf(request),
        request.body.password,
        active.tokenHash,
      );
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  // Phone change (signed in): verify the current phone, then the new one
  api.post(
    AUTH_PATHS.verifytelSendSmsCode,
    {
      schema: { tags: accountTags, summary: 'Phone change: code to the current phone' },
      config: { rateLimit: limits.sms },
      onRequest: app.allow('account.security'),
    },
    async (request) => ok(await auth.sendOwnPhoneCode(sessionOf(request).account, 'verifytel')),
  );
  api.post(
    AUTH_PATHS.verifytelCheckSmsCode,
    {
      schema: {
        tags: accountTags,
        summary: 'Phone change: check the current phone',
        body: checkSmsCodeSchema,
      },
      onRequest: app.allow('account.security'),
    },
    async (request, reply) => {
      setVerification(
        reply,
        await auth.checkOwnPhoneCode(sessionOf(request).account, 'verifytel', request.body.smsCode),
      );
      return ok(null);
    },
  );
  api.post(
    AUTH_PATHS.resettelSendSmsCode,
    {
      schema: {
        tags: accountTags,
        summary: 'Phone change: code to the new phone',
        body: resettelSendSmsCodeSchema,
      },
      config: { rateLimit: limits.sms },
      ...afterCheck('verifytel'),
    },
    async (request) =>
      ok(await auth.sendNewPhoneCode(sessionOf(request).account, verificationOf(request), request.body.tel)),
  );
  api.post(
    AUTH_PATHS.resettelSubmit,
    {
      schema: { tags: accountTags, summary: 'Phone change: bind the new phone', body: resettelSubmitSchema },
      ...afterCheck('verifytel'),
    },
    async (request, reply) => {
      const active = sessionOf(request);
      await auth.submitNewPhone(
        active.account,
        verificationOf(request),
        request.body.tel,
        request.body.smsCode,
      );
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/' });
      return ok(
        await auth.describe(
          (await accounts.findById(active.account.id)) ?? active.account,
          active.session.companyId,
        ),
      );
    },
  );
}
