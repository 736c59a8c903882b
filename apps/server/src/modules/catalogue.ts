/**
 * The catalogue: products with their drivers and variables, gateways, devices bound to them, and
 * the hardware models gateways are and products are built for (the capacity source).
 * `createCatalogue` builds its repositories, services and access policy over one database and
 * answers what the HTTP layer registers and what the runtime (ingest, commands, live values)
 * needs: the device access policy, the repositories and the configuration a gateway runs.
 */
import { Authorizer, PolicyRelationRepository } from '../policy/index.ts';
import type { DriverModelCheck } from './system-catalogue/driver-model.service.ts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { AttemptLimiter } from './auth/attempt-limiter.ts';
import { AuthRepository } from './auth/auth.repository.ts';
import { DeviceAccess } from './device/device-access.ts';
import { DeviceRepository } from './device/device.repository.ts';
import { registerDeviceRoutes } from './device/device.routes.ts';
import { DeviceService } from './device/device.service.ts';
import { GatewayRepository } from './gateway/gateway.repository.ts';
import { createHardwareModule } from './hardware/index.ts';
import { registerGatewayRoutes } from './gateway/gateway.routes.ts';
import { GatewayService } from './gateway/gateway.service.ts';
import { deriveGatewayConfig } from './product/gateway-config.ts';
import { ProductModelService } from './product/product-model.service.ts';
import { ProductRepository } from './product/product.repository.ts';
import { registerProductRoutes } from './product/product.routes.ts';
import { ProductService } from './product/product.service.ts';
import { ProductBundleRepository } from './product/product-bundle.repository.ts';

export interface CatalogueHooks {
  /** A product's model changed (its version grew): push the new configuration to its gateways. */
  onModelChanged(productId: string): Promise<void>;
  /** A device was bound to a gateway: give that gateway its configuration. */
  onDeviceBound(deviceId: string): Promise<void>;
  /** A device was unbound: its gateway should stop running the old configuration. */
  onDeviceUnbound?(gatewaySn: string): Promise<void>;
  /** A gateway's secret was replaced: close its broker connection; answers whether one was open. */
  onSecretRotated?(gatewaySn: string): Promise<boolean>;
}

export interface CatalogueOptions {
  /** Milliseconds since the epoch; tests move time with it. */
  now?: () => number;
  /** The driver models a product's driver may name (system module). */
  driverModels?: DriverModelCheck;
  /** Where a failing hook is reported; by default the log of the instance routes are registered on. */
  log?: Pick<FastifyBaseLogger, 'warn'>;
  /** Broker address the gateway credentials show the edge agent (a function: read when asked). */
  mqttUrl?: string | (() => string);
}

/** Shown until the platform knows the address agents reach it at. */
export const DEFAULT_AGENT_MQTT_URL = 'mqtt://<platform-host>:1883';

export function createCatalogue(db: Database, hooks: CatalogueHooks, options: CatalogueOptions = {}) {
  const now = options.now ?? Date.now;
  let log = options.log;
  // A model or device is stored before its hook runs; a failing push must not fail the request.
  const reportHookFailure = (error: unknown, context: Record<string, string>) =>
    log?.warn({ err: error, ...context }, 'catalogue hook failed');

  const products = new ProductRepository(db);
  const gateways = new GatewayRepository(db);
  const devices = new DeviceRepository(db);
  const authorizer = new Authorizer(new PolicyRelationRepository(db));
  const deviceAccess = new DeviceAccess(devices, authorizer);

  const hardware = createHardwareModule(db);
  const productService = new ProductService(
    products,
    now,
    hardware.repository,
    authorizer,
    options.driverModels,
    new ProductBundleRepository(db),
  );
  const modelService = new ProductModelService(
    products,
    productService,
    (productId) => hooks.onModelChanged(productId),
    reportHookFailure,
    options.driverModels,
  );
  const gatewayService = new GatewayService(gateways, {
    authorizer,
    mqttUrl: options.mqttUrl ?? DEFAULT_AGENT_MQTT_URL,
    models: hardware.repository,
    disconnect: async (sn) => (await hooks.onSecretRotated?.(sn)) ?? false,
    productExists: async (productId) => (await products.findById(productId)) !== undefined,
  });
  const deviceService = new DeviceService({
    devices,
    gateways,
    products,
    access: deviceAccess,
    limiter: new AttemptLimiter(new AuthRepository(db), now),
    onDeviceBound: (deviceId) => hooks.onDeviceBound(deviceId),
    onDeviceUnbound: (gatewaySn) => hooks.onDeviceUnbound?.(gatewaySn) ?? Promise.resolve(),
    reportHookFailure,
  });

  return {
    /** Registers every catalogue path; call it inside the API_PREFIX scope. */
    registerRoutes(api: FastifyInstance): void {
      log ??= api.log;
      registerProductRoutes(api, { products: productService, models: modelService });
      registerGatewayRoutes(api, { gateways: gatewayService });
      registerDeviceRoutes(api, { devices: deviceService });
      hardware.registerRoutes(api);
    },
    /** `findVisibleDevice(account, id)` and `authorize(account, action, device)` for every device path. */
    deviceAccess,
    /** The policy's one decision (`authorize`), for objects other than devices. */
    authorizer,
    repositories: { products, gateways, devices, hardwareModels: hardware.repository },
    services: {
      products: productService,
      models: modelService,
      gateways: gatewayService,
      devices: deviceService,
      hardwareModels: hardware.service,
    },
    /** The configuration (version and model) a gateway of a product runs. */
    deriveGatewayConfig,
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
export type { DeviceAccess } from './device/device-access.ts';
export type { AccountFacts } from './device/viewer.ts';
export { deriveGatewayConfig } from './product/gateway-config.ts';
