/** Request bodies of the sign-in and account paths (§7), checked by the server, typed for the web. */
import { z } from 'zod';
import { SELF_REGISTER_KINDS, accountTypeSchema } from '../account.ts';
import {
  checkPassword,
  checkPhone,
  checkUsername,
  checkVerificationCode,
  checkedString,
  maxLengthCheck,
  COMPANY_NAME_MAX_LENGTH,
  NAME_MAX_LENGTH,
} from '../validation/index.ts';

const tel = checkedString(checkPhone);
const smsCode = checkedString(checkVerificationCode);
const password = checkedString(checkPassword);

/** Result of a solved captcha: proves a person asked for the SMS (§7 sendSmsCode). */
const captchaProof = { ticket: z.string().min(1), randstr: z.string().min(1) };
/** The same proof on a sign-in, needed only when the platform asked for it (1150). */
const optionalCaptchaProof = { ticket: z.string().optional(), randstr: z.string().optional() };

export const SMS_PURPOSES = ['login', 'register'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const showCaptchaSchema = z.object({});
export const verifyCaptchaSchema = z.object({ randstr: z.string().min(1), answer: z.string().trim().min(1) });
export const sendSmsCodeSchema = z.object({
  tel,
  ...captchaProof,
  purpose: z.enum(SMS_PURPOSES).default('login'),
});

export const registerSchema = z
  .object({
    accountKind: z.enum(SELF_REGISTER_KINDS).default('terminal'),
    accountType: accountTypeSchema.default('personal'),
    tel,
    smsCode,
    username: checkedString(checkUsername),
    password,
    confirmPassword: z.string(),
    name: checkedString(maxLengthCheck('name', NAME_MAX_LENGTH)).optional(),
    company: checkedString(maxLengthCheck('company', COMPANY_NAME_MAX_LENGTH)).optional(),
    agree: z.coerce.string().refine((value) => value === 'true' || value === '1', 'catalogue:1138'),
    /** Ids of the user agreement and privacy policy versions read and accepted (the current ones). */
    agreementId: z.string().trim().max(64).optional(),
    privacyId: z.string().trim().max(64).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'catalogue:1121',
    path: ['confirmPassword'],
  });

export const completeSchema = z
  .object({
    username: checkedString(checkUsername),
    password,
    confirmPassword: z.string(),
    accountType: accountTypeSchema.default('personal'),
    /** Ids of the user agreement and privacy policy versions read and accepted (the current ones). */
    agreementId: z.string().trim().max(64).optional(),
    privacyId: z.string().trim().max(64).optional(),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'catalogue:1121',
    path: ['confirmPassword'],
  });

/** Replacing a one-time password: the new one twice (§5 rules); it must differ from the old (1172). */
export const firstPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'catalogue:1121',
    path: ['confirmPassword'],
  });

/** Both values are base64 RSA-OAEP (SHA-256) ciphertexts of `{"v": value, "ts": ms, "n": nonce}`. */
export const encryptLoginSchema = z.object({
  keyId: z.string().min(1),
  account: z.string().min(1),
  password: z.string().min(1),
  ...optionalCaptchaProof,
});

/** The plain text inside each encrypted login field. */
export const sealedFieldSchema = z.object({
  v: z.string(),
  ts: z.number().int(),
  n: z.string().min(8).max(64),
});
export type SealedField = z.infer<typeof sealedFieldSchema>;

export const smsLoginSchema = z.object({ tel, smsCode, ...optionalCaptchaProof });

export const findpwdSendSmsCodeSchema = z.object({ tel, ...captchaProof });
export const findpwdCheckSmsCodeSchema = z.object({ tel, smsCode });
export const newPasswordSchema = z
  .object({ password, confirmPassword: z.string() })
  .refine((body) => body.password === body.confirmPassword, {
    message: 'catalogue:1121',
    path: ['confirmPassword'],
  });

export const checkSmsCodeSchema = z.object({ smsCode });
export const resettelSendSmsCodeSchema = z.object({ tel });
export const resettelSubmitSchema = z.object({ tel, smsCode });
export const accountInfoQuerySchema = z.object({ time: z.coerce.number().optional() });
export const changeCompanySchema = z.object({ companyId: z.string().min(1) });

export type RegisterRequest = z.input<typeof registerSchema>;
export type CompleteRequest = z.input<typeof completeSchema>;
export type FirstPasswordRequest = z.input<typeof firstPasswordSchema>;
export type EncryptLoginRequest = z.input<typeof encryptLoginSchema>;
export type SmsLoginRequest = z.input<typeof smsLoginSchema>;
export type SendSmsCodeRequest = z.input<typeof sendSmsCodeSchema>;

export interface PublicKeyAnswer {
  keyId: string;
  /** SPKI public key, base64 (DER), for WebCrypto `importKey('spki', …)`. */
  spki: string;
  algorithm: 'RSA-OAEP-256';
}

export interface CaptchaAnswer {
  randstr: string;
  /** An SVG image as a data URL. */
  image: string;
  expiresInMs: number;
}

export interface CaptchaTicket {
  ticket: string;
  randstr: string;
}

export interface SmsSent {
  /** Seconds until another code may be requested for this phone. */
  resendAfterSeconds: number;
}
