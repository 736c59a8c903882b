/**
 * Configuration from the environment, validated once at start. A bad value stops the start with a
 * message that names the variable and what it expects.
 */
import path from 'node:path';
import { z } from 'zod';
import { checkPassword, checkUsername, isSafeUrl, translateError } from '@lyyp/contracts';
import { MAP_MAX_ZOOM } from '@lyyp/contracts/fleet';

const flag = z
  .enum(['0', '1', 'true', 'false', 'yes', 'no', ''])
  .transform((value) => value === '1' || value === 'true' || value === 'yes');

const port = z.coerce.number().int().min(0).max(65535);

/** A CSP source list: origins (`https://tile.example.com`, `wss://cams.example.com:8443`) or hosts (`*.example.com`). */
const CSP_SOURCE = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:\*\.)?[A-Za-z0-9.-]+(?::\d{1,5})?$/;
const cspSources = z
  .string()
  .transform((value) => value.split(/[\s,]+/).filter(Boolean))
  .refine((sources) => sources.every((source) => CSP_SOURCE.test(source)), {
    message: 'expected origins or host names separated by spaces or commas, e.g. https://tile.example.com',
  });

const environmentSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: port.default(8080),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  MQTT_PORT: port.default(1883),
  MQTT_WS_PORT: port.default(8083),
  MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp)$/ }).optional(),
  MQTT_SHARE_GROUP: z
    .string()
    .regex(/^[\w-]{1,64}$/)
    .default('lyyp-platform'),
  GATEWAY_MQTT_URL: z.url({ protocol: /^(mqtts?|wss?|tcp|ssl)$/ }).optional(),
  BUS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  // Broker hooks (/mqtt/auth, /mqtt/acl) for an external broker: a listener of their own, or a secret.
  BROKER_HOOK_PORT: port.optional(),
  BROKER_HOOK_HOST: z.string().default('127.0.0.1'),
  BROKER_HOOK_SECRET: z.string().min(16, { message: 'expected at least 16 characters' }).optional(),
  PUBLIC_URL: z.url().optional(),
  ADMIN_USERNAME: z.string().default('admin'),
  ADMIN_PASSWORD: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_IDLE_MINUTES: z.coerce.number().int().positive().default(720),
  SESSION_MAX_HOURS: z.coerce.number().int().positive().default(168),
  COOKIE_SECURE: flag.default(false),
  TRUST_PROXY: flag.default(false),
  SMS_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  SMS_WEBHOOK_URL: z.url().optional(),
  CAPTCHA_DEBUG_LOG: flag.default(false),
  WEB_DIST: z.string().optional(),
  DEMO: flag.default(true),
  CSP_IMG_HOSTS: cspSources.default([]),
  CSP_MEDIA_HOSTS: cspSources.default([]),
  CSP_CONNECT_HOSTS: cspSources.default([]),
  // Map tiles: a Leaflet URL template ({z}/{x}/{y}, optional {s}); unset, maps draw on a plain background.
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (value) =>
        value === '' ||
        (isSafeUrl(value) && /\{z\}/.test(value) && /\{x\}/.test(value) && /\{y\}/.test(value)),
      {
        message:
          'expected an http(s) or relative tile address with {z}, {x} and {y}, e.g. https://tile.example.com/{z}/{x}/{y}.png',
      },
    )
    .optional(),
  MAP_TILE_ATTRIBUTION: z.string().trim().max(200).optional(),
  MAP_MAX_ZOOM: z.coerce.number().int().min(1).max(MAP_MAX_ZOOM).default(MAP_MAX_ZOOM),
  // Inspection tasks of the current schedule periods are generated this often (0: never; tests drive it).
  INSPECTION_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  // Alarm notifications: each channel logs its sends unless configured to send (like SMS_PROVIDER).
  // Reports: due windows, late hours and the hour/day history summaries (0: never; tests drive it).
  REPORT_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(600_000).default(5000),
  ALARM_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  // History storage: archiving closed days and retention, a step this often (0: never; tests drive it).
  STORAGE_SWEEP_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(30_000),
  ALARM_WECHAT_MODE: z.enum(['log', 'send']).default('log'),
  ALARM_WEBHOOK_MODE: z.enum(['log', 'send']).default('log'),
  ALARM_VOICE_PROVIDER: z.enum(['log', 'webhook']).default('log'),
  ALARM_VOICE_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  ALARM_SEND_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  // Emailed codes (account centre, password recovery): logged unless SMTP or a webhook is configured.
  EMAIL_PROVIDER: z.enum(['log', 'smtp', 'webhook']).default('log'),
  EMAIL_SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  EMAIL_FROM: z.string().default('LYYP Platform <no-reply@lyyp.local>'),
  EMAIL_WEBHOOK_URL: z.url({ protocol: /^https?$/ }).optional(),
  // Media widgets: the weather widget's provider and the video widget's camera adapter (none: offline).
  WEATHER_PROVIDER_URL: z.url({ protocol: /^https?$/ }).optional(),
  WEATHER_PROVIDER_TOKEN: z.string().optional(),
  CAMERA_ADAPTER_URL: z.url({ protocol: /^https?$/ }).optional(),
  MEDIA_ADAPTER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
});

