/**
 * Per-device configuration (docs/device-configuration.md): a device's own driver addresses over
 * its product's model, and templates (named, versioned configurations bound to devices).
 * `createDeviceConfigModule` builds it over the catalogue and the gateway link.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client.ts';
import type { Catalogue } from '../catalogue.ts';
import type { GatewayLinkService } from '../telemetry/gateway-link.service.ts';
import { DeviceConfigRepository } from './device-config.repository.ts';
import { registerDeviceConfigRoutes } from './device-config.routes.ts';
import { DeviceConfigService } from './device-config.service.ts';
import { DeviceTemplateRepository } from './device-template.repository.ts';
import { registerDeviceTemplateRoutes } from './device-template.routes.ts';
import { DeviceTemplateService } from './device-template.service.ts';

export interface DeviceConfigModuleOptions {
  db: Database;
  catalogue: Catalogue;
  link: Pick<GatewayLinkService, 'pushConfig' | 'retainConfig'>;
  now: () => number;
}

export function createDeviceConfigModule({ db, catalogue, link, now }: DeviceConfigModuleOptions) {
  const configs = new DeviceConfigRepository(db);
  const push = (deviceId: string) => link.pushConfig(deviceId);
  const retain = (deviceId: string) => link.retainConfig(deviceId);
  const service = new DeviceConfigService({
    configs,
    access: catalogue.deviceAccess,
    products: catalogue.repositories.products,
    gateways: catalogue.repositories.gateways,
    push,
    retain,
    now,
  });
  const templates = new DeviceTemplateService({
    templates: new DeviceTemplateRepository(db),
    configs,
    access: catalogue.deviceAccess,
    products: catalogue.repositories.products,
    gateways: catalogue.repositories.gateways,
    push,
    retain,
    now,
  });
  return {
    service,
    templates,
    registerRoutes: (api: FastifyInstance) => {
      registerDeviceConfigRoutes(api, service);
      registerDeviceTemplateRoutes(api, templates);
    },
  };
}
