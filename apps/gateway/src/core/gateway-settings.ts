/**
 * What the edge agent does with the platform's remote settings (pure): for each setting, whether
 * it is in force now, in force after the agent's next start, or impossible on this host. And the
 * two behaviours the agent runs itself: smart traffic saving (a viewer watch deciding whether
 * the live stream runs) and anti-tamper (no writes after a long time without the platform).
 */
import {
  GATEWAY_SETTING_KEYS,
  TRAFFIC_SAVING_IDLE_MS,
  changedSettingKeys,
  type GatewaySettingKey,
  type GatewaySettings,
  type SettingOutcome,
} from '@lyyp/contracts/gateway-ops';

/** What the host the agent runs on lets it change. */
export interface HostCapabilities {
  /** WAN, WLAN (cellular), Wi-Fi and LAN interfaces. */
  readonly network: boolean;
  /** A modem that can locate the gateway by base stations. */
  readonly positioning: boolean;
}

/** An ordinary computer running the agent: it does not own its network or a modem. */
export const PLAIN_HOST: HostCapabilities = { network: false, positioning: false };

const NETWORK_KEYS: ReadonlySet<GatewaySettingKey> = new Set(['wan', 'wlan', 'wifi', 'lan']);
/** Read once at start: the working mode (§4: a restart is required) and the MQTT connection. */
const AT_START_KEYS: ReadonlySet<GatewaySettingKey> = new Set(['mode', 'mqtt']);
export const UNSUPPORTED_SETTING_CODE = '2860';

/**
 * The answer for every setting. One the host cannot apply is reported `unsupported` when asked to
 * change (a setting left as it is, is trivially in force), and it keeps its running value.
 */
export function planSettings(
  running: GatewaySettings,
  wanted: GatewaySettings,
  host: HostCapabilities,
): { outcomes: SettingOutcome[]; accepted: GatewaySettings } {
  const changed = new Set(changedSettingKeys(running, wanted));
  const accepted: GatewaySettings = { ...wanted };
  const outcomes = GATEWAY_SETTING_KEYS.map((key): SettingOutcome => {
    const unsupported =
      (NETWORK_KEYS.has(key) && !host.network) ||
      (key === 'basePositioning' && wanted.basePositioning && !host.positioning);
    if (unsupported && (changed.has(key) || key === 'basePositioning')) {
      Object.assign(accepted, { [key]: running[key] });
      return { key, status: 'unsupported', code: UNSUPPORTED_SETTING_CODE };
    }
    if (AT_START_KEYS.has(key) && changed.has(key)) return { key, status: 'restart-required' };
    return { key, status: 'applied' };
  });
  return { outcomes, accepted };
}

/**
 * Smart traffic saving (§9): the platform says when someone watches the device (`down/view`, or
 * any command). Without a viewer for `TRAFFIC_SAVING_IDLE_MS` the live stream stops: changes are
 * still gathered at the change-report interval and kept in the gateway's buffer as history, but
 * they go up only together, every `TRAFFIC_SAVING_HISTORY_UPLOAD_MS`, and poll confirmations are
 * left out. The next hint or command resumes live at once.
 */
export class ViewerWatch {
  private lastViewAt: number;

  constructor(now: number) {
    this.lastViewAt = now;
  }

  seen(now: number): void {
    this.lastViewAt = Math.max(this.lastViewAt, now);
  }

  watched(now: number): boolean {
    return now - this.lastViewAt < TRAFFIC_SAVING_IDLE_MS;
  }

  /** Whether the live stream is stopped now (traffic saving on and nobody watching). */
  liveStopped(settings: GatewaySettings, now: number): boolean {
    return settings.trafficSaving && !this.watched(now);
  }

  /** How long changes are gathered: the change-report interval, watched or not. */
  batchDelayMs(settings: GatewaySettings): number {
    return settings.reportIntervalSeconds * 1000;
  }
}

/**
 * §9 anti-tamper: after this long without the platform, the gateway stops writing to its devices
 * (commands and scripts alike) until the platform is back. The specification leaves N open.
 */
export const ANTI_TAMPER_OFFLINE_MS = 5 * 60_000;
/** Catalogue code of a write refused by anti-tamper. */
export const ANTI_TAMPER_WRITE_CODE = '2865';

/** Whether writes are refused now: anti-tamper on and the platform gone for too long. */
export function writesBlocked(antiTamper: boolean, disconnectedSince: number | null, now: number): boolean {
  return antiTamper && disconnectedSince !== null && now - disconnectedSince >= ANTI_TAMPER_OFFLINE_MS;
}
