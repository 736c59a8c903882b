/** Payloads of the gateway protocol (JSON, UTF-8). One schema per message, used by platform and agent. */
import { z } from 'zod';
import {
  DEFAULT_SCRIPT_CAPACITY,
  SCRIPT_LOG_LINES_PER_RUN_MAX,
  SCRIPT_WRITES_REPORTED_MAX,
  SCRIPT_LOG_LINE_MAX_LENGTH,
  DATA_TYPES,
  READ_WRITE_TYPES,
  deviceModelSchema,
} from '../device-model/index.ts';
import { GATEWAY_MODES, gatewaySettingsSchema, settingOutcomeSchema } from '../gateway-ops/settings.ts';

export { GATEWAY_MODES };

export const GATEWAY_STATUSES = ['online', 'offline', 'dormant', 'power-off'] as const;
export type GatewayStatus = (typeof GATEWAY_STATUSES)[number];

export const NETWORK_MODES = ['ethernet', 'wifi', 'cellular'] as const;
export type NetworkMode = (typeof NETWORK_MODES)[number];

/** Most points one upload may carry; the agent splits larger batches. */
export const MAX_POINTS_PER_UPLOAD = 5000;

export const slaveCountersSchema = z.object({
  driverKey: z.string(),
  requests: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  timeouts: z.number().int().nonnegative(),
  lastErrorCode: z.string().nullable(),
});
export type SlaveCounters = z.infer<typeof slaveCountersSchema>;

/** `up/status`: sent on connect, on change and every minute; the will message says offline. */
export const statusPayloadSchema = z.object({
  status: z.enum(GATEWAY_STATUSES),
  ts: z.number().int(),
  signal: z.number().int().min(0).max(100).optional(),
  /** Version of the application firmware (the agent) it runs. */
  firmware: z.string().max(64).optional(),
  /** Version of the system firmware it runs, when one was installed by an upgrade. */
  systemFirmware: z.string().max(64).optional(),
  hardware: z.string().max(64).optional(),
  networkMode: z.enum(NETWORK_MODES).optional(),
  gatewayMode: z.enum(GATEWAY_MODES).optional(),
  /** Version of the configuration the gateway runs (0: none yet). */
  configVersion: z.number().int().nonnegative().optional(),
  /** SHA-1 thumbprint of the gateway's own OPC UA application certificate, once it has one. */
  opcuaThumbprint: z.string().max(128).optional(),
  slaves: z.array(slaveCountersSchema).max(64).optional(),
  /**
   * The MQTT address the agent runs on (without credentials) and, when it gave up on the address
   * it was set to (it never connected in a few attempts), that address, why and when: it then runs
   * on the last address that worked.
   */
  mqtt: z
    .object({
      url: z.string().max(512),
      failed: z
        .object({ url: z.string().max(512), reason: z.string().max(500), at: z.number().int() })
        .optional(),
    })
    .optional(),
});
export type StatusPayload = z.infer<typeof statusPayloadSchema>;

export const pointValueSchema = z.union([z.number(), z.string().max(1024), z.boolean(), z.null()]);

export const pointSchema = z.object({
  /** Variable key. */
  k: z.string().min(1).max(64),
  /** Device time, epoch milliseconds. */
  t: z.number().int().positive(),
  v: pointValueSchema,
  /** Error code when the read failed (the value is then null). */
  e: z.string().max(16).optional(),
  /**
   * Snapshot: the first value of this variable the agent sends since it started. The platform
   * stores it only when it differs from the latest stored value (beyond the variable's dead zone,
   * or in its fault); otherwise it only confirms that value current. Absent on every later point.
   */
  s: z.literal(true).optional(),
});
export type Point = z.infer<typeof pointSchema>;

/** Most variables one gap names. */
export const MAX_GAP_KEYS = 2000;

/**
 * Points lost by the agent (buffer overflow), recorded as an explicit gap: the earliest and latest
 * time of the points lost, how many, and the variables they were of (absent from older agents:
 * then the gap is every variable's).
 */
export const gapSchema = z.object({
  from: z.number().int(),
  to: z.number().int(),
  lost: z.number().int().nonnegative(),
  keys: z.array(z.string().min(1).max(64)).max(MAX_GAP_KEYS).optional(),
});
export type Gap = z.infer<typeof gapSchema>;

/**
 * The lane an upload travels in. `live`: values as they are read (the default). `backlog`: what the
 * agent buffered while it could not reach the platform, sent behind the live values in large
 * uploads; it goes into history, but never moves a variable's current value or its alarm state
 * back in time.
 */
export const UPLOAD_LANES = ['live', 'backlog'] as const;
export type UploadLane = (typeof UPLOAD_LANES)[number];

/**
 * A poll cycle of one driver that read every periodic variable successfully at `t`: values that
 * stayed within their dead zone were not repeated, yet they are confirmed current.
 */
export const polledSchema = z.object({ driver: z.string().min(1).max(64), t: z.number().int().positive() });
export type Polled = z.infer<typeof polledSchema>;

