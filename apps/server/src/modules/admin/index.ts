/**
 * The administration module: accounts, roles and authorization, dealers, enterprise certification,
 * and the audit of it all. `permissions` is what the session reads at every request.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Bus } from '../../bus/bus.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import { accountChangeAnnouncer } from '../session/account-change.ts';
import { AccountAdminService } from './account-admin.service.ts';
import { AdminRepository } from './admin.repository.ts';
import { registerAdminRoutes, type AdminServices } from './admin.routes.ts';
import { CertificationService } from './certification.service.ts';
import { CurrentPermissions } from './current-permissions.ts';
import { DealerService } from './dealer.service.ts';
import { RoleService } from './role.service.ts';

export type { AdminServices } from './admin.routes.ts';

export function createAdminModule(deps: {
  db: Database;
  accounts: AccountRepository;
  now: () => number;
  /** Where changes to accounts' sessions and rights are announced (the live channel follows them). */
  bus?: Pick<Bus, 'publish'>;
}) {
  const repository = new AdminRepository(deps.db);
  const announce = accountChangeAnnouncer(deps.bus);
  const roles = new RoleService(repository, deps.now, announce);
  const services: AdminServices = {
    repository,
    roles,
    accounts: new AccountAdminService(repository, deps.accounts, roles, deps.now, announce),
    dealers: new DealerService(repository, deps.now, announce),
    certifications: new CertificationService(repository, deps.accounts, deps.now, announce),
  };
  return {
    permissions: new CurrentPermissions(repository),
    services,
    registerRoutes: (app: FastifyInstance) => registerAdminRoutes(app, services),
  };
}

export type AdminModule = ReturnType<typeof createAdminModule>;
