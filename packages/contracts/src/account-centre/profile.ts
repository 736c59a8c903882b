/**
 * The account centre's other screens: basic info and avatar, the account's own operation log,
 * feedback (answered by staff in the back-office) and orders with invoice requests.
 */
import { z } from 'zod';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import { ACCOUNT_STATUSES, ACCOUNT_TYPES } from '../account.ts';
import { INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { entityId } from '../alarm/fields.ts';
import { NAME_MAX_LENGTH, checkEmail, checkedString, maxLengthCheck } from '../validation/index.ts';

export const ACCOUNT_CENTRE_PATHS = {
  profile: '/account/profile',
  profileEdit: '/account/profile/edit',
  avatar: '/account/avatar',
  log: '/account/log',
  feedbackAdd: '/account/feedback/add',
  feedbackList: '/account/feedback/list',
  orderList: '/account/order/list',
  invoiceRequest: '/account/invoice/request',
  manageFeedbackList: '/manage/feedback/list',
  manageFeedbackReply: '/manage/feedback/reply',
} as const;

const paging = {
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PAGE_SIZE),
};
const epochMs = z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int({ error: INVALID_FIELD_MESSAGE });
const text = (field: string, max: number) =>
  checkedString(maxLengthCheck(field, max)).transform((value) => value.trim());
const required = (field: string, max: number) =>
  text(field, max).refine((value) => value.length > 0, { message: 'catalogue:1001', params: { field } });

function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });
}

// Basic info and avatar ------------------------------------------------------------------------------

export const profileSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  company: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileEditSchema = z.object({ name: required('name', NAME_MAX_LENGTH) });
export type ProfileEdit = z.input<typeof profileEditSchema>;

/** Multipart field of the avatar upload; the file rules are the image rules of §5. */
export const AVATAR_FIELD = 'file';
export const avatarAnswerSchema = z.object({ avatarUrl: z.string() });
export type AvatarAnswer = z.infer<typeof avatarAnswerSchema>;

// Operation log --------------------------------------------------------------------------------------

export const ACCOUNT_LOG_KINDS = {
  'sign-in': { zh: '登录', en: 'Sign-in' },
  password: { zh: '修改密码', en: 'Password changed' },
  tel: { zh: '更换手机', en: 'Phone changed' },
  email: { zh: '绑定邮箱', en: 'Email bound' },
  question: { zh: '设置密保问题', en: 'Security questions set' },
  verify: { zh: '身份验证', en: 'Identity verified' },
  profile: { zh: '修改资料', en: 'Profile edited' },
  avatar: { zh: '更换头像', en: 'Avatar changed' },
  write: { zh: '写入数据', en: 'Value written' },
  admin: { zh: '账号管理', en: 'Account administration' },
} as const;
export type AccountLogKind = keyof typeof ACCOUNT_LOG_KINDS;
export const ACCOUNT_LOG_KIND_CODES = Object.keys(ACCOUNT_LOG_KINDS) as [AccountLogKind, ...AccountLogKind[]];

/**
 * Administrative actions kept in the audit (`audit_events`): they appear, as kind `admin`, in the
 * log of the account that took them and of the account they were taken on, so one own-operation
 * log holds sign-ins, security changes, writes and what staff did to or with the account.
 */
export const ADMIN_ACTIONS = {
  'account.create': { zh: '创建账号', en: 'Account created' },
  'account.password.reset': { zh: '重置密码', en: 'Password reset' },
  'account.enable': { zh: '启用账号', en: 'Account enabled' },
  'account.disable': { zh: '禁用账号', en: 'Account disabled' },
  'account.delete': { zh: '删除账号', en: 'Account deleted' },
  'role.create': { zh: '创建角色', en: 'Role created' },
  'role.update': { zh: '修改角色', en: 'Role changed' },
  'role.delete': { zh: '删除角色', en: 'Role deleted' },
  'role.assign': { zh: '授权', en: 'Role assigned' },
  'role.cancel': { zh: '取消授权', en: 'Authorization cancelled' },
  'dealer.certify': { zh: '经销商认证', en: 'Dealer certified' },
  'dealer.update': { zh: '修改经销商权限', en: 'Dealer permissions changed' },
  'dealer.cancel': { zh: '取消经销商认证', en: 'Dealer certification cancelled' },
  'certification.apply': { zh: '申请企业认证', en: 'Enterprise certification requested' },
  'certification.approve': { zh: '企业认证通过', en: 'Enterprise certification approved' },
  'certification.reject': { zh: '企业认证驳回', en: 'Enterprise certification rejected' },
} as const;
export type AdminAction = keyof typeof ADMIN_ACTIONS;

