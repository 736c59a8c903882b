/**
 * Computed variables and edge scripts on the platform: the formula and script paths, and the
 * store of what gateways report about their scripts. `createEdgeLogicModule` builds it over the
 * catalogue's services; the runtime hands it each `up/script` report.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Catalogue } from '../catalogue.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';
import { registerEdgeLogicRoutes } from './edge-logic.routes.ts';
import { EdgeLogicService } from './edge-logic.service.ts';
import { ScriptStateRepository } from './script-state.repository.ts';

export interface EdgeLogicModuleOptions {
  db: Database;
  catalogue: Catalogue;
  /** The gateway link whose `up/script` reports are stored. */
  link: Pick<GatewayLinkService, 'handleScriptReports'>;
  now: () => number;
}

export function createEdgeLogicModule({ db, catalogue, link, now }: EdgeLogicModuleOptions) {
  const service = new EdgeLogicService({
    products: catalogue.services.products,
    models: catalogue.services.models,
    access: catalogue.deviceAccess,
    productRows: catalogue.repositories.products,
    states: new ScriptStateRepository(db),
    now,
  });
  link.handleScriptReports((deviceId, report) => service.recordReport(deviceId, report));
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerEdgeLogicRoutes(api, service),
  };
}

export type EdgeLogicModule = ReturnType<typeof createEdgeLogicModule>;
