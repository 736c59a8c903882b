/**
 * Typed calls of administration (`/admin/*`) and of the applicant's enterprise certification
 * (`/account/company/authentication/*`). Shapes are the contract's (`@lyyp/contracts/admin`);
 * lists (codes, product ids, customers) go as JSON.
 */
import type { Page } from '@lyyp/contracts';
import {
  ADMIN_API_PATHS,
  type AccountAddRequest,
  type AccountDeleted,
  type AccountListQuery,
  type AccountSetStatusRequest,
  type AdminAccount,
  type Authorization,
  type Certification,
  type CertificationApplyRequest,
  type CertificationDecideRequest,
  type CertificationListQuery,
  type Dealer,
  type DealerCertifyRequest,
  type DealerEditRequest,
  type GrantCeiling,
  type IssuedPassword,
  type MyCertification,
  type ProductOption,
  type Role,
  type RoleAssignRequest,
  type RoleSaveRequest,
  type RoleDeleted,
  type DealerCancelled,
} from '@lyyp/contracts/admin';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  AccountAddRequest,
  AccountListKind,
  AdminAccount,
  Authorization,
  Certification,
  CertificationApplyRequest,
  Dealer,
  DealerCertifyRequest,
  DealerEditRequest,
  IssuedPassword,
  MyCertification,
  ProductOption,
  Role,
  RoleSaveRequest,
} from '@lyyp/contracts/admin';

type AdminPage<T> = Page<T>;

const json = { encoding: 'json' } as const;

export function createAdminApi(client: ApiClient) {
  return {
    listAccounts: (query: AccountListQuery) =>
      client.post<AdminPage<AdminAccount>>(ADMIN_API_PATHS.accountList, { ...query }),
    accountDetail: (id: string) => client.post<AdminAccount>(ADMIN_API_PATHS.accountDetail, { id }),
    addAccount: (request: AccountAddRequest) =>
      client.post<IssuedPassword>(ADMIN_API_PATHS.accountAdd, { ...request }),
    resetPassword: (id: string) => client.post<IssuedPassword>(ADMIN_API_PATHS.accountResetPassword, { id }),
    setStatus: (request: AccountSetStatusRequest) =>
      client.post<AdminAccount>(ADMIN_API_PATHS.accountSetStatus, { ...request }),
    deleteAccount: (id: string) => client.post<AccountDeleted>(ADMIN_API_PATHS.accountDelete, { id }),
    listRoles: () => client.post<Role[]>(ADMIN_API_PATHS.roleList),
    saveRole: (request: RoleSaveRequest) => client.post<Role>(ADMIN_API_PATHS.roleSave, { ...request }, json),
    deleteRole: (id: string) => client.post<RoleDeleted>(ADMIN_API_PATHS.roleDelete, { id }),
    assignRole: (request: RoleAssignRequest) =>
      client.post<Authorization>(ADMIN_API_PATHS.roleAssign, { ...request }, json),
    listAuthorizations: (query: { keyword?: string; page?: number; pageSize?: number }) =>
      client.post<AdminPage<Authorization>>(ADMIN_API_PATHS.authorizationList, { ...query }),
    productOptions: () => client.post<ProductOption[]>(ADMIN_API_PATHS.productOptions),
    grantCeiling: () => client.post<GrantCeiling>(ADMIN_API_PATHS.grantCeiling),
    listDealers: (query: { keyword?: string; page?: number; pageSize?: number }) =>
      client.post<AdminPage<Dealer>>(ADMIN_API_PATHS.dealerList, { ...query }),
    dealerDetail: (accountId: string) => client.post<Dealer>(ADMIN_API_PATHS.dealerDetail, { accountId }),
    certifyDealer: (request: DealerCertifyRequest) =>
      client.post<Dealer>(ADMIN_API_PATHS.dealerCertify, { ...request }, json),
    editDealer: (request: DealerEditRequest) =>
      client.post<Dealer>(ADMIN_API_PATHS.dealerEdit, { ...request }, json),
    cancelDealer: (accountId: string) =>
      client.post<DealerCancelled>(ADMIN_API_PATHS.dealerCancel, { accountId }),
    listCertifications: (query: CertificationListQuery) =>
      client.post<AdminPage<Certification>>(ADMIN_API_PATHS.certificationList, { ...query }),
    decideCertification: (request: CertificationDecideRequest) =>
      client.post<Certification>(ADMIN_API_PATHS.certificationDecide, { ...request }),
    myCertification: () => client.post<MyCertification>(ADMIN_API_PATHS.certificationMine),
    applyCertification: (request: CertificationApplyRequest) =>
      client.post<MyCertification>(ADMIN_API_PATHS.certificationApply, { ...request }),
  };
}

export type AdminApi = ReturnType<typeof createAdminApi>;

export const adminApi = createAdminApi(apiClient);
