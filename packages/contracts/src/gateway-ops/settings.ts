/**
 * A gateway's remote settings (§3 Gateway fields, §4, §9): working mode, WAN, WLAN (cellular),
 * Wi-Fi, LAN and MQTT connection settings, smart traffic saving with its change-report interval,
 * anti-tamper, base-station positioning and the dormant state. One schema checks them on the
 * platform, in the console and on the edge agent; each failed §5 check names its field.
 */
import { z } from 'zod';
import { DOWN_TOPICS, TOPIC_ROOT, isTopicFilter, topicFilterMatches } from '../protocol/topics.ts';
import { URL_MAX_LENGTH, isSafeUrl } from '../validation/url.ts';
import { CATALOGUE_ISSUE_PREFIX } from '../validation/zod.ts';
import type { RuleViolation } from '../validation/rules.ts';
import {
  NETWORK_ERROR_CODES,
  checkIp,
  checkMask,
  checkSegment,
  commaListItems,
  hasRepeatedRun,
  isHostOfSegment,
  isHostName,
  isIpv4,
} from './network.ts';

/** §4 gateway working modes; a change takes effect after a restart. */
export const GATEWAY_MODES = ['standard', 'switch', 'router'] as const;
export type GatewayMode = (typeof GATEWAY_MODES)[number];

export const WAN_ADDRESSING = ['dhcp', 'static'] as const;
export const WIFI_ROLES = ['client', 'hotspot'] as const;

/** Schemes a gateway's MQTT connection address may use. */
export const MQTT_URL_SCHEMES = ['mqtt:', 'mqtts:', 'ws:', 'wss:'] as const;

/** §9: the change-report interval, 1 s by default, 2-5 s suggested. */
export const REPORT_INTERVAL_DEFAULT_SECONDS = 1;
export const REPORT_INTERVAL_MIN_SECONDS = 1;
export const REPORT_INTERVAL_MAX_SECONDS = 60;
export const REPORT_INTERVAL_SUGGESTED_SECONDS = { min: 2, max: 5 } as const;
/** §9: with smart traffic saving on, live data stops after this long without a viewer. */
export const TRAFFIC_SAVING_IDLE_MS = 10 * 60_000;
/**
 * While live data is stopped, the changes the gateway kept (history, stored under its normal
 * rules) go up together this often, so history and alarms are at most this late.
 */
export const TRAFFIC_SAVING_HISTORY_UPLOAD_MS = 10 * 60_000;

export const WIFI_SSID_MAX_LENGTH = 32;
export const WIFI_PASSWORD_MIN_LENGTH = 8;
export const WIFI_PASSWORD_MAX_LENGTH = 63;
export const APN_MAX_LENGTH = 64;
export const DNS_LIST_MAX = 4;
export const MQTT_KEEPALIVE_MIN_SECONDS = 10;
export const MQTT_KEEPALIVE_MAX_SECONDS = 300;
/** §5: the MQTT subscription topic is at most 200 characters. */
export const MQTT_SUBSCRIBE_TOPIC_MAX_LENGTH = 200;
/** §5: certificate and key files are pem or der, at most 1 MB. */
export const MQTT_TLS_FILE_MAX_BYTES = 1024 * 1024;
/** The files of the gateway's MQTT TLS connection: the CA to trust, its own certificate and key. */
export const MQTT_TLS_PARTS = ['ca', 'cert', 'key'] as const;
export type MqttTlsPart = (typeof MQTT_TLS_PARTS)[number];
/** PEM text of a file of at most 1 MB (base64 and line breaks make it about 4/3 the size). */
const MQTT_TLS_PEM_MAX_LENGTH = Math.ceil((MQTT_TLS_FILE_MAX_BYTES * 4) / 3) + 64 * 1024;

type Context = z.RefinementCtx;

function report(context: Context, path: string[], violation: RuleViolation): void {
  context.addIssue({
    code: 'custom',
    path,
    message: `${CATALOGUE_ISSUE_PREFIX}${violation.code}`,
    params: violation.params ? { ...violation.params } : undefined,
  });
}

const ipText = z.string().trim().max(15);

export const wanSettingsSchema = z
  .object({
    addressing: z.enum(WAN_ADDRESSING),
    ip: ipText.default(''),
    subnet: ipText.default(''),
    gateway: ipText.default(''),
    /** DNS servers, a comma list of IPv4 addresses; empty: from DHCP or the gateway's defaults. */
    dns: z.string().trim().max(200).default(''),
  })
  .superRefine((wan, context) => {
    if (wan.addressing === 'static') {
      const problem = checkSegment('wan', wan.ip, wan.subnet, wan.gateway);
      if (problem) report(context, [problem.path], problem.violation);
    }
    const servers = commaListItems(wan.dns);
    if (servers.length > DNS_LIST_MAX || servers.some((item) => !isIpv4(item)))
      report(context, ['dns'], { code: NETWORK_ERROR_CODES.list, params: { field: 'wan.dns' } });
  });

