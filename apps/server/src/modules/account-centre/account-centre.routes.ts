/**
 * The account centre's paths (security verification flow, recovery by email and question, profile,
 * avatar, operation log, feedback, orders) and the back-office feedback paths. Validate → call the
 * service → answer; the identity check of a step travels in the verification cookie and is checked
 * before the body is read.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CatalogueError, VERIFICATION_COOKIE } from '@lyyp/contracts';
import {
  ACCOUNT_CENTRE_PATHS,
  ACCOUNT_SECURITY_PATHS,
  AVATAR_FIELD,
  accountLogPageSchema,
  accountLogQuerySchema,
  avatarAnswerSchema,
  codeSentSchema,
  emailSendCodeSchema,
  emailSubmitSchema,
  feedbackAddSchema,
  feedbackItemSchema,
  feedbackListSchema,
  feedbackPageSchema,
  feedbackReplySchema,
  findpwdEmailCheckCodeSchema,
  findpwdEmailSendCodeSchema,
  findpwdQuestionCheckSchema,
  findpwdQuestionListSchema,
  invoiceRequestSchema,
  manageFeedbackListSchema,
  orderItemSchema,
  orderListSchema,
  orderPageSchema,
  profileEditSchema,
  profileSchema,
  questionSubmitSchema,
  securityCheckSchema,
  securityOverviewSchema,
  securityQuestionsSchema,
  securitySendCodeSchema,
} from '@lyyp/contracts/account-centre';
import { DESIGNER_IMAGE_MAX_BYTES } from '@lyyp/contracts/designer';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import type { VerificationPurpose } from '../auth/auth.repository.ts';
import { verificationCookieOptions } from '../auth/auth.routes.ts';
import type { AuthService } from '../auth/auth.service.ts';
import type { FileService } from '../files/index.ts';
import { readUploadedFile } from '../files/multipart.ts';
import { postRoute, type Guard } from '../product/catalogue-route.ts';
import type { AccountCentreService } from './account-centre.service.ts';
import type { SecurityService } from './security.service.ts';

export interface AccountCentreRoutesOptions {
  auth: AuthService;
  security: SecurityService;
  centre: AccountCentreService;
  files: FileService;
  secureCookie: boolean;
}

/** Per-address limits for the paths that send codes or take guesses. */
const SEND_LIMIT = { max: 10, timeWindow: 60_000 };
const GUESS_LIMIT = { max: 30, timeWindow: 60_000 };
const UPLOAD_LIMIT = { max: 30, timeWindow: 60_000 };