export interface Config {
  environment: string;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * `url`: the external broker with the platform's own account (a secret: never shown or logged).
   * `gatewayUrl`: the broker address handed to gateways (no credentials; derived when unset).
   * `portsExplicit`: the ports were chosen by the operator, so a busy port is an error, not a reason to move.
   */
  mqtt: {
    port: number;
    wsPort: number;
    url: string | undefined;
    gatewayUrl: string | undefined;
    shareGroup: string;
    portsExplicit: boolean;
  };
  busUrl: string | undefined;
  /**
   * The broker hooks: their own listener (`port`, on `host`) and the shared secret a broker sends
   * (never logged). Neither set: the hooks are not served (the embedded broker needs none).
   */
  brokerHook: { port: number | undefined; host: string; secret: string | undefined };
  publicUrl: string | undefined;
  admin: { username: string; password: string | undefined };
  logLevel: string;
  session: { idleMs: number; maxAgeMs: number; secureCookie: boolean };
  trustProxy: boolean;
  sms: { provider: 'log' | 'webhook'; webhookUrl: string | undefined };
  captchaDebugLog: boolean;
  webDist: string;
  demo: boolean;
  /** Extra sources the console's Content-Security-Policy allows (map tiles, cameras, other hosts). */
  csp: { imgHosts: string[]; mediaHosts: string[]; connectHosts: string[] };
  /** The map's tile server (null: a plain background) and deepest zoom, shown to the console. */
  map: { tileUrl: string | null; attribution: string | null; maxZoom: number };
  /** Report sweeps (0: none; tests drive them). */
  report: { sweepIntervalMs: number };
  /** History storage sweep (archive, retention) step interval (0: never). */
  storageSweepIntervalMs: number;
  /** How often inspection tasks are generated (0: never). */
  inspectionSweepIntervalMs: number;
  /** Alarm sweeps (0: none; tests drive them) and the notification channels' offline behaviour. */
  alarm: {
    sweepIntervalMs: number;
    wechat: 'log' | 'send';
    webhook: 'log' | 'send';
    voice: { provider: 'log' | 'webhook'; webhookUrl: string | undefined };
    sendTimeoutMs: number;
  };
  /** Where emailed codes go; `smtpUrl` carries the mail server's password and is never logged. */
  email: {
    provider: 'log' | 'smtp' | 'webhook';
    smtpUrl: string | undefined;
    from: string;
    webhookUrl: string | undefined;
  };
  /** Media widgets: weather provider (token is a secret) and camera adapter; undefined: none. */
  widgetMedia: {
    weatherUrl: string | undefined;
    weatherToken: string | undefined;
    cameraUrl: string | undefined;
    timeoutMs: number;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const repositoryRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads and checks the environment. Throws ConfigError with one line per bad variable. */
export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(environment).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = environmentSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (env.SMS_PROVIDER === 'webhook' && !env.SMS_WEBHOOK_URL) {
    throw new ConfigError('Invalid configuration:\n  SMS_WEBHOOK_URL: required when SMS_PROVIDER=webhook');
  }
  const adminProblem =
    checkUsername(env.ADMIN_USERNAME) ?? (env.ADMIN_PASSWORD ? checkPassword(env.ADMIN_PASSWORD) : null);
  if (adminProblem) {
    const variable = checkUsername(env.ADMIN_USERNAME) ? 'ADMIN_USERNAME' : 'ADMIN_PASSWORD';
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: ${translateError(adminProblem.code, 'en-US', adminProblem.params)}`,
    );
  }
  if (env.GATEWAY_MQTT_URL) {
    const gatewayUrl = new URL(env.GATEWAY_MQTT_URL);
    if (gatewayUrl.username || gatewayUrl.password) {
      throw new ConfigError(
        'Invalid configuration:\n  GATEWAY_MQTT_URL: must not contain a user name or password (each gateway signs in with its own SN and secret)',
      );
    }
  }
  if (env.ALARM_VOICE_PROVIDER === 'webhook' && !env.ALARM_VOICE_WEBHOOK_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  ALARM_VOICE_WEBHOOK_URL: required when ALARM_VOICE_PROVIDER=webhook',
    );
  }
  if (
    env.EMAIL_PROVIDER !== 'log' &&
    !(env.EMAIL_PROVIDER === 'smtp' ? env.EMAIL_SMTP_URL : env.EMAIL_WEBHOOK_URL)
  ) {
    const variable = env.EMAIL_PROVIDER === 'smtp' ? 'EMAIL_SMTP_URL' : 'EMAIL_WEBHOOK_URL';
    throw new ConfigError(
      `Invalid configuration:\n  ${variable}: required when EMAIL_PROVIDER=${env.EMAIL_PROVIDER}`,
    );
  }
  if (env.CAPTCHA_DEBUG_LOG && env.NODE_ENV === 'production') {
    throw new ConfigError(
      'Invalid configuration:\n  CAPTCHA_DEBUG_LOG: not allowed when NODE_ENV=production',
    );
  }
  return {
    environment: env.NODE_ENV,
    host: env.HOST,
    port: env.PORT,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    mqtt: {
      port: env.MQTT_PORT,
      wsPort: env.MQTT_WS_PORT,
      url: env.MQTT_URL,
      gatewayUrl: env.GATEWAY_MQTT_URL,
      shareGroup: env.MQTT_SHARE_GROUP,
      portsExplicit: present.MQTT_PORT !== undefined || present.MQTT_WS_PORT !== undefined,
    },
    busUrl: env.BUS_URL,
    brokerHook: { port: env.BROKER_HOOK_PORT, host: env.BROKER_HOOK_HOST, secret: env.BROKER_HOOK_SECRET },
    publicUrl: env.PUBLIC_URL,
    admin: { username: env.ADMIN_USERNAME, password: env.ADMIN_PASSWORD },
    logLevel: env.LOG_LEVEL,
    session: {
      idleMs: env.SESSION_IDLE_MINUTES * 60_000,
      maxAgeMs: env.SESSION_MAX_HOURS * 3_600_000,
      secureCookie: env.COOKIE_SECURE,
    },
    trustProxy: env.TRUST_PROXY,
    sms: { provider: env.SMS_PROVIDER, webhookUrl: env.SMS_WEBHOOK_URL },
    captchaDebugLog: env.CAPTCHA_DEBUG_LOG,
    webDist: path.resolve(env.WEB_DIST ?? path.join(repositoryRoot, 'apps/web/dist')),
    demo: env.DEMO,
    csp: {
      imgHosts: env.CSP_IMG_HOSTS,
      mediaHosts: env.CSP_MEDIA_HOSTS,
      connectHosts: env.CSP_CONNECT_HOSTS,
    },
    map: {
      tileUrl: env.MAP_TILE_URL || null,
      attribution: env.MAP_TILE_ATTRIBUTION || null,
      maxZoom: env.MAP_MAX_ZOOM,
    },
    report: { sweepIntervalMs: env.REPORT_SWEEP_INTERVAL_MS },
    storageSweepIntervalMs: env.STORAGE_SWEEP_INTERVAL_MS,
    inspectionSweepIntervalMs: env.INSPECTION_SWEEP_INTERVAL_MS,
    alarm: {
      sweepIntervalMs: env.ALARM_SWEEP_INTERVAL_MS,
      wechat: env.ALARM_WECHAT_MODE,
      webhook: env.ALARM_WEBHOOK_MODE,
      voice: { provider: env.ALARM_VOICE_PROVIDER, webhookUrl: env.ALARM_VOICE_WEBHOOK_URL },
      sendTimeoutMs: env.ALARM_SEND_TIMEOUT_MS,
    },
    widgetMedia: {
      weatherUrl: env.WEATHER_PROVIDER_URL,
      weatherToken: env.WEATHER_PROVIDER_TOKEN,
      cameraUrl: env.CAMERA_ADAPTER_URL,
      timeoutMs: env.MEDIA_ADAPTER_TIMEOUT_MS,
    },
    email: {
      provider: env.EMAIL_PROVIDER,
      smtpUrl: env.EMAIL_SMTP_URL,
      from: env.EMAIL_FROM,
      webhookUrl: env.EMAIL_WEBHOOK_URL,
    },
  };
}