export const wlanSettingsSchema = z
  .object({
    /** The cellular (4G) uplink. */
    enabled: z.boolean(),
    /** Access point name; empty: the SIM card's default. */
    apn: z.string().trim().max(APN_MAX_LENGTH).default(''),
  })
  .superRefine((wlan, context) => {
    if (wlan.apn && !/^[A-Za-z0-9][A-Za-z0-9.-]*$/.test(wlan.apn))
      report(context, ['apn'], { code: NETWORK_ERROR_CODES.domain, params: { field: 'wlan.apn' } });
  });

export const wifiSettingsSchema = z
  .object({
    enabled: z.boolean(),
    role: z.enum(WIFI_ROLES),
    ssid: z.string().max(WIFI_SSID_MAX_LENGTH).default(''),
    /** A secret: never in an answer. In a save, empty keeps the one the platform holds. */
    password: z.string().max(WIFI_PASSWORD_MAX_LENGTH).default(''),
  })
  .superRefine((wifi, context) => {
    if (!wifi.enabled) return;
    if (!wifi.ssid.trim()) report(context, ['ssid'], { code: '1001', params: { field: 'wifi.ssid' } });
    // Empty: keep the password the platform holds (answers never carry it back).
    if (wifi.password === '') return;
    if (wifi.password.length < WIFI_PASSWORD_MIN_LENGTH)
      report(context, ['password'], {
        code: '2857',
        params: { field: 'wifi.password', min: WIFI_PASSWORD_MIN_LENGTH, max: WIFI_PASSWORD_MAX_LENGTH },
      });
    else if (hasRepeatedRun(wifi.password))
      report(context, ['password'], {
        code: NETWORK_ERROR_CODES.repeated,
        params: { field: 'wifi.password' },
      });
  });

export const lanSettingsSchema = z
  .object({
    ip: ipText,
    subnet: ipText,
    /** Whether the gateway hands out addresses on its LAN. */
    dhcpServer: z.boolean(),
  })
  .superRefine((lan, context) => {
    const ip = checkIp('lan.ip', lan.ip);
    if (ip) return report(context, ['ip'], ip);
    const mask = checkMask('lan.subnet', lan.subnet);
    if (mask) return report(context, ['subnet'], mask);
    // The LAN address must be a host of its own segment (not the segment or broadcast address).
    if (!isHostOfSegment(lan.ip, lan.subnet))
      report(context, ['ip'], { code: NETWORK_ERROR_CODES.segment, params: { field: 'lan.ip' } });
  });

/** Where a gateway's additional subscription topic must lie: its own down topics. */
export function ownTopicPrefix(sn: string): string {
  return `${TOPIC_ROOT}/${sn}/down/`;
}

/**
 * The additional subscription topic of a gateway (docs/protocol.md): a valid MQTT topic filter
 * under `gw/{sn}/down/` that matches none of the protocol's own down topics (those are subscribed
 * anyway; a second subscription would deliver them twice). Null when it is fine.
 */
export function checkSubscribeTopic(sn: string, topic: string | undefined): RuleViolation | null {
  if (!topic) return null;
  const prefix = ownTopicPrefix(sn);
  if (!topic.startsWith(prefix) || topic.length === prefix.length)
    return { code: '2866', params: { field: 'mqtt.subscribeTopic', prefix } };
  if (!isTopicFilter(topic)) return { code: '2867', params: { field: 'mqtt.subscribeTopic' } };
  if (DOWN_TOPICS.some((kind) => topicFilterMatches(topic, `${prefix}${kind}`)))
    return { code: '2866', params: { field: 'mqtt.subscribeTopic', prefix } };
  return null;
}

/**
 * The TLS files as the gateway receives them (PEM text), only in the `settings` command: the
 * platform keeps them apart and never answers them (docs/fleet.md).
 */
export const mqttTlsSchema = z.object({
  ca: z.string().max(MQTT_TLS_PEM_MAX_LENGTH).optional(),
  cert: z.string().max(MQTT_TLS_PEM_MAX_LENGTH).optional(),
  key: z.string().max(MQTT_TLS_PEM_MAX_LENGTH).optional(),
});
export type MqttTls = z.infer<typeof mqttTlsSchema>;

