/**
 * Builds the platform's HTTP application: plugins, modules and their wiring. `main.ts` starts it;
 * tests build it with their own database and clock and drive it through `app.inject`.
 */
import fs from 'node:fs';
import path from 'node:path';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { API_PREFIX, CatalogueError, REQUEST_TIMEOUT_MS } from '@lyyp/contracts';
import type { Config } from './config.ts';
import type { DatabaseHandle } from './db/client.ts';
import { registerApiRoutes } from './api-routes.ts';
import { AccountRepository } from './modules/account/account.repository.ts';
import { AttemptLimiter } from './modules/auth/attempt-limiter.ts';
import { AuthRepository } from './modules/auth/auth.repository.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { CaptchaService } from './modules/auth/captcha.service.ts';
import { LoginKeyService } from './modules/auth/login-key.service.ts';
import { SmsCodeService } from './modules/auth/sms-code.service.ts';
import { LogSmsProvider, WebhookSmsProvider, type SmsProvider } from './modules/auth/sms.provider.ts';
import { SessionRepository } from './modules/session/session.repository.ts';
import { SessionService } from './modules/session/session.service.ts';
import { registerSystemRoutes } from './modules/system/system.routes.ts';
import { buildBrokerHookServer } from './modules/telemetry/broker-hook-listener.ts';
import { createSystemCatalogueModule } from './modules/system-catalogue/index.ts';
import { createCatalogue } from './modules/catalogue.ts';
import { LocalBus, type Bus } from './bus/bus.ts';
import { RedisBus } from './bus/redis-bus.ts';
import websocket from '@fastify/websocket';
import { LiveService } from './modules/live/live.service.ts';
import { PlatformRuntime } from './runtime.ts';
import { createAlarmModule, type AlarmModule } from './modules/alarm/index.ts';
import {
  createAccountCentreModule,
  type AccountCentreModule,
  type EmailProvider,
} from './modules/account-centre/index.ts';
import { createDeviceEventRecorder, createEquipmentAdminModule } from './modules/equipment-admin/index.ts';
import { createDeviceConfigModule } from './modules/device-config/index.ts';
import { errorsPlugin, handleFrameworkError } from './plugins/errors.ts';
import { createAdminModule } from './modules/admin/index.ts';
import { createReportModule, type ReportModule } from './modules/report/index.ts';
import { createStorageModule, type StorageService } from './modules/storage/index.ts';
import { createEdgeLogicModule } from './modules/edge-logic/index.ts';
import { createOtaModule } from './modules/ota/index.ts';
import { createGatewayOpsModule } from './modules/gateway-ops/index.ts';
import { ViewerHints } from './modules/gateway-ops/viewer-hints.ts';
import { createOpcUaBrowseModule } from './modules/opcua-browse/index.ts';
import { sessionPlugin } from './plugins/session.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { requestOriginPlugin } from './plugins/request-origin.ts';
import { completionGatePlugin } from './plugins/completion-gate.ts';
import { parseFormText, textInputPlugin } from './plugins/text-input.ts';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  /** Replaces the configured SMS provider (tests capture codes this way). */
  smsProvider?: SmsProvider;
  /** Replaces the configured email provider (tests capture emailed codes this way). */
  emailProvider?: EmailProvider;
  /** Milliseconds since the epoch; tests move time forward with it. */
  clock?: () => number;
  logger?: FastifyServerOptions['logger'];
  /**
   * Health answers 503 "starting" until `markReady()`: the process that listens before it has
   * created the super manager must not tell a load balancer, or a person, that it is ready.
   */
  awaitStartup?: boolean;
}

export interface Platform {
  app: FastifyInstance;
  auth: AuthService;
  runtime: PlatformRuntime;
  bus: Bus;
  live: LiveService;
  catalogue: ReturnType<typeof createCatalogue>;
  alarms: AlarmModule;
  accountCentre: AccountCentreModule;
  reports: ReportModule;
  /** History storage: retention policies, storage figures, the archive and retention sweep. */
  storage: StorageService;
  /** The broker hooks' own listener (BROKER_HOOK_PORT), started by `main.ts`; null without one. */
  brokerHooks: FastifyInstance | null;
  /** Start-up is complete (see `AppDependencies.awaitStartup`). */
  markReady: () => void;
}

/** The platform's own account on an external broker, from the user and password of MQTT_URL. */
function brokerUser(url: string | undefined): { username: string; password: string } | null {
  if (!url) return null;
  const parsed = new URL(url);
  return parsed.username
    ? { username: decodeURIComponent(parsed.username), password: decodeURIComponent(parsed.password) }
    : null;
}

