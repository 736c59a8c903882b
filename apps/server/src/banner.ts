/**
 * The start-up banner: where to open the console, how to sign in and where gateways connect. It
 * never shows the platform's own broker account (MQTT_URL's user and password).
 */
import os from 'node:os';
import type { Config } from './config.ts';
import { withoutCredentials } from './mqtt/broker-address.ts';
import type { BrokerAddress } from './runtime.ts';

export interface BannerInput {
  config: Config;
  port: number;
  database: string;
  broker: BrokerAddress;
  demo: {
    developer: { username: string; password: string };
    endUser: { username: string; password: string };
  } | null;
  superManager: { username: string; password: string | null };
}

function lanAddresses(): string[] {
  return Object.values(os.networkInterfaces())
    .flat()
    .filter((item) => item && item.family === 'IPv4' && !item.internal)
    .map((item) => item!.address);
}

export function printBanner(input: BannerInput) {
  console.log(bannerText(input));
}

export function bannerText({ config, port, database, broker, demo, superManager }: BannerInput): string {
  const local = config.publicUrl ?? `http://localhost:${port}`;
  const others =
    config.host === '0.0.0.0' && !config.publicUrl ? lanAddresses().map((ip) => `http://${ip}:${port}`) : [];
  const lines = [
    '',
    '  LYYP Industrial IoT Platform is running',
    '',
    `  Console     ${local}/login`,
    ...others.map((url) => `              ${url}/login`),
    `  API docs    ${local}/docs`,
    `  Database    ${database}`,
    broker.kind === 'embedded'
      ? `  MQTT        embedded broker on port ${broker.port}${broker.wsPort ? ` (WebSocket ${broker.wsPort})` : ''}${
          config.mqtt.port !== 0 && broker.port !== config.mqtt.port
            ? `   (port ${config.mqtt.port} was busy; set MQTT_PORT to choose)`
            : ''
        }`
      : `  MQTT        external broker ${broker.url ? withoutCredentials(broker.url) : ''}`,
    `  Gateways    connect to ${broker.gatewayUrl}${
      new URL(broker.gatewayUrl).hostname === 'localhost'
        ? '   (this machine only: set PUBLIC_URL or GATEWAY_MQTT_URL for gateways elsewhere)'
        : ''
    }`,
    '',
    superManager.password
      ? `  Sign in as  ${superManager.username} / ${superManager.password}   (super manager; shown only on this first start)`
      : `  Sign in as  ${superManager.username}   (super manager; password set on the first start or by ADMIN_PASSWORD)`,
    ...(demo
      ? [
          `  Demo        developer ${demo.developer.username} / ${demo.developer.password}, end user ${demo.endUser.username} / ${demo.endUser.password}`,
          '              (a simulated boiler gateway is running; start with DEMO=0 for a platform without demo data)',
        ]
      : []),
    '',
  ];
  return lines.join('\n');
}
