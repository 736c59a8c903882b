/**
 * Gateway operations of a device (docs/fleet.md): replacement, factory reset, clearing data,
 * remote settings and restart. `createGatewayOpsModule` builds them over the catalogue's access
 * policy, the command channel, the gateway link and the device log.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { Catalogue } from '../catalogue.ts';
import type { GatewayOpsServiceDeps } from './gateway-ops.service.ts';
import { GatewayOpsRepository } from './gateway-ops.repository.ts';
import { registerGatewayOpsRoutes } from './gateway-ops.routes.ts';
import { GatewayOpsService } from './gateway-ops.service.ts';
import { recordRunningSettings } from './running-settings.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';

export function createGatewayOpsModule(deps: {
  db: Database;
  catalogue: Catalogue;
  limiter: AttemptLimiter;
  commands: GatewayOpsServiceDeps['commands'];
  link: GatewayOpsServiceDeps['link'] & Pick<GatewayLinkService, 'onGatewayStatus'>;
  events: GatewayOpsServiceDeps['events'];
  now: () => number;
  reportFailure: GatewayOpsServiceDeps['reportFailure'];
}) {
  const repository = new GatewayOpsRepository(deps.db);
  // What the agent runs after it started decides whether its restart-required settings are in force.
  deps.link.onGatewayStatus(async (sn, status) => {
    if (status) await recordRunningSettings(repository, sn, status);
  });
  const service = new GatewayOpsService({
    repository,
    gateways: deps.catalogue.repositories.gateways,
    access: deps.catalogue.deviceAccess,
    limiter: deps.limiter,
    commands: deps.commands,
    link: deps.link,
    events: deps.events,
    now: deps.now,
    reportFailure: deps.reportFailure,
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerGatewayOpsRoutes(api, service),
  };
}