/** Most poll confirmations one upload may carry. */
export const MAX_POLLED_PER_UPLOAD = 64;

/** `up/data`: a numbered batch; the platform answers `down/ack` with the same seq once it is durable. */
export const dataPayloadSchema = z.object({
  seq: z.number().int().nonnegative(),
  points: z.array(pointSchema).max(MAX_POINTS_PER_UPLOAD),
  gaps: z.array(gapSchema).max(100).optional(),
  polled: z.array(polledSchema).max(MAX_POLLED_PER_UPLOAD).optional(),
  lane: z.enum(UPLOAD_LANES).optional(),
});
export type DataPayload = z.infer<typeof dataPayloadSchema>;

/** `down/ack`: the batch is stored (duplicates are points the platform had already). */
export const ackPayloadSchema = z.object({
  seq: z.number().int().nonnegative(),
  stored: z.number().int().nonnegative(),
  duplicates: z.number().int().nonnegative(),
});
export type AckPayload = z.infer<typeof ackPayloadSchema>;

/** `down/config` (retained): the running configuration derived from the product. */
export const configPayloadSchema = z.object({
  version: z.number().int().positive(),
  model: deviceModelSchema,
});
export type ConfigPayload = z.infer<typeof configPayloadSchema>;

/** `up/config`: the outcome of applying a configuration version. */
export const configReportSchema = z.object({
  version: z.number().int().nonnegative(),
  status: z.enum(['applied', 'failed']),
  code: z.string().optional(),
  message: z.string().max(500).optional(),
});
export type ConfigReport = z.infer<typeof configReportSchema>;

/**
 * `read` and `write` a variable; `restart` the gateway; `settings` applies the remote settings it
 * carries (answered per setting); `factory-reset` returns the gateway to its factory settings and
 * forgets its buffer, commands and configuration.
 */
export const COMMAND_OPERATIONS = [
  'read',
  'write',
  'restart',
  'settings',
  'factory-reset',
  'browse',
] as const;
export type CommandOperation = (typeof COMMAND_OPERATIONS)[number];

/** `down/cmd`: one command, identified by uuid. */
export const commandPayloadSchema = z.object({
  uuid: z.string().min(8).max(64),
  op: z.enum(COMMAND_OPERATIONS),
  key: z.string().max(64).optional(),
  value: pointValueSchema.optional(),
  /** `settings`: every remote setting, as the platform holds them. */
  settings: gatewaySettingsSchema.optional(),
  /** `browse`: the OPC UA driver whose server is browsed. */
  driver: z.string().min(1).max(64).optional(),
  /** `browse`: the NodeId whose children are wanted; the Objects folder when left out. */
  node: z.string().min(1).max(512).optional(),
  /** Epoch ms after which the gateway must not execute it any more. */
  expiresAt: z.number().int(),
});
export type CommandPayload = z.infer<typeof commandPayloadSchema>;

/** One child of a browsed OPC UA node, with what a variable made from it takes from the server. */
export const browsedNodeSchema = z.object({
  /** The display name (the browse name's text when the server gives none). */
  name: z.string().max(256),
  /** The browse name, qualified by its namespace index (`1:Temp`). */
  browseName: z.string().max(256).optional(),
  nodeId: z.string().max(512),
  nodeClass: z.enum(['Object', 'Variable']),
  /** OPC UA built-in type name (Double, Int32 …; Other for types the platform reads as text). */
  opcuaType: z.string().max(64).optional(),
  /** The platform data type a variable of this node gets. */
  dataType: z.enum(DATA_TYPES).optional(),
  isArray: z.boolean().optional(),
  access: z.enum(READ_WRITE_TYPES).optional(),
  hasChildren: z.boolean(),
});
export type BrowsedNode = z.infer<typeof browsedNodeSchema>;

/** `up/reply`: the outcome of a command (§3 async command reply, minus `online`). */
export const replyPayloadSchema = z.object({
  uuid: z.string().min(8).max(64),
  status: z.enum(['success', 'failure']),
  code: z.string(),
  message: z.string().max(500).optional(),
  data: z
    .object({
      value: pointValueSchema.optional(),
      previous: pointValueSchema.optional(),
      /** `settings`: what the gateway did with each setting. */
      settings: z.array(settingOutcomeSchema).max(32).optional(),
      /** `browse`: the node's children (at most 500; `truncated` when it has more). */
      nodes: z.array(browsedNodeSchema).max(500).optional(),
      truncated: z.boolean().optional(),
    })
    .optional(),
});
export type ReplyPayload = z.infer<typeof replyPayloadSchema>;

