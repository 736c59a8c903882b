/**
 * The gateway's remote settings on the agent: what is in force (kept in `settings.json`, so it
 * survives a restart), what each `settings` command did per setting, the viewer watch of smart
 * traffic saving, and the anti-tamper clock. The agent asks it how long to gather changes,
 * whether to confirm poll cycles, whether it is dormant and whether writes are allowed.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DEFAULT_GATEWAY_SETTINGS,
  gatewaySettingsSchema,
  type GatewaySettings,
  type SettingOutcome,
} from '@lyyp/contracts/gateway-ops';
import { removeFile, syncDirectory, writeFileAtomic } from '../buffer/durable-files.ts';
import { ViewerWatch, planSettings, writesBlocked, type HostCapabilities } from '../core/gateway-settings.ts';

export interface SettingsRunnerOptions {
  readonly file: string;
  readonly host: HostCapabilities;
  readonly now: () => number;
}

export class SettingsRunner {
  /** As read when the agent started: the working mode and the MQTT connection it runs with. */
  readonly atStart: GatewaySettings;
  private readonly viewers: ViewerWatch;
  private disconnectedSince: number | null;
  /** Whether the platform set the settings in force (otherwise the agent's own options rule). */
  private fromPlatform: boolean;

  private constructor(
    private readonly options: SettingsRunnerOptions,
    private current: GatewaySettings,
    /** Whether settings were ever saved (the MQTT settings then override the command line). */
    readonly saved: boolean,
  ) {
    this.fromPlatform = saved;
    this.atStart = current;
    this.viewers = new ViewerWatch(options.now());
    this.disconnectedSince = options.now();
  }

  static async open(options: SettingsRunnerOptions): Promise<SettingsRunner> {
    const stored = await readSettings(options.file);
    return new SettingsRunner(options, stored ?? DEFAULT_GATEWAY_SETTINGS, stored !== null);
  }

  get settings(): GatewaySettings {
    return this.current;
  }

  /** Takes what this host can apply, keeps it on disk, and answers for every setting. */
  async apply(wanted: GatewaySettings): Promise<SettingOutcome[]> {
    const { outcomes, accepted } = planSettings(this.current, wanted, this.options.host);
    await writeFileAtomic(this.options.file, JSON.stringify(accepted));
    this.current = accepted;
    this.fromPlatform = true;
    return outcomes;
  }

  /** Factory settings again; the file goes, so a restart keeps them. */
  async reset(): Promise<void> {
    await removeFile(this.options.file);
    await syncDirectory(path.dirname(this.options.file));
    this.current = DEFAULT_GATEWAY_SETTINGS;
    this.fromPlatform = false;
  }

  viewerSeen(): void {
    this.viewers.seen(this.options.now());
  }

  connected(): void {
    this.disconnectedSince = null;
  }

  disconnected(): void {
    this.disconnectedSince ??= this.options.now();
  }

  /**
   * How long a batch of changes is gathered now: the change-report interval; null while the
   * platform never set it (the agent's own batching applies).
   */
  batchDelayMs(): number | null {
    return this.fromPlatform ? this.viewers.batchDelayMs(this.current) : null;
  }

  /** Smart traffic saving stopped the live stream: nobody watched for ten minutes. */
  liveStopped(): boolean {
    return this.viewers.liveStopped(this.current, this.options.now());
  }

  /** Poll confirmations keep unchanged values fresh on screens; nobody needs them while live is stopped. */
  confirmationsWanted(): boolean {
    return !this.liveStopped();
  }

  get dormant(): boolean {
    return this.current.dormant;
  }

  writesBlocked(): boolean {
    return writesBlocked(this.current.antiTamper, this.disconnectedSince, this.options.now());
  }
}

async function readSettings(file: string): Promise<GatewaySettings | null> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const parsed = gatewaySettingsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
