/**
 * Typed calls of the account centre: the security verification flow (check, then set the email or
 * questions here; password and phone through `authApi`), recovery by email and question, basic
 * info and avatar, the operation log, feedback, orders and invoices, and the back-office feedback.
 * Shapes are the contract's (`@lyyp/contracts/account-centre`).
 */
import {
  ACCOUNT_CENTRE_PATHS,
  ACCOUNT_SECURITY_PATHS,
  ACCOUNT_SESSION_PATHS,
  type AccountSession,
  type EndedSessions,
  AVATAR_FIELD,
  type AccountLogPage,
  type AccountLogQuery,
  type AvatarAnswer,
  type CodeSent,
  type EmailSubmit,
  type FeedbackAdd,
  type FeedbackItem,
  type FeedbackPage,
  type FeedbackReply,
  type FindpwdEmailSendCode,
  type FindpwdQuestionCheck,
  type FindpwdQuestionList,
  type InvoiceRequest,
  type ManageFeedbackList,
  type OrderItem,
  type OrderPage,
  type Profile,
  type ProfileEdit,
  type QuestionSubmit,
  type SecurityCheck,
  type SecurityOverview,
  type SecurityQuestions,
} from '@lyyp/contracts/account-centre';
import { AUTH_PATHS, type AccountInfo, type FirstPasswordRequest } from '@lyyp/contracts';
import { type ApiClient, JSON_BODY } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  AccountLogEntry,
  AccountSession,
  AccountLogKind,
  FeedbackItem,
  FeedbackType,
  OrderItem,
  Profile,
  SecurityOverview,
  SecurityQuestionKey,
  SecurityTarget,
  VerifyMethod,
} from '@lyyp/contracts/account-centre';
type Paging = { page?: number; pageSize?: number };

export function createAccountCentreApi(client: ApiClient) {
  return {
    overview: () => client.post<SecurityOverview>(ACCOUNT_SECURITY_PATHS.overview),
    sessions: () => client.post<AccountSession[]>(ACCOUNT_SESSION_PATHS.list),
    endSession: (id: string) => client.post<null>(ACCOUNT_SESSION_PATHS.end, { id }),
    endOtherSessions: () => client.post<EndedSessions>(ACCOUNT_SESSION_PATHS.endOthers),
    sendCode: (method: 'tel' | 'email') => client.post<CodeSent>(ACCOUNT_SECURITY_PATHS.sendCode, { method }),
    check: (request: SecurityCheck) =>
      client.post<null>(ACCOUNT_SECURITY_PATHS.check, { ...request }, JSON_BODY),
    questions: () => client.post<SecurityQuestions>(ACCOUNT_SECURITY_PATHS.questions),
    sendEmailCode: (email: string) => client.post<CodeSent>(ACCOUNT_SECURITY_PATHS.emailSendCode, { email }),
    submitEmail: (request: EmailSubmit) =>
      client.post<null>(ACCOUNT_SECURITY_PATHS.emailSubmit, { ...request }),
    submitQuestions: (request: QuestionSubmit) =>
      client.post<null>(ACCOUNT_SECURITY_PATHS.questionSubmit, { ...request }, JSON_BODY),

    sendRecoveryEmail: (request: FindpwdEmailSendCode) =>
      client.post<CodeSent>(ACCOUNT_SECURITY_PATHS.findpwdEmailSendCode, { ...request }),
    checkRecoveryEmail: (email: string, code: string) =>
      client.post<null>(ACCOUNT_SECURITY_PATHS.findpwdEmailCheckCode, { email, code }),
    recoveryQuestions: (request: FindpwdQuestionList) =>
      client.post<SecurityQuestions>(ACCOUNT_SECURITY_PATHS.findpwdQuestionList, { ...request }),
    checkRecoveryQuestions: (request: FindpwdQuestionCheck) =>
      client.post<null>(ACCOUNT_SECURITY_PATHS.findpwdQuestionCheck, { ...request }, JSON_BODY),

    profile: () => client.post<Profile>(ACCOUNT_CENTRE_PATHS.profile),
    editProfile: (request: ProfileEdit) =>
      client.post<Profile>(ACCOUNT_CENTRE_PATHS.profileEdit, { ...request }),
    uploadAvatar: (file: Blob, fileName: string) => {
      const form = new FormData();
      form.append(AVATAR_FIELD, file, fileName);
      return client.upload<AvatarAnswer>(ACCOUNT_CENTRE_PATHS.avatar, form);
    },
    log: (query: AccountLogQuery) =>
      client.post<AccountLogPage>(ACCOUNT_CENTRE_PATHS.log, { ...query }, JSON_BODY),

    addFeedback: (request: FeedbackAdd) =>
      client.post<FeedbackItem>(ACCOUNT_CENTRE_PATHS.feedbackAdd, { ...request }),
    ownFeedback: (paging: Paging) =>
      client.post<FeedbackPage>(ACCOUNT_CENTRE_PATHS.feedbackList, { ...paging }, JSON_BODY),
    allFeedback: (query: ManageFeedbackList) =>
      client.post<FeedbackPage>(ACCOUNT_CENTRE_PATHS.manageFeedbackList, { ...query }, JSON_BODY),
    replyFeedback: (request: FeedbackReply) =>
      client.post<null>(ACCOUNT_CENTRE_PATHS.manageFeedbackReply, { ...request }),

    orders: (paging: Paging) =>
      client.post<OrderPage>(ACCOUNT_CENTRE_PATHS.orderList, { ...paging }, JSON_BODY),
    requestInvoice: (request: InvoiceRequest) =>
      client.post<OrderItem>(ACCOUNT_CENTRE_PATHS.invoiceRequest, { ...request }),

    /** Replaces the one-time password staff gave; answers the account, no longer held back. */
    replaceOneTimePassword: (request: FirstPasswordRequest) =>
      client.post<AccountInfo>(AUTH_PATHS.firstPassword, { ...request }),
  };
}

export type AccountCentreApi = ReturnType<typeof createAccountCentreApi>;

export const accountCentreApi = createAccountCentreApi(apiClient);
