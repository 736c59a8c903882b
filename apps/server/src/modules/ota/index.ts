/**
 * OTA upgrade tasks: `createOtaModule` builds the service over the catalogue's products, the MQTT
 * transport and the firmware files, takes the gateways' `up/ota` reports and statuses from the
 * gateway link, and registers the product/ota paths.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { MqttTransport } from '../../mqtt/transport.ts';
import type { Catalogue } from '../catalogue.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';
import { OtaRepository } from './ota.repository.ts';
import { registerOtaRoutes } from './ota.routes.ts';
import { OtaService } from './ota.service.ts';

export interface OtaModuleOptions {
  db: Database;
  catalogue: Catalogue;
  transport: Pick<MqttTransport, 'publish'>;
  link: Pick<GatewayLinkService, 'handleOtaReports' | 'onGatewayStatus'>;
  logger: FastifyBaseLogger;
  now: () => number;
}

export function createOtaModule(options: OtaModuleOptions) {
  const service = new OtaService({
    repository: new OtaRepository(options.db),
    products: options.catalogue.services.products,
    transport: options.transport,
    logger: options.logger,
    now: options.now,
  });
  options.link.handleOtaReports((sn, report) => service.handleReport(sn, report));
  options.link.onGatewayStatus((sn) => service.handleGatewayStatus(sn));
  return {
    service,
    registerRoutes: (api: FastifyInstance) => registerOtaRoutes(api, service),
  };
}

export type OtaModule = ReturnType<typeof createOtaModule>;
