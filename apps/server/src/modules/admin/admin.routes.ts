/**
 * Administration paths (`/admin/*`) and the applicant's side of enterprise certification
 * (`/account/company/authentication/*`). Thin: each declares its permission (shown in the OpenAPI
 * document as `x-permission`), validates with the contract and calls a service.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  ADMIN_API_PATHS,
  accountAddBodySchema,
  accountDeletedSchema,
  accountIdBodySchema,
  accountListBodySchema,
  accountSetStatusBodySchema,
  adminAccountSchema,
  adminPageSchema,
  authorizationListBodySchema,
  authorizationSchema,
  certificationApplyBodySchema,
  certificationDecideBodySchema,
  certificationListBodySchema,
  certificationSchema,
  dealerAccountBodySchema,
  dealerCancelledSchema,
  dealerCertifyBodySchema,
  dealerEditBodySchema,
  dealerListBodySchema,
  dealerSchema,
  grantCeilingSchema,
  issuedPasswordSchema,
  myCertificationSchema,
  productOptionSchema,
  roleAssignBodySchema,
  roleDeletedSchema,
  roleIdBodySchema,
  roleSaveBodySchema,
  roleSchema,
} from '@lyyp/contracts/admin';
import { ok } from '../../lib/envelope.ts';
import { sessionOf } from '../../plugins/session.ts';
import { postRoute } from '../product/catalogue-route.ts';
import { viewerOf } from '../device/viewer.ts';
import type { AdminCaller } from './admin-caller.ts';
import type { AccountAdminService } from './account-admin.service.ts';
import type { AdminRepository } from './admin.repository.ts';
import type { CertificationService } from './certification.service.ts';
import type { DealerService } from './dealer.service.ts';
import type { RoleService } from './role.service.ts';

function adminCallerOf(request: FastifyRequest): AdminCaller {
  return { account: sessionOf(request).account, locale: request.locale, address: request.ip };
}

/** The admin services the routes call. */
export interface AdminServices {
  repository: AdminRepository;
  accounts: AccountAdminService;
  roles: RoleService;
  dealers: DealerService;
  certifications: CertificationService;
}