/** One script as the agent last ran it: its last run, its last error (kept after later good runs) and its log. */
export const scriptStateSchema = z.object({
  key: z.string().min(1).max(64),
  /** Runs and failed runs since the configuration started. */
  runs: z.number().int().nonnegative(),
  failures: z.number().int().nonnegative(),
  /** Last run: start (gateway clock, epoch ms), duration, and whether it succeeded. */
  lastRunAt: z.number().int().nullable(),
  lastDurationMs: z.number().nonnegative().nullable(),
  lastOk: z.boolean().nullable(),
  /** Last failure: catalogue code (2354-2359) and its detail for `{detail}`, `{key}`, `{reason}` … */
  lastErrorAt: z.number().int().nullable(),
  lastErrorCode: z.string().max(16).nullable(),
  lastErrorParams: z.record(z.string(), z.union([z.string().max(500), z.number()])).nullable(),
  /** The log lines of the last run (`log(...)` in the script). */
  log: z.array(z.string().max(SCRIPT_LOG_LINE_MAX_LENGTH)).max(SCRIPT_LOG_LINES_PER_RUN_MAX),
  /**
   * When the agent paused the script after it overran its time or memory limit several runs in a
   * row (gateway clock, epoch ms); it runs again once its configuration starts again. Null or
   * absent: running.
   */
  pausedAt: z.number().int().nullable().optional(),
});
export type ScriptState = z.infer<typeof scriptStateSchema>;

/**
 * `up/script`: the state of every script of the configuration the gateway runs; sent when a
 * configuration starts, on connect, and at most every few seconds while scripts run. Only the
 * newest matters, so it is not buffered while offline.
 */
/**
 * A device write a script made, for the device log (every write is audited, §DESIGN 7). Carried by
 * the script reports until one was published; `id` is unique per gateway (the agent's start and a
 * counter), so a report sent again records the write once.
 */
export const scriptWriteSchema = z.object({
  id: z.string().min(1).max(64),
  /** When the write ended (gateway clock, epoch ms). */
  at: z.number().int(),
  /** The script's key. */
  script: z.string().min(1).max(64),
  key: z.string().min(1).max(64),
  value: pointValueSchema,
  /** Confirmed by the device (read back), or refused with the agent's code. */
  ok: z.boolean(),
  code: z.string().max(16).nullable(),
});
export type ScriptWrite = z.infer<typeof scriptWriteSchema>;

export const scriptReportSchema = z.object({
  ts: z.number().int(),
  configVersion: z.number().int().nonnegative(),
  scripts: z.array(scriptStateSchema).max(DEFAULT_SCRIPT_CAPACITY * 2),
  /** Writes made since the last report was published (absent from agents before writes were audited). */
  writes: z.array(scriptWriteSchema).max(SCRIPT_WRITES_REPORTED_MAX).optional(),
  /** Writes the agent could not keep for the audit (more than it holds while offline). */
  writesDropped: z.number().int().nonnegative().optional(),
});
export type ScriptReport = z.infer<typeof scriptReportSchema>;

/** Steps of an upgrade on a gateway, in order; `succeeded` and `failed` end it. */
export const OTA_REPORT_STATES = ['downloading', 'verifying', 'applying', 'succeeded', 'failed'] as const;
export type OtaReportState = (typeof OTA_REPORT_STATES)[number];

/** A file of the firmware to fetch from `GET /lyyp/developer/ota/firmware/{id}`. */
export const otaFileSchema = z.object({
  id: z.string().min(1).max(64),
  part: z.enum(['package', 'rootfs', 'kernel']),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type OtaFile = z.infer<typeof otaFileSchema>;

/**
 * `down/ota`: start an upgrade (`op: "start"`) or cancel it (`op: "cancel"`). `task` and `attempt`
 * name it: reports carry them back, and a retry is the same task with the next attempt.
 */
export const otaOrderSchema = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('start'),
    task: z.string().min(1).max(64),
    attempt: z.number().int().positive(),
    kind: z.enum(['application', 'system']),
    version: z.string().min(1).max(64),
    files: z.array(otaFileSchema).min(1).max(4),
  }),
  z.object({
    op: z.literal('cancel'),
    task: z.string().min(1).max(64),
    attempt: z.number().int().positive(),
  }),
]);
export type OtaOrder = z.infer<typeof otaOrderSchema>;

/** `up/ota`: where the gateway is with an upgrade; `code` (catalogue) says why it failed. */
export const otaReportSchema = z.object({
  task: z.string().min(1).max(64),
  attempt: z.number().int().positive(),
  state: z.enum(OTA_REPORT_STATES),
  /** Downloading: how much of the files is here, 0-100. */
  percent: z.number().int().min(0).max(100).optional(),
  code: z.string().max(16).optional(),
  params: z.record(z.string(), z.union([z.string().max(200), z.number()])).optional(),
  ts: z.number().int(),
});
export type OtaReport = z.infer<typeof otaReportSchema>;

/**
 * `down/view`: someone is watching the gateway's device live (sent when a viewer opens it and
 * every few minutes while they stay). With smart traffic saving on, the gateway sends changes at
 * its change-report interval only while it heard this within `TRAFFIC_SAVING_IDLE_MS`.
 */
export const viewPayloadSchema = z.object({ ts: z.number().int() });
export type ViewPayload = z.infer<typeof viewPayloadSchema>;
