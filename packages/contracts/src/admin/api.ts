/**
 * The administration API (`/lyyp/developer/admin/*`, and the applicant's side of enterprise
 * certification under `/account/company/authentication/*`): paths, request bodies and answers.
 * The server validates with these and documents its answers with them; the console types its calls
 * from them. Lists (product ids, customers, permission codes) are easiest sent as JSON.
 */
import { z } from 'zod';
import { ACCOUNT_KINDS, ACCOUNT_STATUSES, ACCOUNT_TYPES, ROLE_TYPES } from '../account.ts';
import { DEFAULT_PAGE_SIZE } from '../limits.ts';
import { INVALID_FIELD_MESSAGE, addCatalogueIssue } from '../device-model/issues.ts';
import {
  ADDRESS_MAX_LENGTH,
  ENTERPRISE_NAME_MAX_LENGTH,
  LICENCE_NUMBER_MAX_LENGTH,
  NAME_MAX_LENGTH,
  checkEmail,
  checkPhone,
  checkUsername,
  checkedString,
  maxLengthCheck,
} from '../validation/index.ts';
import { entityId } from '../alarm/fields.ts';
import {
  DATA_SCOPES,
  MAX_DEALER_CUSTOMERS,
  MAX_SCOPE_PRODUCTS,
  ROLE_AUDIENCES,
  ROLE_NAME_MAX_LENGTH,
} from './roles.ts';

export const ADMIN_API_PATHS = {
  accountList: '/admin/account/list',
  accountAdd: '/admin/account/add',
  accountResetPassword: '/admin/account/resetPassword',
  accountSetStatus: '/admin/account/setStatus',
  accountDelete: '/admin/account/delete',
  accountDetail: '/admin/account/detail',
  roleList: '/admin/role/list',
  roleSave: '/admin/role/save',
  roleDelete: '/admin/role/delete',
  roleAssign: '/admin/role/assign',
  authorizationList: '/admin/authorization/list',
  productOptions: '/admin/product/options',
  grantCeiling: '/admin/grant/ceiling',
  dealerList: '/admin/dealer/list',
  dealerDetail: '/admin/dealer/detail',
  dealerCertify: '/admin/dealer/certify',
  dealerEdit: '/admin/dealer/edit',
  dealerCancel: '/admin/dealer/cancel',
  certificationList: '/admin/certification/list',
  certificationDecide: '/admin/certification/decide',
  certificationApply: '/account/company/authentication/apply',
  certificationMine: '/account/company/authentication/status',
} as const;

/** The three account lists of the back-office: operation staff, developers, end users (personal and enterprise). */
export const ACCOUNT_LIST_KINDS = ['op', 'dev', 'ter'] as const;
export type AccountListKind = (typeof ACCOUNT_LIST_KINDS)[number];

/** The permission each account list (and every change to an account in it) needs. */
export const ACCOUNT_LIST_PERMISSIONS: Readonly<Record<AccountListKind, string>> = {
  op: 'manage:account:op',
  dev: 'manage:account:dev',
  ter: 'manage:account:ter',
};

/** 9-character organisation code or 18-character unified social credit code. */
export const ORGANISATION_ID_PATTERN = /^(?:[0-9A-Z]{9}|[0-9A-Z]{18})$/;
export const REJECT_REASON_MAX_LENGTH = 100;
export const CONTACTS_MAX_LENGTH = 20;

const paging = {
  page: z.coerce.number({ error: INVALID_FIELD_MESSAGE }).int().min(1).default(1),
  pageSize: z.coerce
    .number({ error: INVALID_FIELD_MESSAGE })
    .int()
    .min(1)
    .max(100)
    .default(DEFAULT_PAGE_SIZE),
};
const keyword = z.string().trim().max(50).optional();
/** A list of at most `max` entries; a longer one is refused with the catalogue code naming the limit. */
function limitedList<T extends z.ZodType>(item: T, max: number, code: '2209' | '2223') {
  return z
    .array(item)
    .superRefine((list, context) => {
      if (list.length > max) addCatalogueIssue(context, code, { max });
    })
    .default([]);
}
const productIds = limitedList(entityId('productIds'), MAX_SCOPE_PRODUCTS, '2209');
const dataScope = z.enum(DATA_SCOPES, { error: INVALID_FIELD_MESSAGE });
const text = (field: string, max: number) =>
  checkedString(maxLengthCheck(field, max)).transform((v) => v.trim());

export function adminPageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    list: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

// Accounts ---------------------------------------------------------------------------------------

