/**
 * The S7 side of the edge agent: one runner (one connection) per S7 driver of the configuration,
 * each on its own, so a dead or restarting PLC only affects its own variables. Same surface as the
 * Modbus and OPC UA sides: start, reports, read now, write, statuses, stop.
 */
import { parseS7Address, type DeviceModel, type S7Driver } from '@lyyp/contracts/device-model';
import { resolveFieldPoints } from '../core/field-points.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import { FieldDriverAgent } from '../agent/field-driver-agent.ts';
import { S7DriverRunner, type S7Point } from './s7-driver.ts';

export interface S7AgentOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly retryDelayMs?: { readonly first: number; readonly max: number };
}

export class S7Agent extends FieldDriverAgent<S7DriverRunner> {
  readonly runners: readonly S7DriverRunner[];
  readonly rejected: readonly RejectedVariable[];

  constructor(options: S7AgentOptions) {
    super();
    const resolved = resolveFieldPoints<S7Driver>(options.model, options.formulas, 's7');
    this.rejected = resolved.rejected;
    const points: S7Point[] = resolved.points.flatMap((point) => {
      // resolveFieldPoints accepted the address, so it parses.
      const s7 = parseS7Address(point.address);
      return s7 ? [{ ...point, s7 }] : [];
    });
    const variables = new Map(options.model.variables.map((variable) => [variable.key, variable]));
    this.runners = resolved.drivers.map(
      (driver) =>
        new S7DriverRunner({
          driver,
          points: points.filter((point) => point.driver.key === driver.key),
          rejected: resolved.rejected.filter((item) => variables.get(item.key)?.driverKey === driver.key),
          onReport: options.onReport,
          ...(options.onError ? { onError: options.onError } : {}),
          ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
        }),
    );
  }
}
