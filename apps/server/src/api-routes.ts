/**
 * The platform's API under `API_PREFIX`: every module's paths registered on one scope with the
 * services `app.ts` built for them. Which module serves what is listed in CONTEXT.md.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import type { Bus } from './bus/bus.ts';
import type { AccountRepository } from './modules/account/account.repository.ts';
import type { AccountCentreModule } from './modules/account-centre/index.ts';
import type { createAdminModule } from './modules/admin/index.ts';
import type { AlarmModule } from './modules/alarm/index.ts';
import type { AttemptLimiter } from './modules/auth/attempt-limiter.ts';
import { registerAuthRoutes } from './modules/auth/auth.routes.ts';
import type { AuthService } from './modules/auth/auth.service.ts';
import type { CaptchaService } from './modules/auth/captcha.service.ts';
import type { LoginKeyService } from './modules/auth/login-key.service.ts';
import type { createCatalogue } from './modules/catalogue.ts';
import { registerCommandRoutes } from './modules/command/command.routes.ts';
import { registerDesignerRoutes } from './modules/designer/index.ts';
import type { createDeviceConfigModule } from './modules/device-config/index.ts';
import { registerDeviceValueRoutes } from './modules/device/device-values.routes.ts';
import { registerDeviceVariableRoutes } from './modules/device/device-variables.routes.ts';
import type { createEdgeLogicModule } from './modules/edge-logic/index.ts';
import type {
  createDeviceEventRecorder,
  createEquipmentAdminModule,
} from './modules/equipment-admin/index.ts';
import { registerFileRoutes } from './modules/files/index.ts';
import { registerFirmware } from './modules/firmware/index.ts';
import { registerFleet } from './modules/fleet/index.ts';
import type { createGatewayOpsModule } from './modules/gateway-ops/index.ts';
import { HistorySummaryQueries } from './modules/history/history-summary.repository.ts';
import { registerHistoryRoutes } from './modules/history/history.routes.ts';
import { registerStorageRoutes, type StorageService } from './modules/storage/index.ts';
import { HistoryService } from './modules/history/history.service.ts';
import { registerKnowledge } from './modules/knowledge/index.ts';
import { registerLiveRoutes } from './modules/live/live.routes.ts';
import type { LiveService } from './modules/live/live.service.ts';
import { registerMaintenance } from './modules/maintenance/index.ts';
import type { createOpcUaBrowseModule } from './modules/opcua-browse/index.ts';
import type { createOtaModule } from './modules/ota/index.ts';
import type { ReportModule } from './modules/report/index.ts';
import { registerSessionRoutes } from './modules/session/session.routes.ts';
import type { SessionService } from './modules/session/session.service.ts';
import type { createSystemCatalogueModule } from './modules/system-catalogue/index.ts';
import { registerBrokerAuthRoutes, type BrokerAuthOptions } from './modules/telemetry/broker-auth.routes.ts';
import { hooksOnConsolePort } from './modules/telemetry/broker-hook-listener.ts';
import { registerSyncRoutes } from './modules/telemetry/sync.routes.ts';
import { createWidgetMediaModule } from './modules/widget-media/index.ts';
import { registerCapabilityRoutes } from './policy/capabilities.routes.ts';
import type { PlatformRuntime } from './runtime.ts';

/** The services and modules the API's paths are served by, as `buildApp` created them. */
export interface ApiModules {
  config: Config;
  database: DatabaseHandle;
  now: () => number;
  logger: FastifyBaseLogger;
  bus: Bus;
  runtime: PlatformRuntime;
  catalogue: ReturnType<typeof createCatalogue>;
  auth: AuthService;
  captcha: CaptchaService;
  loginKey: LoginKeyService;
  sessions: SessionService;
  accounts: AccountRepository;
  limiter: AttemptLimiter;
  accountCentre: AccountCentreModule;
  admin: ReturnType<typeof createAdminModule>;
  alarms: AlarmModule;
  reports: ReportModule;
  systemCatalogue: ReturnType<typeof createSystemCatalogueModule>;
  equipmentAdmin: ReturnType<typeof createEquipmentAdminModule>;
  edgeLogic: ReturnType<typeof createEdgeLogicModule>;
  ota: ReturnType<typeof createOtaModule>;
  deviceConfig: ReturnType<typeof createDeviceConfigModule>;
  gatewayOps: ReturnType<typeof createGatewayOpsModule>;
  opcuaBrowse: ReturnType<typeof createOpcUaBrowseModule>;
  deviceEvents: ReturnType<typeof createDeviceEventRecorder>;
  live: LiveService;
  /** What the broker's authentication and ACL hooks check against (see broker-hook-listener.ts). */
  brokerHookOptions: Omit<BrokerAuthOptions, 'secret'>;
  storage: StorageService;
}

