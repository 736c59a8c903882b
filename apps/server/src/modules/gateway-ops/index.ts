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

export function createGatewayOpsModule(deps: {
  db: Database;
  catalogue: Catalogue;
  limiter: AttemptLimiter;
  commands: GatewayOpsServiceDeps['commands'];
  link: GatewayOpsServiceDeps['link'];
  events: GatewayOpsServiceDeps['events'];
  now: () => number;
  reportFailure: GatewayOpsServiceDeps['reportFailure'];
}) {
  const service = new GatewayOpsService({
    repository: new GatewayOpsRepository(deps.db),
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