/** A range of at most 30 days (`checkQueryRange`). */
export const accountLogQuerySchema = z.object({
  start: epochMs,
  end: epochMs,
  kind: z.enum(ACCOUNT_LOG_KIND_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});
export type AccountLogQuery = z.input<typeof accountLogQuerySchema>;

export const accountLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  kind: z.enum(ACCOUNT_LOG_KIND_CODES),
  address: z.string().nullable(),
  /** What it was about: the device and variable of a write, the method of a check, the browser of a sign-in. */
  detail: z.string().nullable(),
  /**
   * Writes: the result (pending, success, failure) and its code. Administration: who took the
   * action on this account (their name), or the account this account took it on.
   */
  result: z.string().nullable(),
});
export type AccountLogEntry = z.infer<typeof accountLogEntrySchema>;
export const accountLogPageSchema = pageOf(accountLogEntrySchema);
export type AccountLogPage = z.infer<typeof accountLogPageSchema>;

// Feedback -------------------------------------------------------------------------------------------

export const FEEDBACK_TYPES = {
  fault: { zh: '故障报告', en: 'Fault report' },
  suggestion: { zh: '功能建议', en: 'Suggestion' },
  question: { zh: '使用咨询', en: 'Question' },
  other: { zh: '其他', en: 'Other' },
} as const;
export type FeedbackType = keyof typeof FEEDBACK_TYPES;
export const FEEDBACK_TYPE_CODES = Object.keys(FEEDBACK_TYPES) as [FeedbackType, ...FeedbackType[]];

/** §5: content of at least 10 characters; the maximum is ours. */
export const FEEDBACK_CONTENT_MIN_LENGTH = 10;
export const FEEDBACK_CONTENT_MAX_LENGTH = 500;
export const FEEDBACK_REPLY_MAX_LENGTH = 500;

export const feedbackAddSchema = z.object({
  type: z.enum(FEEDBACK_TYPE_CODES, { error: 'catalogue:1001' }),
  content: text('content', FEEDBACK_CONTENT_MAX_LENGTH).refine(
    (value) => [...value].length >= FEEDBACK_CONTENT_MIN_LENGTH,
    { message: 'catalogue:2259', params: { min: FEEDBACK_CONTENT_MIN_LENGTH } },
  ),
});
export type FeedbackAdd = z.input<typeof feedbackAddSchema>;

export const feedbackItemSchema = z.object({
  id: z.string(),
  type: z.enum(FEEDBACK_TYPE_CODES),
  content: z.string(),
  createdAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  repliedByName: z.string().nullable(),
  accountId: z.string(),
  accountName: z.string().nullable(),
});
export type FeedbackItem = z.infer<typeof feedbackItemSchema>;
export const feedbackPageSchema = pageOf(feedbackItemSchema);
export type FeedbackPage = z.infer<typeof feedbackPageSchema>;

export const feedbackListSchema = z.object({ ...paging });
export const manageFeedbackListSchema = z.object({
  answered: z
    .union([z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')], {
      error: INVALID_FIELD_MESSAGE,
    })
    .optional(),
  type: z.enum(FEEDBACK_TYPE_CODES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});
export type ManageFeedbackList = z.input<typeof manageFeedbackListSchema>;
export const feedbackReplySchema = z.object({
  id: entityId('id'),
  reply: required('reply', FEEDBACK_REPLY_MAX_LENGTH),
});
export type FeedbackReply = z.input<typeof feedbackReplySchema>;

// Orders and invoices ------------------------------------------------------------------------------

export const ORDER_KINDS = {
  'sim-plan': { zh: 'SIM 流量套餐', en: 'SIM data plan' },
  service: { zh: '平台服务', en: 'Platform service' },
} as const;
export type OrderKind = keyof typeof ORDER_KINDS;
export const ORDER_KIND_CODES = Object.keys(ORDER_KINDS) as [OrderKind, ...OrderKind[]];

export const INVOICE_STATUSES = {
  requested: { zh: '已申请', en: 'Requested' },
  issued: { zh: '已开具', en: 'Issued' },
} as const;
export type InvoiceStatus = keyof typeof INVOICE_STATUSES;

export const INVOICE_TITLE_MAX_LENGTH = 50;
export const TAX_NUMBER_MAX_LENGTH = 30;

export const orderItemSchema = z.object({
  id: z.string(),
  kind: z.enum(ORDER_KIND_CODES),
  title: z.string(),
  /** Amount in cents (fen). */
  amountCents: z.number().int(),
  currency: z.string(),
  paidAt: z.string(),
  invoice: z
    .object({
      status: z.enum(Object.keys(INVOICE_STATUSES) as [InvoiceStatus, ...InvoiceStatus[]]),
      title: z.string(),
      taxNumber: z.string().nullable(),
      email: z.string(),
      requestedAt: z.string(),
    })
    .nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;
export const orderPageSchema = pageOf(orderItemSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;
export const orderListSchema = z.object({ ...paging });

export const invoiceRequestSchema = z.object({
  orderId: entityId('orderId'),
  title: required('title', INVOICE_TITLE_MAX_LENGTH),
  taxNumber: text('taxNumber', TAX_NUMBER_MAX_LENGTH).optional(),
  email: checkedString(checkEmail),
});
export type InvoiceRequest = z.input<typeof invoiceRequestSchema>;
