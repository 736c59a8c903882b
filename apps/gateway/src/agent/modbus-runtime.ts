/**
 * The configuration the gateway runs and the field agents running it (Modbus, OPC UA; see
 * field-agents.ts). A new configuration is built beside the running one and takes over only once
 * it stands; if it cannot be built, the old one keeps running. No process restart is involved.
 */
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { ConfigPayload } from '@lyyp/contracts/protocol';
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { Sample } from '../core/samples.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';
import { GatewayCertificate } from '../opcua/gateway-certificate.ts';
import type { BrowseOutcome } from '../opcua/opcua-browse.ts';
import { FieldAgents } from './field-agents.ts';

export interface PreparedModel {
  readonly model: DeviceModel;
  /** The model runs now. */
  readonly activate: () => void;
  /** Frees what `prepare` started, once the model no longer runs (or never will). */
  readonly release: () => Promise<void>;
}

/** Rewrites where a configuration's drivers connect (the simulation does). */
export interface EndpointRewriter {
  prepare(model: DeviceModel): Promise<PreparedModel>;
}

export interface ModbusRuntimeOptions {
  readonly formulas: FormulaEngine;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly scheduler?: Scheduler;
  readonly endpoints?: EndpointRewriter;
  /** Where the gateway keeps its OPC UA application certificate (a temporary folder when left out). */
  readonly dataDir?: string;
}

interface Running {
  readonly config: ConfigPayload;
  readonly agent: FieldAgents;
  readonly prepared: PreparedModel;
}

const asIs = (model: DeviceModel): Promise<PreparedModel> =>
  Promise.resolve({ model, activate: () => undefined, release: () => Promise.resolve() });

export class ModbusRuntime {
  private running: Running | null = null;
  /** The gateway's OPC UA application certificate, made once and kept across configurations. */
  readonly certificate: GatewayCertificate;

  constructor(private readonly options: ModbusRuntimeOptions) {
    this.certificate = new GatewayCertificate(options.dataDir);
  }

  private createAgents(model: DeviceModel): FieldAgents {
    return new FieldAgents({
      model,
      formulas: this.options.formulas,
      onReport: this.options.onReport,
      certificate: this.certificate,
      ...(this.options.onError ? { onError: this.options.onError } : {}),
      ...(this.options.scheduler ? { scheduler: this.options.scheduler } : {}),
    });
  }

  /** Version of the configuration running (0: none). */
  get version(): number {
    return this.running?.config.version ?? 0;
  }

  get config(): ConfigPayload | null {
    return this.running?.config ?? null;
  }

  /** Variables of the running configuration that cannot be polled, with the reason. */
  get rejected(): readonly RejectedVariable[] {
    return this.running?.agent.rejected ?? [];
  }

  /** Runs a configuration in place of the current one; throws (and keeps the current one) if it cannot be built. */
  async apply(config: ConfigPayload): Promise<void> {
    const prepared = await (this.options.endpoints?.prepare(config.model) ?? asIs(config.model));
    let agent: FieldAgents;
    try {
      agent = this.createAgents(prepared.model);
    } catch (error) {
      await prepared.release();
      throw error;
    }
    await this.stopRunning();
    this.running = { config, agent, prepared };
    prepared.activate();
    agent.start();
  }

  /** Stops and starts the Modbus side again with the same configuration (the restart command). */
  async restart(): Promise<void> {
    const running = this.running;
    if (!running) return;
    await running.agent.stop();
    const agent = this.createAgents(running.prepared.model);
    this.running = { ...running, agent };
    agent.start();
  }

  async stop(): Promise<void> {
    await this.stopRunning();
  }

  /** Reads variables now; without a configuration every key is unknown (99903). */
  async readNow(keys: readonly string[], at: number): Promise<Sample[]> {
    if (!this.running) return keys.map((key) => ({ kind: 'fault', key, code: '99903', at }));
    return this.running.agent.readNow(keys);
  }

  async write(key: string, value: unknown): Promise<WriteOutcome> {
    if (!this.running) return { ok: false, key, code: '1714' };
    return this.running.agent.write(key, value);
  }

  statuses(): SlaveStatus[] {
    return this.running?.agent.statuses() ?? [];
  }

  /** Poll cycles completed per slave by the Modbus side running now. */
  cycleCounts(): Record<string, number> {
    return this.running?.agent.cycleCounts() ?? {};
  }

  /** The children of a node of an OPC UA driver's server (the tag browser). */
  async browse(driverKey: string, nodeId: string | undefined): Promise<BrowseOutcome> {
    if (!this.running) return { ok: false, code: '99903' };
    return this.running.agent.browse(driverKey, nodeId);
  }

  private async stopRunning(): Promise<void> {
    const running = this.running;
    this.running = null;
    if (!running) return;
    await running.agent.stop();
    await running.prepared.release();
  }
}