/** Registers every module's paths on `api` (the scope under `API_PREFIX`). */
export function registerApiRoutes(api: FastifyInstance, modules: ApiModules): void {
  const {
    config,
    database,
    now,
    logger,
    bus,
    runtime,
    catalogue,
    auth,
    captcha,
    loginKey,
    sessions,
    accounts,
  } = modules;
  const { limiter, accountCentre, admin, alarms, reports, systemCatalogue, equipmentAdmin, edgeLogic } =
    modules;
  const { ota, deviceConfig, gatewayOps, opcuaBrowse, deviceEvents, live, brokerHookOptions } = modules;
  registerAuthRoutes(api, {
    auth,
    captcha,
    loginKey,
    sessions,
    accounts,
    secureCookie: config.session.secureCookie,
  });
  catalogue.registerRoutes(api);
  registerDesignerRoutes(api, {
    db: database.db,
    findVisibleDevice: (account, id) => catalogue.deviceAccess.findVisibleDevice(account, id),
    products: catalogue.services.products,
    now,
  });
  const files = registerFileRoutes(api, { db: database.db, dataDir: config.dataDir });
  accountCentre.registerRoutes(api, { auth, captcha, files });
  registerFirmware(api, {
    db: database.db,
    dataDir: config.dataDir,
    now,
    limiter,
    gatewaySecret: (sn) => runtime.runtime.gatewaySecret(sn),
  });
  registerKnowledge(api, {
    db: database.db,
    dataDir: config.dataDir,
    products: catalogue.services.products,
    access: catalogue.deviceAccess,
    now,
    files,
  });
  equipmentAdmin.registerRoutes(api);
  systemCatalogue.registerRoutes(api);
  registerCommandRoutes(api, runtime.commands);
  alarms.registerRoutes(api);
  admin.registerRoutes(api);
  reports.registerRoutes(api);
  edgeLogic.registerRoutes(api);
  ota.registerRoutes(api);
  deviceConfig.registerRoutes(api);
  gatewayOps.registerRoutes(api);
  opcuaBrowse.registerRoutes(api);
  createWidgetMediaModule({ db: database.db, config, now }).registerRoutes(api);
  registerMaintenance(api, {
    db: database.db,
    access: catalogue.deviceAccess,
    authorizer: catalogue.authorizer,
    accounts,
    messages: alarms.messages,
    logger,
    now,
    sweepIntervalMs: config.inspectionSweepIntervalMs,
  });
  registerFleet(api, {
    db: database.db,
    config,
    catalogue,
    runtime: runtime.runtime,
    history: runtime.historyQueries,
    events: deviceEvents,
    bus,
    now,
  });
  registerDeviceVariableRoutes(api, { access: catalogue.deviceAccess, runtime: runtime.runtime });
  registerDeviceValueRoutes(api, { access: catalogue.deviceAccess, runtime: runtime.runtime, now });
  registerCapabilityRoutes(api, { access: catalogue.deviceAccess, authorizer: catalogue.authorizer });
  registerSessionRoutes(api, { sessions });
  registerSyncRoutes(api, {
    access: catalogue.deviceAccess,
    runtime: runtime.runtime,
    link: runtime.link,
  });
  registerHistoryRoutes(
    api,
    new HistoryService(
      runtime.historyQueries,
      runtime.runtime,
      catalogue.deviceAccess,
      new HistorySummaryQueries(database.db),
      now,
    ),
  );
  registerStorageRoutes(api, modules.storage);
  registerLiveRoutes(api, { live, sessions });
  if (hooksOnConsolePort(config.brokerHook)) {
    registerBrokerAuthRoutes(api, { ...brokerHookOptions, secret: config.brokerHook.secret }, [
      api.allow('broker.check'),
    ]);
  }
}
