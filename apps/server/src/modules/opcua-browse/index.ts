/**
 * The OPC UA tag browser (docs/integration.md, section 12): browsing a product's OPC UA server
 * through a device's gateway over the command path, the gateways' certificate thumbprints from
 * their status, and certificate files checked on upload. `createOpcUaBrowseModule` wires it to the
 * catalogue's access policy, the command store, the gateway link and the bus.
 */
import type { FastifyInstance } from 'fastify';
import type { Bus } from '../../bus/bus.ts';
import type { Database } from '../../db/client.ts';
import type { MqttTransport } from '../../mqtt/transport.ts';
import type { Catalogue } from '../catalogue.ts';
import { CommandRepository } from '../command/command.repository.ts';
import type { CommandService } from '../command/command.service.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';
import type { GatewayLiveness } from '../telemetry/gateway-liveness.ts';
import type { RuntimeRepository } from '../telemetry/runtime.repository.ts';
import { OpcUaBrowseRepository } from './opcua-browse.repository.ts';
import { registerOpcUaBrowseRoutes } from './opcua-browse.routes.ts';
import { OpcUaBrowseService } from './opcua-browse.service.ts';

export function createOpcUaBrowseModule(deps: {
  db: Database;
  catalogue: Catalogue;
  runtime: RuntimeRepository;
  commands: Pick<CommandService, 'onReplying'>;
  link: Pick<GatewayLinkService, 'onGatewayStatus'>;
  liveness: Pick<GatewayLiveness, 'presenceOf'>;
  transport: Pick<MqttTransport, 'publish'>;
  bus: Bus;
  now: () => number;
  waitMs?: number;
}) {
  const repository = new OpcUaBrowseRepository(deps.db);
  const service = new OpcUaBrowseService({
    repository,
    commands: new CommandRepository(deps.db),
    runtime: deps.runtime,
    products: deps.catalogue.services.products,
    access: deps.catalogue.deviceAccess,
    liveness: deps.liveness,
    transport: deps.transport,
    bus: deps.bus,
    now: deps.now,
    ...(deps.waitMs !== undefined ? { waitMs: deps.waitMs } : {}),
  });
  deps.commands.onReplying((sn, reply) => service.handleReply(sn, reply));
  deps.link.onGatewayStatus(async (sn, status) => {
    if (status?.opcuaThumbprint) await repository.recordThumbprint(sn, status.opcuaThumbprint);
  });
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerOpcUaBrowseRoutes(api, service),
  };
}
