/**
 * Computed variables and edge scripts on the platform: the formula and script paths, and the
 * store of what gateways report about their scripts. `createEdgeLogicModule` builds it over the
 * catalogue's services; the runtime hands it each `up/script` report, whose device writes go to the
 * device log.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ScriptWrite } from '@lyyp/contracts/protocol';
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
  /** Where the device writes scripts report go: the device log, like every other write. */
  audit: { scriptWrites(deviceId: string, writes: readonly ScriptWrite[]): Promise<void> };
  logger: FastifyBaseLogger;
  now: () => number;
}

export function createEdgeLogicModule({ db, catalogue, link, audit, logger, now }: EdgeLogicModuleOptions) {
  const service = new EdgeLogicService({
    products: catalogue.services.products,
    models: catalogue.services.models,
    access: catalogue.deviceAccess,
    productRows: catalogue.repositories.products,
    states: new ScriptStateRepository(db),
    now,
  });
  link.handleScriptReports(async (deviceId, report) => {
    // The writes first: a report that fails afterwards is sent again, and its writes count once.
    await audit.scriptWrites(deviceId, report.writes ?? []);
    if (report.writesDropped)
      logger.warn(
        { deviceId, dropped: report.writesDropped },
        'script writes the gateway could not keep for the audit',
      );
    await service.recordReport(deviceId, report);
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerEdgeLogicRoutes(api, service),
  };
}

export type EdgeLogicModule = ReturnType<typeof createEdgeLogicModule>;
