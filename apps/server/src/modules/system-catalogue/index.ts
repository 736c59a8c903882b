/**
 * The system catalogue module: app versions, agreements, protocols and driver models. The agreement
 * service is also what registration records acceptances through, and the driver model service is
 * the check product drivers pass (both handed out by `createSystemCatalogueModule`).
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import { AgreementRepository } from './agreement.repository.ts';
import { AgreementService } from './agreement.service.ts';
import { AppVersionRepository } from './app-version.repository.ts';
import { AppVersionService } from './app-version.service.ts';
import { DriverModelRepository } from './driver-model.repository.ts';
import { DriverModelService } from './driver-model.service.ts';
import { registerSystemScreenRoutes } from './system-catalogue.routes.ts';

export function createSystemCatalogueModule(db: Database, now: () => number) {
  const appVersions = new AppVersionService(new AppVersionRepository(db), now);
  const agreements = new AgreementService(new AgreementRepository(db), now);
  const driverModels = new DriverModelService(new DriverModelRepository(db), now);
  return {
    agreements,
    driverModels,
    registerRoutes(api: FastifyInstance) {
      registerSystemScreenRoutes(api, { appVersions, agreements, driverModels });
    },
  };
}

export type SystemCatalogueModule = ReturnType<typeof createSystemCatalogueModule>;
export type { AgreementAcceptance } from './agreement.service.ts';
export type { DriverModelCheck } from './driver-model.service.ts';