export const accountListBodySchema = z.object({
  kind: z.enum(ACCOUNT_LIST_KINDS, { error: INVALID_FIELD_MESSAGE }),
  keyword,
  status: z.enum(['enabled', 'disabled'], { error: INVALID_FIELD_MESSAGE }).optional(),
  accountType: z.enum(ACCOUNT_TYPES, { error: INVALID_FIELD_MESSAGE }).optional(),
  ...paging,
});
export type AccountListQuery = z.input<typeof accountListBodySchema>;

export const adminAccountSchema = z.object({
  id: z.string(),
  username: z.string().nullable(),
  name: z.string().nullable(),
  tel: z.string().nullable(),
  email: z.string().nullable(),
  roleType: z.enum(ROLE_TYPES),
  accountKind: z.enum(ACCOUNT_KINDS),
  accountType: z.enum(ACCOUNT_TYPES),
  status: z.enum(ACCOUNT_STATUSES),
  company: z.string().nullable(),
  isSuperManager: z.boolean(),
  roleId: z.string().nullable(),
  roleName: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/** A staff account is made with a role (2226); without one it would hold only the minimal codes. */
export const accountAddBodySchema = z
  .object({
    kind: z.enum(['op', 'dev'], { error: INVALID_FIELD_MESSAGE }),
    username: checkedString(checkUsername).transform((v) => v.trim()),
    name: text('name', NAME_MAX_LENGTH),
    tel: checkedString(checkPhone).optional(),
    email: checkedString(checkEmail).optional(),
    roleId: z.string().max(64).optional(),
  })
  .superRefine((body, context) => {
    if (body.kind === 'op' && !body.roleId) addCatalogueIssue(context, '2226', {}, ['roleId']);
  });
export type AccountAddRequest = z.input<typeof accountAddBodySchema>;

/** A new password, shown once to the staff member who asked for it and never stored in clear. */
export const issuedPasswordSchema = z.object({ account: adminAccountSchema, password: z.string() });
export type IssuedPassword = z.infer<typeof issuedPasswordSchema>;

export const accountIdBodySchema = z.object({ id: entityId('id') });
export const accountSetStatusBodySchema = z.object({
  id: entityId('id'),
  status: z.enum(['enabled', 'disabled'], { error: INVALID_FIELD_MESSAGE }),
});
export type AccountSetStatusRequest = z.input<typeof accountSetStatusBodySchema>;

export type AccountDeleted = z.infer<typeof accountDeletedSchema>;
export const accountDeletedSchema = z.object({
  id: z.string(),
  /** What moved to the super manager (§6). */
  moved: z.object({ devices: z.number().int(), products: z.number().int(), gateways: z.number().int() }),
});

// Roles ------------------------------------------------------------------------------------------

export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** Built-in roles (§6) have their names in both languages and cannot be changed. */
  builtIn: z.boolean(),
  nameZh: z.string().nullable(),
  nameEn: z.string().nullable(),
  audience: z.enum(ROLE_AUDIENCES),
  permissions: z.array(z.string()),
  dataScope: z.enum(DATA_SCOPES),
  productIds: z.array(z.string()),
  accountCount: z.number().int(),
});
export type Role = z.infer<typeof roleSchema>;

export const roleSaveBodySchema = z.object({
  /** Absent for a new role. */
  id: z.string().max(64).optional(),
  name: text('name', ROLE_NAME_MAX_LENGTH).pipe(z.string().min(1, 'catalogue:1001')),
  audience: z.enum(ROLE_AUDIENCES, { error: INVALID_FIELD_MESSAGE }),
  permissions: z.array(z.string().max(80)).max(500),
  dataScope,
  productIds,
});
export type RoleSaveRequest = z.input<typeof roleSaveBodySchema>;

export const roleIdBodySchema = z.object({ id: z.string().min(1).max(64) });
export const roleDeletedSchema = z.object({ id: z.string() });
export type RoleDeleted = z.infer<typeof roleDeletedSchema>;

/** Gives an account a role, or with no `roleId` cancels its authorization. */
export const roleAssignBodySchema = z.object({
  accountId: entityId('accountId'),
  roleId: z.string().max(64).optional(),
});
export type RoleAssignRequest = z.input<typeof roleAssignBodySchema>;

export const authorizationListBodySchema = z.object({ keyword, ...paging });
export const authorizationSchema = z.object({
  account: adminAccountSchema,
  /** The codes the account holds now (its role's, within what its kind may hold). */
  permissions: z.array(z.string()),
  assignedAt: z.string().nullable(),
});
export type Authorization = z.infer<typeof authorizationSchema>;

export const productOptionSchema = z.object({
  id: z.string(),
  title: z.string(),
  productModel: z.string().nullable(),
});
export type ProductOption = z.infer<typeof productOptionSchema>;

/**
 * What the caller may grant (the grant ceiling): the console offers only these codes, every product
 * only with `allProducts`, and debug rights only with `debug`.
 */