export async function buildApp(deps: AppDependencies): Promise<Platform> {
  const { config, database } = deps;
  const now = deps.clock ?? Date.now;
  const app = Fastify({
    logger: deps.logger ?? {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    },
    trustProxy: config.trustProxy,
    requestTimeout: REQUEST_TIMEOUT_MS,
    bodyLimit: 2 * 1024 * 1024,
    routerOptions: { querystringParser: parseFormText, ignoreTrailingSlash: true },
    frameworkErrors: handleFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(securityHeadersPlugin, config.csp);
  // State changes sent by another site or origin are refused before anything else runs.
  await app.register(requestOriginPlugin, { publicUrl: config.publicUrl });
  // History curves and tables are large JSON; gzip makes them a quarter of the size on the wire.
  await app.register(compress, { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });
  await app.register(cookie);
  // Uploads (page images, imports): 200 MB at most for firmware-sized files; each route checks its own limit.
  await app.register(multipart, {
    limits: { fileSize: 200 * 1024 * 1024, files: 1, fields: 50, fieldSize: 5 * 1024 * 1024 },
  });
  // Form and JSON bodies decoded strictly; every text of a request checked once.
  await app.register(textInputPlugin);
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new CatalogueError('1004', { seconds: Math.ceil(context.ttl / 1000) }),
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'LYYP Industrial IoT Platform API',
        version: '0.1.0',
        description:
          'Every answer is { code, message, data }; code "200" or "201" is success. See docs/api.md.',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'lyyp_session' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  // Created first: ending a session or changing an account's rights is announced on it.
  const bus: Bus = config.busUrl
    ? await RedisBus.connect(config.busUrl, (error) => app.log.error({ err: error }, 'bus error'))
    : new LocalBus();
  const accounts = new AccountRepository(database.db);
  const authRepository = new AuthRepository(database.db);
  const admin = createAdminModule({ db: database.db, accounts, now, bus });
  const sessions = new SessionService(
    new SessionRepository(database.db),
    accounts,
    config.session,
    now,
    admin.permissions,
    bus,
  );
  await app.register(sessionPlugin, {
    sessions,
    secureCookie: config.session.secureCookie,
    maxAgeMs: config.session.maxAgeMs,
  });
  // Until its first-time completion an account reaches only that step's paths.
  await app.register(completionGatePlugin);

  const smsProvider =
    deps.smsProvider ??
    (config.sms.provider === 'webhook' && config.sms.webhookUrl
      ? new WebhookSmsProvider(config.sms.webhookUrl, app.log)
      : new LogSmsProvider(app.log));
  const captcha = new CaptchaService(authRepository, now, app.log, config.captchaDebugLog);
  const loginKey = new LoginKeyService(authRepository, now);
  await loginKey.load();
  const accountCentre = createAccountCentreModule({
    db: database.db,
    config,
    accounts,
    authRepository,
    sms: smsProvider,
    ...(deps.emailProvider ? { email: deps.emailProvider } : {}),
    logger: app.log,
    now,
  });
  const limiter = new AttemptLimiter(authRepository, now);
  const systemCatalogue = createSystemCatalogueModule(database.db, now);
  const auth = new AuthService({
    accounts,
    repository: authRepository,
    sessions,
    captcha,
    smsCodes: new SmsCodeService(authRepository, smsProvider, now),
    loginKey,
    limiter,
    now,
    onSecurityChange: accountCentre.recordSecurityChange,
    agreements: systemCatalogue.agreements,
  });

  const deviceEvents = createDeviceEventRecorder(database.db, now, (error) =>
    app.log.warn({ err: error }, 'device event not recorded'),
  );
  // The catalogue's hooks reach the runtime, and the runtime asks the catalogue's access policy.
  // eslint-disable-next-line prefer-const -- assigned once below, read lazily by the hooks
  let runtime!: PlatformRuntime;
  const catalogue = createCatalogue(
    database.db,
    {
      onModelChanged: (productId) => runtime.link.pushProductConfig(productId),
      onDeviceBound: async (deviceId) => {
        await deviceEvents.deviceBound(deviceId);
        await runtime.link.pushConfig(deviceId);
      },
      onDeviceUnbound: async (gatewaySn) => {
        await deviceEvents.deviceUnbound(gatewaySn);
        await runtime.link.clearConfig(gatewaySn);
      },
      onSecretRotated: async (gatewaySn) => (await runtime.transport.disconnectGateway?.(gatewaySn)) ?? false,
    },
    {
      now,
      // The gateways' broker address; MQTT_URL is the platform's own account and is never shown.
      mqttUrl: () => runtime.gatewayBrokerUrl(),
      driverModels: systemCatalogue.driverModels,
    },
  );
  runtime = new PlatformRuntime({
    config,
    db: database.db,
    databaseKind: database.kind,
    bus,
    access: catalogue.deviceAccess,
    logger: app.log,
    now,
  });
  const alarms = createAlarmModule({
    db: database.db,
    config,
    bus,
    access: catalogue.deviceAccess,
    accounts,
    products: catalogue.services.products,
    sms: smsProvider,
    logger: app.log,
    now,
    soleNode: database.kind === 'pglite',
  });
  alarms.attach(runtime.ingest);
  const edgeLogic = createEdgeLogicModule({
    db: database.db,
    catalogue,
    link: runtime.link,
    audit: deviceEvents,
    logger: app.log,
    now,
  });
  const deviceConfig = createDeviceConfigModule({ db: database.db, catalogue, link: runtime.link, now });
  runtime.alongside(
    () => alarms.start(),
    () => alarms.stop(),
  );
  const ota = createOtaModule({
    db: database.db,
    catalogue,
    transport: runtime.transport,
    link: runtime.link,
    logger: app.log,
    now,
  });
  runtime.alongside(
    () => ota.service.startSweeping(),
    () => ota.service.stopSweeping(),
  );
  const equipmentAdmin = createEquipmentAdminModule({
    db: database.db,
    bus,
    catalogue,
    events: deviceEvents,
    now,
  });
  const gatewayOps = createGatewayOpsModule({
    db: database.db,
    catalogue,
    limiter,
    commands: runtime.commands,
    link: runtime.link,
    events: deviceEvents,
    now,
    reportFailure: (error, context) =>
      app.log.warn({ err: error, ...context }, 'gateway operation step failed'),
  });
  const opcuaBrowse = createOpcUaBrowseModule({
    db: database.db,
    catalogue,
    runtime: runtime.runtime,
    commands: runtime.commands,
    link: runtime.link,
    liveness: runtime.liveness,
    transport: runtime.transport,
    bus,
    now,
  });
  const reports = createReportModule({
    db: database.db,
    access: catalogue.deviceAccess,
    runtime: runtime.runtime,
    products: catalogue.services.products,
    logger: app.log,
    now,
    sweepIntervalMs: config.report.sweepIntervalMs,
  });
  reports.attach(runtime.ingest);
  runtime.alongside(
    () => reports.start(),
    () => reports.stop(),
  );
  const storage = createStorageModule({
    db: database.db,
    history: runtime.history,
    products: catalogue.services.products,
    access: catalogue.deviceAccess,
    now,
    reportFailure: (error) => app.log.warn({ err: error }, 'storage sweep step failed'),
  });
  runtime.alongside(
    () => storage.start(config.storageSweepIntervalMs),
    () => storage.stop(),
  );
  const live = new LiveService(bus, runtime.runtime, catalogue.deviceAccess, now);
  const viewerHints = new ViewerHints({
    transport: runtime.transport,
    runtime: runtime.runtime,
    now,
    onError: (error) => app.log.warn({ err: error }, 'viewer hint not sent'),
  });
  live.reportViewers((deviceIds) => viewerHints.viewed(deviceIds));
  alarms.evaluation.announceEventsTo((deviceIds) => live.prepareViewers(deviceIds, 'alarms'));
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  app.addHook('onClose', async () => {
    live.shutdown();
    await runtime.close();
    await bus.close();
  });

  const brokerHookOptions = { runtime: runtime.runtime, platformUser: brokerUser(config.mqtt.url), limiter };
  const brokerHooks = await buildBrokerHookServer(config.brokerHook, brokerHookOptions, app.log);
  app.addHook('onClose', async () => {
    await brokerHooks?.close();
  });

  await app.register(
    (api) =>
      registerApiRoutes(api, {
        config,
        database,
        now,
        logger: app.log,
        bus,
        runtime,
        catalogue,
        auth,
        captcha,
        loginKey,
        sessions,
        accounts,
        limiter,
        accountCentre,
        admin,
        alarms,
        reports,
        systemCatalogue,
        equipmentAdmin,
        edgeLogic,
        ota,
        deviceConfig,
        gatewayOps,
        opcuaBrowse,
        deviceEvents,
        live,
        brokerHookOptions,
        storage,
      }),
    { prefix: API_PREFIX },
  );
  let ready = !deps.awaitStartup;
  registerSystemRoutes(app, { database, isReady: () => ready });

  const purge = setInterval(() => {
    authRepository
      .purgeExpired(new Date(now()))
      .catch((error: unknown) => app.log.warn({ err: error }, 'purge failed'));
  }, 10 * 60_000);
  purge.unref();
  app.addHook('onClose', () => clearInterval(purge));

  registerWebConsole(app, config.webDist);
  const markReady = () => {
    ready = true;
  };
  return {
    app,
    auth,
    runtime: runtime,
    bus,
    live,
    catalogue,
    alarms,
    accountCentre,
    reports,
    storage,
    brokerHooks,
    markReady,
  };
}

/**
 * Serves the built console with history-mode fallback: files of the build are served as they are,
 * and any other GET that is not an API path answers index.html, so deep links and reloads work.
 */
function registerWebConsole(app: FastifyInstance, webDist: string) {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'web console is not built: run npm run build');
    return;
  }
  void app.register(fastifyStatic, { root: webDist, wildcard: false, index: false, maxAge: '1h' });
  const html = fs.readFileSync(indexFile);
  app.get('/*', (request, reply) => {
    if (request.url.startsWith(API_PREFIX) || request.url.startsWith('/docs')) {
      throw new CatalogueError('1008');
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
  });
}