export function registerAccountCentreRoutes(app: FastifyInstance, options: AccountCentreRoutesOptions) {
  const { auth, security, centre, files } = options;
  const tags = ['account centre'];
  const recoveryTags = ['sign-in'];
  const signedIn: Guard = app.allow('account.security');
  const open: Guard = app.allow('session.recoverPassword');
  const cookie = verificationCookieOptions(options.secureCookie);
  const tokenOf = (request: FastifyRequest) => request.cookies[VERIFICATION_COOKIE];
  const setToken = (reply: FastifyReply, token: string) =>
    reply.setCookie(VERIFICATION_COOKIE, token, cookie);
  /** Signed in, with an identity check for the purpose in progress (checked before the body). */
  const afterCheck = (purpose: VerificationPurpose): Guard[] => [
    signedIn,
    (request) => auth.requireVerification(tokenOf(request), purpose, request.activeSession?.account.id),
  ];
  const account = (request: FastifyRequest) => sessionOf(request).account;

  // Security verification flow ---------------------------------------------------------------------

  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.overview,
    {
      tags,
      summary: 'Phone, email, password and questions of my account, and the methods I can verify with',
      guard: signedIn,
      answer: securityOverviewSchema,
    },
    async (request) => ok(await security.overview(account(request))),
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.sendCode,
    {
      tags,
      summary: 'Verification: send a code to my phone or email',
      guard: signedIn,
      body: securitySendCodeSchema,
      answer: codeSentSchema,
      rateLimit: SEND_LIMIT,
    },
    async (request) => ok(await security.sendCode(account(request), request.body.method)),
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.check,
    {
      tags,
      summary:
        'Verification: prove my identity by phone code, emailed code, security questions or password, for what I set next',
      guard: signedIn,
      body: securityCheckSchema,
      answer: z.null(),
      rateLimit: GUESS_LIMIT,
    },
    async (request, reply) => {
      setToken(reply, await security.check(account(request), request.body, request.ip));
      return ok(null);
    },
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.questions,
    {
      tags,
      summary: 'The security questions I set (keys of the preset list)',
      guard: signedIn,
      answer: securityQuestionsSchema,
    },
    async (request) => ok({ questions: await security.questionKeys(account(request)) }),
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.emailSendCode,
    {
      tags,
      summary: 'Email: send a code to the new address (after a check for email)',
      guard: afterCheck('email'),
      body: emailSendCodeSchema,
      answer: codeSentSchema,
      rateLimit: SEND_LIMIT,
    },
    async (request) =>
      ok(await security.sendEmailBindCode(account(request), tokenOf(request), request.body.email)),
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.emailSubmit,
    {
      tags,
      summary: 'Email: bind the new address with its code',
      guard: afterCheck('email'),
      body: emailSubmitSchema,
      answer: z.null(),
      rateLimit: GUESS_LIMIT,
    },
    async (request, reply) => {
      const { email, code } = request.body;
      await security.submitEmail(account(request), tokenOf(request), email, code, request.ip);
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/' });
      return ok(null);
    },
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.questionSubmit,
    {
      tags,
      summary: 'Security questions: set three different questions with their answers',
      guard: afterCheck('question'),
      body: questionSubmitSchema,
      answer: z.null(),
    },
    async (request, reply) => {
      await security.submitQuestions(account(request), tokenOf(request), request.body.questions, request.ip);
      reply.clearCookie(VERIFICATION_COOKIE, { path: '/' });
      return ok(null);
    },
  );

  // Password recovery by email and question ------------------------------------------------------

  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.findpwdEmailSendCode,
    {
      tags: recoveryTags,
      summary: 'Password recovery: send a code to the account email (after a picture check)',
      guard: open,
      body: findpwdEmailSendCodeSchema,
      answer: codeSentSchema,
      rateLimit: SEND_LIMIT,
    },
    async (request) => {
      const { email, ticket, randstr } = request.body;
      return ok(await security.sendRecoveryEmail(email, ticket, randstr));
    },
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.findpwdEmailCheckCode,
    {
      tags: recoveryTags,
      summary: 'Password recovery: check the emailed code; then /user/findpwd/submit',
      guard: open,
      body: findpwdEmailCheckCodeSchema,
      answer: z.null(),
      rateLimit: GUESS_LIMIT,
    },
    async (request, reply) => {
      setToken(reply, await security.checkRecoveryEmail(request.body.email, request.body.code));
      return ok(null);
    },
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.findpwdQuestionList,
    {
      tags: recoveryTags,
      summary: 'Password recovery: the security questions of an account (after a picture check)',
      guard: open,
      body: findpwdQuestionListSchema,
      answer: securityQuestionsSchema,
      rateLimit: SEND_LIMIT,
    },
    async (request) => {
      const { account: login, ticket, randstr } = request.body;
      return ok({ questions: await security.recoveryQuestions(login, ticket, randstr) });
    },
  );
  postRoute(
    app,
    ACCOUNT_SECURITY_PATHS.findpwdQuestionCheck,
    {
      tags: recoveryTags,
      summary: 'Password recovery: answer the security questions; then /user/findpwd/submit',
      guard: open,
      body: findpwdQuestionCheckSchema,
      answer: z.null(),
      rateLimit: GUESS_LIMIT,
    },
    async (request, reply) => {
      setToken(reply, await security.checkRecoveryQuestions(request.body.account, request.body.answers));
      return ok(null);
    },
  );

  // Basic info, avatar, log ------------------------------------------------------------------------

  const info = app.allow('account.profile');
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.profile,
    { tags, summary: 'My basic info with avatar', guard: info, answer: profileSchema },
    async (request) => ok(await centre.profile(account(request))),
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.profileEdit,
    {
      tags,
      summary: 'Edit my basic info (name)',
      guard: info,
      body: profileEditSchema,
      answer: profileSchema,
    },
    async (request) => ok(await centre.editProfile(account(request), request.body.name, request.ip)),
  );
  app.post(
    ACCOUNT_CENTRE_PATHS.avatar,
    {
      schema: {
        tags,
        summary: `New avatar (multipart field "${AVATAR_FIELD}": jpg, png, gif, svg or ico under 100K; SVG cleaned of scripts)`,
        consumes: ['multipart/form-data'],
        security: [{ session: [] }],
      },
      onRequest: info,
      config: { rateLimit: UPLOAD_LIMIT },
    },
    async (request) => {
      const upload = await readUploadedFile(request, {
        field: AVATAR_FIELD,
        maxBytes: DESIGNER_IMAGE_MAX_BYTES,
        refusalOfName: (name) => files.refusalOfImageName(name),
      });
      if (!upload) throw new CatalogueError('1001', { field: AVATAR_FIELD });
      const answer = await centre.uploadAvatar(account(request), upload, files, request.ip);
      return ok(avatarAnswerSchema.parse(answer));
    },
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.log,
    {
      tags,
      summary: 'My operation log: sign-ins with address, security changes, writes (range ≤ 30 days)',
      guard: app.allow('account.log'),
      body: accountLogQuerySchema,
      answer: accountLogPageSchema,
    },
    async (request) => ok(await centre.log(account(request), request.body)),
  );

  // Feedback ---------------------------------------------------------------------------------------

  const giveFeedback = app.allow('account.feedback');
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.feedbackAdd,
    {
      tags,
      summary: 'Send feedback: a type and at least 10 characters',
      guard: giveFeedback,
      body: feedbackAddSchema,
      answer: feedbackItemSchema,
    },
    async (request) => ok(await centre.addFeedback(account(request), request.body)),
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.feedbackList,
    {
      tags,
      summary: 'My feedback with the answers, newest first',
      guard: giveFeedback,
      body: feedbackListSchema,
      answer: feedbackPageSchema,
    },
    async (request) => ok(await centre.ownFeedback(account(request), request.body)),
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.manageFeedbackList,
    {
      tags: ['back-office feedback'],
      summary: 'Everyone’s feedback, by answered or not and type',
      guard: app.allow('feedback.view'),
      body: manageFeedbackListSchema,
      answer: feedbackPageSchema,
    },
    async (request) => ok(await centre.allFeedback(request.body)),
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.manageFeedbackReply,
    {
      tags: ['back-office feedback'],
      summary: 'Answer a feedback (once)',
      guard: app.allow('feedback.reply'),
      body: feedbackReplySchema,
      answer: z.null(),
    },
    async (request) => {
      await centre.replyFeedback(account(request), request.body.id, request.body.reply);
      return ok(null);
    },
  );

  // Orders and invoices ----------------------------------------------------------------------------

  const ordersGuard = app.allow('account.orders');
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.orderList,
    {
      tags,
      summary: 'My paid services (SIM data plans, platform services) with their invoice requests',
      guard: ordersGuard,
      body: orderListSchema,
      answer: orderPageSchema,
    },
    async (request) => ok(await centre.orders(account(request), request.body)),
  );
  postRoute(
    app,
    ACCOUNT_CENTRE_PATHS.invoiceRequest,
    {
      tags,
      summary: 'Request the invoice of one of my orders (once per order)',
      guard: ordersGuard,
      body: invoiceRequestSchema,
      answer: orderItemSchema,
    },
    async (request) => ok(await centre.requestInvoice(account(request), request.body)),
  );
}
