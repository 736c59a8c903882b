/**
 * What the edge agent is started with and what it tells its watcher: the options of
 * `GatewayAgent.start`, the activities `onActivity` hears, and the agent's version.
 */
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { HostCapabilities } from '../core/gateway-settings.ts';
import type { ReconnectPolicy } from '../core/reconnect-delay.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { ScriptLimits } from '../scripts/script-runner.ts';
import type { AgentLogger } from './logger.ts';
import type { GatewayIdentity } from './status-reporter.ts';

/** The version of the agent the gateway came with; a package started by the launcher says its own. */
export const AGENT_VERSION = '0.1.0';
/**
 * How long an agent that starts with a saved configuration waits for the platform's current one
 * before it runs the saved one (docs/fleet.md). Connecting takes well under a second; a platform
 * that cannot be reached shows at the first failed attempt, and the saved one runs at once.
 */
export const SAVED_CONFIG_WAIT_MS = 10_000;

/**
 * What the agent just did, for whoever watches it (diagnosis, tests waiting for a step):
 * a poll cycle reported, a batch is on disk, the platform acknowledged one, the link came up or
 * went down, or the next connection attempt was scheduled.
 */
export type AgentActivity =
  | { readonly kind: 'polled'; readonly driver: string; readonly at: number; readonly complete: boolean }
  | { readonly kind: 'buffered'; readonly seq: number; readonly points: number }
  | { readonly kind: 'acknowledged'; readonly seq: number }
  | { readonly kind: 'connected' }
  | { readonly kind: 'disconnected' }
  | { readonly kind: 'retry-scheduled'; readonly delayMs: number }
  /** A configuration runs now: the platform's, or the one saved (docs/fleet.md). */
  | { readonly kind: 'configured'; readonly version: number };

export interface GatewayAgentOptions {
  readonly sn: string;
  readonly secret: string;
  /** mqtt://host:port (or mqtts, ws, wss). */
  readonly platformUrl: string;
  readonly dataDir: string;
  /** Run every driver against a built-in simulator (see simulated-endpoints.ts). */
  readonly simulate?: boolean;
  readonly logger?: AgentLogger;
  readonly scheduler?: Scheduler;
  readonly formulas?: FormulaEngine;
  /**
   * Scripts and kept values: sandbox limits (tests give a clock of their own), how long script
   * states wait to go out together, how long a changed kept value waits to be saved.
   */
  readonly edge?: {
    readonly sandbox?: ScriptLimits;
    readonly reportDelayMs?: number;
    readonly saveDelayMs?: number;
  };
  readonly buffer?: {
    readonly maxBytes?: number;
    readonly segmentBytes?: number;
    readonly ackSaveDelayMs?: number;
  };
  readonly batch?: { readonly maxPoints?: number; readonly maxDelayMs?: number };
  /** Uploads in flight per lane, the acknowledgement timeout, points per backlog upload (forwarder.ts). */
  readonly upload?: {
    readonly maxInFlight?: number;
    readonly ackTimeoutMs?: number;
    readonly backlogInFlight?: number;
    readonly backlogPoints?: number;
  };
  readonly link?: {
    readonly reconnect?: ReconnectPolicy;
    readonly connectTimeoutMs?: number;
    readonly keepaliveSeconds?: number;
  };
  readonly statusIntervalMs?: number;
  readonly commandRetentionMs?: number;
  readonly identity?: Partial<GatewayIdentity>;
  /**
   * Appends every batch once it is buffered (`{"seq":…,"points":[…]}` per line), for field
   * diagnosis of what the gateway sent. Grows without bound: for investigations, not for everyday.
   */
  readonly traceFile?: string;
  /** Told of every step (see `AgentActivity`); it must not throw. */
  readonly onActivity?: (activity: AgentActivity) => void;
  /** Signal strength to report (0-100): a modem's reading; `--simulate` reports 80 when none is given. */
  readonly signal?: number;
  /** What the host lets the agent change of the remote settings (network, positioning); none by default. */
  readonly host?: HostCapabilities;
  /**
   * Restarts the agent's process (stop, then the launcher starts it again), so the settings read
   * only at start (working mode, MQTT) take effect: the restart command. Without it (no launcher)
   * the command restarts the device side only.
   */
  readonly restartProcess?: () => void;
  /** Upgrades (docs/ota.md). */
  readonly ota?: {
    /** The platform's HTTP address to download firmware from. */
    readonly downloadBase: string | null;
    /** Command that installs system firmware (`<kind> <version> <part>=<file>…`). */
    readonly installHook?: string | null;
    /** Run by the launcher: application firmware can be tried and rolled back. */
    readonly supervised?: boolean;
    /** Stops the agent and hands over to the launcher to start the trial package. */
    readonly restartIntoTrial?: () => void;
  };
}

/** The running agent's version: the launcher names the package it started. */
export function agentVersion(): string {
  return process.env.GATEWAY_AGENT_VERSION || AGENT_VERSION;
}
