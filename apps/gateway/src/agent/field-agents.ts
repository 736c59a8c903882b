/**
 * Every field protocol of a configuration behind one surface: the Modbus side (poller and writer
 * over its links), the OPC UA side (one client per server) and the S7 side (one connection per
 * controller). Each side gets only its own drivers and variables and runs on its own, so a dead
 * server of one protocol never holds up another. Reads, writes and browsing go to the side that
 * owns the variable or driver.
 */
import { PROTOCOL_FAMILY, type DeviceModel, type ProtocolFamily } from '@lyyp/contracts/device-model';
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { Sample } from '../core/samples.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { createModbusAgent, type ModbusAgent } from '../modbus/modbus-agent.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';
import type { GatewayCertificate } from '../opcua/gateway-certificate.ts';
import { OpcUaAgent } from '../opcua/opcua-agent.ts';
import type { BrowseOutcome } from '../opcua/opcua-browse.ts';
import { S7Agent } from '../s7/s7-agent.ts';

export interface FieldAgentsOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly scheduler?: Scheduler;
  readonly certificate: GatewayCertificate;
}

/** The part of a model one protocol family runs: its drivers and their device variables. */
export function modelOfFamily(model: DeviceModel, family: ProtocolFamily): DeviceModel {
  const drivers = model.drivers.filter((driver) => PROTOCOL_FAMILY[driver.protocol] === family);
  const keys = new Set(drivers.map((driver) => driver.key));
  return {
    ...model,
    drivers,
    variables: model.variables.filter(
      (variable) =>
        variable.kind === 'device' && variable.driverKey !== undefined && keys.has(variable.driverKey),
    ),
  };
}

export class FieldAgents {
  readonly modbus: ModbusAgent;
  readonly opcua: OpcUaAgent;
  readonly s7: S7Agent;

  constructor(options: FieldAgentsOptions) {
    const shared = {
      formulas: options.formulas,
      onReport: options.onReport,
      ...(options.onError ? { onError: options.onError } : {}),
    };
    this.modbus = createModbusAgent({
      ...shared,
      model: modelOfFamily(options.model, 'modbus'),
      ...(options.scheduler ? { scheduler: options.scheduler } : {}),
    });
    this.opcua = new OpcUaAgent({
      ...shared,
      model: modelOfFamily(options.model, 'opcua'),
      certificate: options.certificate,
    });
    this.s7 = new S7Agent({ ...shared, model: modelOfFamily(options.model, 's7') });
  }

  get rejected(): readonly RejectedVariable[] {
    return [...this.modbus.poller.rejected, ...this.opcua.rejected, ...this.s7.rejected];
  }

  start(): void {
    this.modbus.start();
    this.opcua.start();
    this.s7.start();
  }

  async stop(): Promise<void> {
    await Promise.all([this.modbus.stop(), this.opcua.stop(), this.s7.stop()]);
  }

  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const opcuaKeys = keys.filter((key) => this.opcua.owns(key));
    const s7Keys = keys.filter((key) => this.s7.owns(key));
    const [modbus, opcua, s7] = await Promise.all([
      this.modbus.readNow(keys.filter((key) => !this.opcua.owns(key) && !this.s7.owns(key))),
      opcuaKeys.length ? this.opcua.readNow(opcuaKeys) : Promise.resolve([]),
      s7Keys.length ? this.s7.readNow(s7Keys) : Promise.resolve([]),
    ]);
    const byKey = new Map([...modbus, ...opcua, ...s7].map((sample) => [sample.key, sample]));
    return keys.map((key) => byKey.get(key)).filter((sample) => sample !== undefined);
  }

  write(key: string, value: unknown): Promise<WriteOutcome> {
    if (this.s7.owns(key)) return this.s7.write(key, value);
    return this.opcua.owns(key) ? this.opcua.write(key, value) : this.modbus.write(key, value);
  }

  browse(driverKey: string, nodeId: string | undefined): Promise<BrowseOutcome> {
    return this.opcua.browse(driverKey, nodeId);
  }

  statuses(): SlaveStatus[] {
    return [...this.modbus.statuses(), ...this.opcua.statuses(), ...this.s7.statuses()];
  }

  cycleCounts(): Record<string, number> {
    return { ...this.modbus.poller.cycleCounts(), ...this.opcua.cycleCounts(), ...this.s7.cycleCounts() };
  }
}
