/**
 * The security verification flow of the account centre (§4: choose a method, verify, set) and
 * password recovery by email or security question (§2). A proven identity is an identity check in
 * the verification cookie, opened for the thing about to be set; password and phone are then set
 * through the existing `account/resetpwd` and `account/resettel` paths.
 */
import { z } from 'zod';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { checkEmail, checkPassword, checkVerificationCode, checkedString } from '../validation/index.ts';

export const ACCOUNT_SECURITY_PATHS = {
  overview: '/account/security/overview',
  sendCode: '/account/security/sendCode',
  check: '/account/security/check',
  questions: '/account/security/questions',
  emailSendCode: '/account/email/sendCode',
  emailSubmit: '/account/email/submit',
  questionSubmit: '/account/question/submit',
  findpwdEmailSendCode: '/user/findpwd/email/sendCode',
  findpwdEmailCheckCode: '/user/findpwd/email/checkCode',
  findpwdQuestionList: '/user/findpwd/question/list',
  findpwdQuestionCheck: '/user/findpwd/question/check',
} as const;

/** How a person proves who they are (the tabs of the validate step). */
export const VERIFY_METHODS = ['tel', 'email', 'question', 'password'] as const;
export type VerifyMethod = (typeof VERIFY_METHODS)[number];

/** What is set after the check. */
export const SECURITY_TARGETS = ['password', 'tel', 'email', 'question'] as const;
export type SecurityTarget = (typeof SECURITY_TARGETS)[number];

/** Preset security questions; the account stores the key, the console shows the text. */
export const SECURITY_QUESTIONS = {
  birthplace: { zh: '您的出生地是哪里？', en: 'Where were you born?' },
  'first-school': { zh: '您就读的第一所学校名称？', en: 'What was the name of your first school?' },
  'mother-name': { zh: '您母亲的名字？', en: "What is your mother's first name?" },
  'first-pet': { zh: '您第一只宠物的名字？', en: 'What was the name of your first pet?' },
  'favourite-book': { zh: '您最喜欢的一本书？', en: 'What is your favourite book?' },
  'first-job': { zh: '您第一份工作的公司名称？', en: 'Where did you have your first job?' },
} as const;
export type SecurityQuestionKey = keyof typeof SECURITY_QUESTIONS;
export const SECURITY_QUESTION_KEYS = Object.keys(SECURITY_QUESTIONS) as [
  SecurityQuestionKey,
  ...SecurityQuestionKey[],
];

/** An account sets exactly this many questions, each a different one. */
export const SECURITY_QUESTION_COUNT = 3;
export const SECURITY_ANSWER_MAX_LENGTH = 50;

const code = checkedString(checkVerificationCode);
const email = checkedString(checkEmail);
const answer = z
  .string()
  .trim()
  .min(1, { error: 'catalogue:1001' })
  .max(SECURITY_ANSWER_MAX_LENGTH, { error: INVALID_FIELD_MESSAGE });
const captchaProof = { ticket: z.string().min(1), randstr: z.string().min(1) };

export const securityOverviewSchema = z.object({
  tel: z.string().nullable(),
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  questionsSet: z.boolean(),
  /** Methods this account can verify with, in the order the tabs show them. */
  methods: z.array(z.enum(VERIFY_METHODS)),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const securitySendCodeSchema = z.object({
  method: z.enum(['tel', 'email'], { error: INVALID_FIELD_MESSAGE }),
});
export type SecuritySendCode = z.input<typeof securitySendCodeSchema>;

/** One answer per question the account set, in the order `questions` lists them. */
const answers = z.array(answer).length(SECURITY_QUESTION_COUNT, { error: INVALID_FIELD_MESSAGE });

export const securityCheckSchema = z.object({
  target: z.enum(SECURITY_TARGETS, { error: INVALID_FIELD_MESSAGE }),
  method: z.enum(VERIFY_METHODS, { error: INVALID_FIELD_MESSAGE }),
  code: code.optional(),
  answers: answers.optional(),
  password: z.string().max(64).optional(),
});
export type SecurityCheck = z.input<typeof securityCheckSchema>;

export const securityQuestionsSchema = z.object({ questions: z.array(z.enum(SECURITY_QUESTION_KEYS)) });
export type SecurityQuestions = z.infer<typeof securityQuestionsSchema>;

export const emailSendCodeSchema = z.object({ email });
export const emailSubmitSchema = z.object({ email, code });
export type EmailSubmit = z.input<typeof emailSubmitSchema>;

export const questionSubmitSchema = z
  .object({
    questions: z
      .array(z.object({ question: z.enum(SECURITY_QUESTION_KEYS, { error: INVALID_FIELD_MESSAGE }), answer }))
      .length(SECURITY_QUESTION_COUNT, { error: INVALID_FIELD_MESSAGE }),
  })
  .refine((body) => new Set(body.questions.map((item) => item.question)).size === SECURITY_QUESTION_COUNT, {
    message: 'catalogue:2257',
    path: ['questions'],
  });
export type QuestionSubmit = z.input<typeof questionSubmitSchema>;

export const findpwdEmailSendCodeSchema = z.object({ email, ...captchaProof });
export type FindpwdEmailSendCode = z.input<typeof findpwdEmailSendCodeSchema>;
export const findpwdEmailCheckCodeSchema = z.object({ email, code });
export const findpwdQuestionListSchema = z.object({
  account: z.string().trim().min(1, { error: 'catalogue:1105' }).max(50, { error: INVALID_FIELD_MESSAGE }),
  ...captchaProof,
});
export type FindpwdQuestionList = z.input<typeof findpwdQuestionListSchema>;
export const findpwdQuestionCheckSchema = z.object({
  account: z.string().trim().min(1, { error: 'catalogue:1105' }).max(50, { error: INVALID_FIELD_MESSAGE }),
  answers,
});
export type FindpwdQuestionCheck = z.input<typeof findpwdQuestionCheckSchema>;

export const codeSentSchema = z.object({
  /** Seconds until another code may be requested. */
  resendAfterSeconds: z.number().int(),
  /** Where it went, partly hidden (`a***@example.com`, `138****0000`). */
  sentTo: z.string(),
});
export type CodeSent = z.infer<typeof codeSentSchema>;

/** A new password, as `account/resetpwd/submit` takes it. */
export const securityPasswordSchema = z.object({ password: checkedString(checkPassword) });

/** Hides most of a phone or email, for answers that say where a code went. */
export function maskAddress(address: string): string {
  const at = address.indexOf('@');
  if (at > 0) return `${address.slice(0, 1)}***${address.slice(at)}`;
  if (address.length <= 7) return `${address.slice(0, 2)}****`;
  return `${address.slice(0, 3)}****${address.slice(-4)}`;
}