export const mqttSettingsSchema = z
  .object({
    /**
     * Where the gateway connects (`mqtt://host:port`, mqtts, ws, wss). Empty: the address it was
     * given at installation; a wrong address would cut it off, so the agent keeps the old one
     * unless the new one connects.
     */
    url: z.string().trim().max(URL_MAX_LENGTH).default(''),
    keepAliveSeconds: z.number().int().min(MQTT_KEEPALIVE_MIN_SECONDS).max(MQTT_KEEPALIVE_MAX_SECONDS),
    /**
     * An additional topic filter the gateway subscribes to, under its own `gw/{sn}/down/`
     * (`checkSubscribeTopic`, which needs the SN, is checked where it is known); empty or left
     * out: none.
     */
    subscribeTopic: z.string().trim().optional(),
    /** Only in the command to the gateway: the uploaded TLS files. */
    tls: mqttTlsSchema.optional(),
  })
  .superRefine((mqtt, context) => {
    const topic = mqtt.subscribeTopic;
    if (topic && topic.length > MQTT_SUBSCRIBE_TOPIC_MAX_LENGTH)
      report(context, ['subscribeTopic'], {
        code: '1137',
        params: { field: 'mqtt.subscribeTopic', max: MQTT_SUBSCRIBE_TOPIC_MAX_LENGTH },
      });
    else if (topic && !isTopicFilter(topic))
      report(context, ['subscribeTopic'], { code: '2867', params: { field: 'mqtt.subscribeTopic' } });
    if (!mqtt.url) return;
    if (!isSafeUrl(mqtt.url, { schemes: MQTT_URL_SCHEMES, relative: false }))
      return report(context, ['url'], { code: '1650', params: { field: 'mqtt.url' } });
    const parsed = new URL(mqtt.url);
    // The gateway signs in with its own identity; a user or password in the address would be a
    // secret shown back in every answer of the settings, so there is none.
    if (parsed.username || parsed.password)
      return report(context, ['url'], { code: '1650', params: { field: 'mqtt.url' } });
    const host = parsed.hostname;
    if (!isHostName(host))
      report(context, ['url'], { code: NETWORK_ERROR_CODES.domain, params: { field: 'mqtt.url' } });
  });

export const gatewaySettingsSchema = z.object({
  mode: z.enum(GATEWAY_MODES),
  wan: wanSettingsSchema,
  wlan: wlanSettingsSchema,
  wifi: wifiSettingsSchema,
  lan: lanSettingsSchema,
  mqtt: mqttSettingsSchema,
  /** Smart traffic saving: live data stops after `TRAFFIC_SAVING_IDLE_MS` without a viewer. */
  trafficSaving: z.boolean(),
  /** Changes are gathered for this long before they go up (§9: default 1 s). */
  reportIntervalSeconds: z.number().int().min(REPORT_INTERVAL_MIN_SECONDS).max(REPORT_INTERVAL_MAX_SECONDS),
  antiTamper: z.boolean(),
  basePositioning: z.boolean(),
  /** Dormant (sleeping): the gateway stops polling and uploading until woken. */
  dormant: z.boolean(),
});
export type GatewaySettings = z.infer<typeof gatewaySettingsSchema>;
export type GatewaySettingsInput = z.input<typeof gatewaySettingsSchema>;

/** The settings a gateway leaves the factory with (and returns to on a factory reset). */
export const DEFAULT_GATEWAY_SETTINGS: GatewaySettings = {
  mode: 'standard',
  wan: { addressing: 'dhcp', ip: '', subnet: '', gateway: '', dns: '' },
  wlan: { enabled: false, apn: '' },
  wifi: { enabled: false, role: 'client', ssid: '', password: '' },
  lan: { ip: '192.168.1.1', subnet: '255.255.255.0', dhcpServer: true },
  mqtt: { url: '', keepAliveSeconds: 60 },
  trafficSaving: false,
  reportIntervalSeconds: REPORT_INTERVAL_DEFAULT_SECONDS,
  antiTamper: false,
  basePositioning: false,
  dormant: false,
};

/** Each setting the gateway reports on, in the order the console shows them. */
export const GATEWAY_SETTING_KEYS = [
  'mode',
  'wan',
  'wlan',
  'wifi',
  'lan',
  'mqtt',
  'trafficSaving',
  'reportIntervalSeconds',
  'antiTamper',
  'basePositioning',
  'dormant',
] as const satisfies readonly (keyof GatewaySettings)[];
export type GatewaySettingKey = (typeof GATEWAY_SETTING_KEYS)[number];

/**
 * What the gateway did with one setting: applied; accepted but in force only after a restart (the
 * working mode); not possible on its host; or tried and failed (`code` says why).
 */
export const SETTING_OUTCOMES = ['applied', 'restart-required', 'unsupported', 'failed'] as const;
export type SettingOutcomeStatus = (typeof SETTING_OUTCOMES)[number];

export const settingOutcomeSchema = z.object({
  key: z.enum(GATEWAY_SETTING_KEYS),
  status: z.enum(SETTING_OUTCOMES),
  code: z.string().max(16).optional(),
});
export type SettingOutcome = z.infer<typeof settingOutcomeSchema>;

/** JSON with object keys sorted: stored copies (jsonb) do not keep the order they were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** The settings whose values differ between two versions (what a save changes). */
export function changedSettingKeys(before: GatewaySettings, after: GatewaySettings): GatewaySettingKey[] {
  return GATEWAY_SETTING_KEYS.filter((key) => canonical(before[key]) !== canonical(after[key]));
}