export function registerAdminRoutes(app: FastifyInstance, services: AdminServices) {
  const { accounts, roles, dealers, certifications, repository } = services;
  const accountTags = ['admin: accounts'];
  const roleTags = ['admin: roles and authorization'];
  const dealerTags = ['admin: dealers'];
  const certificationTags = ['admin: enterprise certification'];
  // The account lists need the list's own code; the service checks it against the account's kind.
  const anyAccountList = app.allow('account.list');
  const administering = app.allow('account.administer');
  const assigning = app.allow('role.assign');
  const choosingProducts = app.allow('admin.productOptions');

  postRoute(
    app,
    ADMIN_API_PATHS.accountList,
    {
      tags: accountTags,
      summary:
        'Accounts of one list (op: operation staff, dev: developers, ter: end users), with search and paging',
      guard: anyAccountList,
      body: accountListBodySchema,
      answer: adminPageSchema(adminAccountSchema),
    },
    async (request) => ok(await accounts.list(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.accountDetail,
    {
      tags: accountTags,
      summary: 'One account',
      guard: anyAccountList,
      body: accountIdBodySchema,
      answer: adminAccountSchema,
    },
    async (request) => ok(await accounts.detail(adminCallerOf(request), request.body.id)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.accountAdd,
    {
      tags: accountTags,
      summary: 'New operation staff or developer account; answers its password once',
      guard: app.allow('account.create'),
      body: accountAddBodySchema,
      answer: issuedPasswordSchema,
    },
    async (request) => ok(await accounts.add(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.accountResetPassword,
    {
      tags: accountTags,
      summary: 'New random password, answered once; the account’s sessions end',
      guard: administering,
      body: accountIdBodySchema,
      answer: issuedPasswordSchema,
    },
    async (request) => ok(await accounts.resetPassword(adminCallerOf(request), request.body.id)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.accountSetStatus,
    {
      tags: accountTags,
      summary: 'Enable or disable; a disabled account cannot sign in and its sessions end at once',
      guard: administering,
      body: accountSetStatusBodySchema,
      answer: adminAccountSchema,
    },
    async (request) => ok(await accounts.setStatus(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.accountDelete,
    {
      tags: accountTags,
      summary: 'Delete; its devices, products (with pages) and gateways move to the super manager',
      guard: administering,
      body: accountIdBodySchema,
      answer: accountDeletedSchema,
    },
    async (request) => ok(await accounts.delete(adminCallerOf(request), request.body.id)),
  );

  postRoute(
    app,
    ADMIN_API_PATHS.roleList,
    {
      tags: roleTags,
      summary: 'Built-in and staff-created roles with their menu codes and data permission',
      guard: app.allow('role.list'),
      answer: z.array(roleSchema),
    },
    async (request) => ok(await roles.list(request.locale)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.roleSave,
    {
      tags: roleTags,
      summary: 'Create a role (no id) or change one; holders get the new codes on their next request',
      guard: app.allow('role.edit'),
      body: roleSaveBodySchema,
      answer: roleSchema,
    },
    async (request) => ok(await roles.save(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.roleDelete,
    {
      tags: roleTags,
      summary: 'Delete a staff-created role nobody holds',
      guard: app.allow('role.edit'),
      body: roleIdBodySchema,
      answer: roleDeletedSchema,
    },
    async (request) => ok(await roles.delete(adminCallerOf(request), request.body.id)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.roleAssign,
    {
      tags: roleTags,
      summary: 'Give an account a role, or without roleId cancel its authorization (effective at once)',
      guard: assigning,
      body: roleAssignBodySchema,
      answer: authorizationSchema,
    },
    async (request) => ok(await roles.assign(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.authorizationList,
    {
      tags: roleTags,
      summary: 'Staff and developers holding a role, with the codes they hold now',
      guard: app.allow('authorization.list'),
      body: authorizationListBodySchema,
      answer: adminPageSchema(authorizationSchema),
    },
    async (request) => ok(await roles.authorizations(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.productOptions,
    {
      tags: roleTags,
      summary: 'Every product (id, title, model), to choose data permission from',
      guard: choosingProducts,
      answer: z.array(productOptionSchema),
    },
    async (request) => ok(await repository.productOptions(viewerOf(sessionOf(request).account))),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.grantCeiling,
    {
      tags: roleTags,
      summary: 'What the caller may grant: their codes, their data permission and debug rights',
      guard: choosingProducts,
      answer: grantCeilingSchema,
    },
    async (request) => ok(await roles.grantCeiling(adminCallerOf(request))),
  );

  postRoute(
    app,
    ADMIN_API_PATHS.dealerList,
    {
      tags: dealerTags,
      summary: 'Certified dealers with their data permission and customers',
      guard: app.allow('dealer.list'),
      body: dealerListBodySchema,
      answer: adminPageSchema(dealerSchema),
    },
    async (request) => ok(await dealers.list(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.dealerDetail,
    {
      tags: dealerTags,
      summary: 'One dealer',
      guard: app.allow('dealer.detail'),
      body: dealerAccountBodySchema,
      answer: dealerSchema,
    },
    async (request) => ok(await dealers.detail(adminCallerOf(request), request.body.accountId)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.dealerCertify,
    {
      tags: dealerTags,
      summary: 'Certify an end-user account as dealer by organisation id, with its data permission',
      guard: app.allow('dealer.certify'),
      body: dealerCertifyBodySchema,
      answer: dealerSchema,
    },
    async (request) => ok(await dealers.certify(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.dealerEdit,
    {
      tags: dealerTags,
      summary: 'Change a dealer’s products, debug rights and customers; they all sign in again',
      guard: app.allow('dealer.certify'),
      body: dealerEditBodySchema,
      answer: dealerSchema,
    },
    async (request) => ok(await dealers.edit(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.dealerCancel,
    {
      tags: dealerTags,
      summary: 'Cancel a dealer certification; access ends at once',
      guard: app.allow('dealer.certify'),
      body: dealerAccountBodySchema,
      answer: dealerCancelledSchema,
    },
    async (request) => ok(await dealers.cancel(adminCallerOf(request), request.body.accountId)),
  );

  postRoute(
    app,
    ADMIN_API_PATHS.certificationList,
    {
      tags: certificationTags,
      summary: 'Enterprise certification requests, newest first, by status',
      guard: app.allow('certification.list'),
      body: certificationListBodySchema,
      answer: adminPageSchema(certificationSchema),
    },
    async (request) => ok(await certifications.list(request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.certificationDecide,
    {
      tags: certificationTags,
      summary: 'Approve (the account becomes an enterprise account) or reject with a reason',
      guard: app.allow('certification.decide'),
      body: certificationDecideBodySchema,
      answer: certificationSchema,
    },
    async (request) => ok(await certifications.decide(adminCallerOf(request), request.body)),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.certificationMine,
    {
      tags: certificationTags,
      summary: 'My account type and latest enterprise certification request',
      guard: app.allow('account.profile'),
      answer: myCertificationSchema,
    },
    async (request) => ok(await certifications.mine(adminCallerOf(request))),
  );
  postRoute(
    app,
    ADMIN_API_PATHS.certificationApply,
    {
      tags: certificationTags,
      summary: 'Apply for enterprise certification: company name, licence number, address, contact',
      guard: app.allow('account.profile'),
      body: certificationApplyBodySchema,
      answer: myCertificationSchema,
    },
    async (request) => ok(await certifications.apply(adminCallerOf(request), request.body)),
  );
}