export const grantCeilingSchema = z.object({
  superManager: z.boolean(),
  codes: z.array(z.string()),
  allProducts: z.boolean(),
  /** With `allProducts` false: the products the caller's data permission names. */
  productIds: z.array(z.string()),
  debug: z.boolean(),
});
export type GrantCeiling = z.infer<typeof grantCeilingSchema>;

// Dealers ----------------------------------------------------------------------------------------

export const organisationIdSchema = z
  .string()
  .trim()
  .transform((value) => value.toUpperCase())
  .pipe(z.string().regex(ORGANISATION_ID_PATTERN, 'catalogue:2213'));

const customerList = limitedList(z.string().trim().min(1).max(50), MAX_DEALER_CUSTOMERS, '2223');

const dealerScopeFields = {
  dataScope,
  productIds,
  /** Debug rights: the dealer may write values to the devices it sees. */
  canDebug: z.preprocess((value) => value === true || value === 'true' || value === '1', z.boolean()),
  /** The dealer's customers, by username or phone. */
  customers: customerList,
};

export const dealerCertifyBodySchema = z.object({
  /** The end-user account to certify, by username or phone. */
  account: z.string().trim().min(1, 'catalogue:1001').max(50),
  organisationId: organisationIdSchema,
  ...dealerScopeFields,
});
export type DealerCertifyRequest = z.input<typeof dealerCertifyBodySchema>;

export const dealerEditBodySchema = z.object({ accountId: entityId('accountId'), ...dealerScopeFields });
export type DealerEditRequest = z.input<typeof dealerEditBodySchema>;
export const dealerAccountBodySchema = z.object({ accountId: entityId('accountId') });
export const dealerCancelledSchema = z.object({ accountId: z.string() });
export type DealerCancelled = z.infer<typeof dealerCancelledSchema>;
export const dealerListBodySchema = z.object({ keyword, ...paging });

export const dealerSchema = z.object({
  account: adminAccountSchema,
  organisationId: z.string(),
  dataScope: z.enum(DATA_SCOPES),
  productIds: z.array(z.string()),
  canDebug: z.boolean(),
  customers: z.array(
    z.object({
      id: z.string(),
      username: z.string().nullable(),
      name: z.string().nullable(),
      tel: z.string().nullable(),
    }),
  ),
  certifiedAt: z.string(),
});
export type Dealer = z.infer<typeof dealerSchema>;

// Enterprise certification ----------------------------------------------------------------------

export const CERTIFICATION_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type CertificationStatus = (typeof CERTIFICATION_STATUSES)[number];

export const certificationApplyBodySchema = z.object({
  /** The enterprise's name (§5: at most 20). */
  company: text('company', ENTERPRISE_NAME_MAX_LENGTH).pipe(z.string().min(1, 'catalogue:1001')),
  licenceNumber: text('licenceNumber', LICENCE_NUMBER_MAX_LENGTH).pipe(z.string().min(1, 'catalogue:1001')),
  address: text('address', ADDRESS_MAX_LENGTH).pipe(z.string().min(1, 'catalogue:1001')),
  contacts: text('contacts', CONTACTS_MAX_LENGTH).pipe(z.string().min(1, 'catalogue:1001')),
});
export type CertificationApplyRequest = z.input<typeof certificationApplyBodySchema>;

export const certificationSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  username: z.string().nullable(),
  tel: z.string().nullable(),
  company: z.string(),
  licenceNumber: z.string(),
  address: z.string(),
  contacts: z.string(),
  status: z.enum(CERTIFICATION_STATUSES),
  reason: z.string().nullable(),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Certification = z.infer<typeof certificationSchema>;

/** The applicant's view: account type now and the latest request, if any. */
export const myCertificationSchema = z.object({
  accountType: z.enum(ACCOUNT_TYPES),
  company: z.string().nullable(),
  latest: certificationSchema.nullable(),
});
export type MyCertification = z.infer<typeof myCertificationSchema>;

export const certificationListBodySchema = z.object({
  status: z.enum(CERTIFICATION_STATUSES, { error: INVALID_FIELD_MESSAGE }).optional(),
  keyword,
  ...paging,
});
export type CertificationListQuery = z.input<typeof certificationListBodySchema>;

export const certificationDecideBodySchema = z
  .object({
    id: entityId('id'),
    decision: z.enum(['approve', 'reject'], { error: INVALID_FIELD_MESSAGE }),
    reason: text('reason', REJECT_REASON_MAX_LENGTH).optional(),
  })
  .refine((body) => body.decision === 'approve' || Boolean(body.reason), {
    message: 'catalogue:2220',
    path: ['reason'],
  });
export type CertificationDecideRequest = z.input<typeof certificationDecideBodySchema>;
