/**
 * Starts the platform: checks the configuration, opens the database (migrating it), creates the
 * super manager on the first start, listens, and prints where to open the console and how to sign
 * in. Stops gracefully on SIGINT/SIGTERM.
 */
import { ConfigError, loadConfig, type Config } from './config.ts';
import { openDatabase } from './db/client.ts';
import { buildApp } from './app.ts';
import { listenBrokerHooks } from './modules/telemetry/broker-hook-listener.ts';
import { generatePassword } from './lib/password.ts';
import { printBanner } from './banner.ts';
import { withoutCredentials } from './mqtt/broker-address.ts';
import { PortInUseError } from './mqtt/embedded-broker.ts';
import { DEMO_ACCOUNTS, DemoService } from './modules/demo/demo.service.ts';
import { DemoGatewayProcess } from './modules/demo/demo-gateway.ts';
import path from 'node:path';

function fail(message: string): never {
  console.error(`\n✖ ${message}\n`);
  process.exit(1);
}

async function start() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: config.dataDir },
  ).catch((error: unknown) => {
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.databaseUrl
        ? `cannot open the database at DATABASE_URL: ${reason}`
        : `cannot open the embedded database in ${config.dataDir}: ${reason} (is another platform process using DATA_DIR?)`,
    );
  });

  const { app, auth, runtime, brokerHooks, markReady } = await buildApp({
    config,
    database,
    awaitStartup: true,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await demoGateway?.stop();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  let broker;
  try {
    broker = await runtime.start();
  } catch (error) {
    await database.close();
    if (error instanceof PortInUseError) {
      fail(
        `port ${error.port} is in use: set MQTT_PORT (and MQTT_WS_PORT) to free ports, or MQTT_URL to use an external broker`,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    fail(
      config.mqtt.url
        ? `cannot connect to the MQTT broker at MQTT_URL: ${reason}`
        : `cannot start the MQTT broker: ${reason}`,
    );
  }

  try {
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    await database.close();
    if (code === 'EADDRINUSE') fail(`port ${config.port} is in use: set PORT to a free port`);
    if (code === 'EACCES') fail(`port ${config.port} needs privileges: set PORT above 1024`);
    throw error;
  }
  if (brokerHooks) {
    try {
      await listenBrokerHooks(brokerHooks, config.brokerHook);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      await database.close();
      if (code === 'EADDRINUSE')
        fail(`port ${config.brokerHook.port} is in use: set BROKER_HOOK_PORT to a free port`);
      throw error;
    }
  }

  // Created only once the platform is reachable: a start that fails earlier (a busy port) must not
  // create the account and lose its generated password with the failed process.
  const adminPassword = config.admin.password ?? generatePassword();
  const superManager = await auth.ensureSuperManager(
    config.admin.username,
    adminPassword,
    config.admin.password !== undefined,
  );

  // The demo workspace: seeded on the first start of an empty platform, its gateway run as a child.
  let demoGateway: DemoGatewayProcess | null = null;
  const demo = config.demo ? await new DemoService(database.db).ensure() : null;
  if (demo) {
    // The demo gateway signs in like any gateway (SN and secret), never with the platform's account.
    const platformUrl = config.mqtt.url
      ? withoutCredentials(config.mqtt.url)
      : `mqtt://127.0.0.1:${broker.port}`;
    demoGateway = new DemoGatewayProcess(
      demo,
      platformUrl,
      path.join(config.dataDir, 'demo-gateway'),
      app.log,
    );
    demoGateway.start();
  }

  markReady();
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  printBanner({
    config,
    port,
    database: `${database.kind} (${database.location})`,
    broker,
    demo: demo ? DEMO_ACCOUNTS : null,
    superManager: superManager.created
      ? {
          username: superManager.username,
          password: config.admin.password ? '(from ADMIN_PASSWORD)' : adminPassword,
        }
      : { username: superManager.username, password: null },
  });
}

start().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
