/** Typed calls of the sign-in, registration, password recovery and account security paths (§7). */
import {
  AUTH_PATHS,
  type AccountInfo,
  type CaptchaAnswer,
  type CaptchaTicket,
  type CompanyChoice,
  type CompleteRequest,
  type EncryptLoginRequest,
  type PublicKeyAnswer,
  type RegisterRequest,
  type SendSmsCodeRequest,
  type SmsLoginRequest,
  type SmsSent,
} from '@lyyp/contracts';
import type { ApiClient, RequestOptions } from './client.ts';

export type CaptchaProof = CaptchaTicket;
export type PhoneCaptchaProof = Omit<SendSmsCodeRequest, 'purpose'>;
export type PhoneCodeRequest = SmsLoginRequest;
export type NewPasswordRequest = Pick<CompleteRequest, 'password' | 'confirmPassword'>;

/** The form fields of registration as the console collects them (`agree` is a checkbox). */
export type RegisterFields = Omit<RegisterRequest, 'agree'> & { agree: boolean };

export function createAuthApi(client: ApiClient) {
  return {
    fetchPublicKey: () => client.get<PublicKeyAnswer>(AUTH_PATHS.publicKey),
    showCaptcha: () => client.post<CaptchaAnswer>(AUTH_PATHS.showCaptcha),
    verifyCaptcha: (body: { randstr: string; answer: string }) =>
      client.post<CaptchaTicket>(AUTH_PATHS.verifyCaptcha, body),
    sendSmsCode: (body: SendSmsCodeRequest) => client.post<SmsSent>(AUTH_PATHS.sendSmsCode, body),

    registerAccount: ({ agree, ...rest }: RegisterFields) =>
      client.post<AccountInfo>(AUTH_PATHS.register, { ...rest, agree: String(agree) }),
    completeAccount: (body: CompleteRequest) => client.post<AccountInfo>(AUTH_PATHS.complete, body),
    loginWithEncryptedPassword: (body: EncryptLoginRequest) =>
      client.post<AccountInfo>(AUTH_PATHS.encryptLogin, body),
    loginWithSmsCode: (body: SmsLoginRequest) => client.post<AccountInfo>(AUTH_PATHS.smsLogin, body),
    logout: () => client.post<null>(AUTH_PATHS.logout),

    /** `time` defeats caches between the browser and the platform. */
    fetchAccountInfo: (now: number, options?: RequestOptions) =>
      client.get<AccountInfo>(AUTH_PATHS.accountInfo, { time: now }, options),
    listMyCompanies: () => client.post<CompanyChoice[]>(AUTH_PATHS.queryCompanyForMe),
    changeCompany: (companyId: string) => client.post<AccountInfo>(AUTH_PATHS.changeCompany, { companyId }),

    sendFindpwdSmsCode: (body: PhoneCaptchaProof) =>
      client.post<SmsSent>(AUTH_PATHS.findpwdSendSmsCode, body),
    checkFindpwdSmsCode: (body: PhoneCodeRequest) => client.post<null>(AUTH_PATHS.findpwdCheckSmsCode, body),
    submitFindpwd: (body: NewPasswordRequest) => client.post<null>(AUTH_PATHS.findpwdSubmit, body),

    sendResetpwdSmsCode: () => client.post<SmsSent>(AUTH_PATHS.resetpwdSendSmsCode),
    checkResetpwdSmsCode: (smsCode: string) =>
      client.post<null>(AUTH_PATHS.resetpwdCheckSmsCode, { smsCode }),
    submitResetpwd: (body: NewPasswordRequest) => client.post<null>(AUTH_PATHS.resetpwdSubmit, body),
    sendVerifytelSmsCode: () => client.post<SmsSent>(AUTH_PATHS.verifytelSendSmsCode),
    checkVerifytelSmsCode: (smsCode: string) =>
      client.post<null>(AUTH_PATHS.verifytelCheckSmsCode, { smsCode }),
    sendResettelSmsCode: (tel: string) => client.post<SmsSent>(AUTH_PATHS.resettelSendSmsCode, { tel }),
    submitResettel: (body: PhoneCodeRequest) => client.post<null>(AUTH_PATHS.resettelSubmit, body),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;
