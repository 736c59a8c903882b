/**
 * Per-device configuration (docs/device-configuration.md): a device's own driver addresses over
 * its product's model. `createDeviceConfigModule` builds it over the catalogue and the gateway link.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Catalogue } from '../catalogue.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';
import { DeviceConfigRepository } from './device-config.repository.ts';
import { registerDeviceConfigRoutes } from './device-config.routes.ts';
import { DeviceConfigService } from './device-config.service.ts';

export interface DeviceConfigModuleOptions {
  db: Database;
  catalogue: Catalogue;
  link: Pick<GatewayLinkService, 'pushConfig'>;
  now: () => number;
}

export function createDeviceConfigModule({ db, catalogue, link, now }: DeviceConfigModuleOptions) {
  const service = new DeviceConfigService({
    configs: new DeviceConfigRepository(db),
    access: catalogue.deviceAccess,
    products: catalogue.repositories.products,
    gateways: catalogue.repositories.gateways,
    push: (deviceId) => link.pushConfig(deviceId),
    now,
  });
  return { service, registerRoutes: (api: FastifyInstance) => registerDeviceConfigRoutes(api, service) };
}
