/**
 * The OPC UA side of the edge agent: one runner (client, session, subscription) per OPC UA driver
 * of the configuration, each on its own, so a dead or restarting server only affects its own
 * variables. Same surface as the Modbus side: start, reports, read now, write, statuses, stop;
 * plus browsing a driver's server for the tag browser.
 */
import type { OpcUaDriver } from '@lyyp/contracts/device-model';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import { resolveFieldPoints } from '../core/field-points.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import { FieldDriverAgent } from '../agent/field-driver-agent.ts';
import type { GatewayCertificate } from './gateway-certificate.ts';
import type { BrowseOutcome } from './opcua-browse.ts';
import { OpcUaDriverRunner } from './opcua-driver.ts';

export interface OpcUaAgentOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly certificate: GatewayCertificate;
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly retryDelayMs?: { readonly first: number; readonly max: number };
}

export class OpcUaAgent extends FieldDriverAgent<OpcUaDriverRunner> {
  readonly runners: readonly OpcUaDriverRunner[];
  readonly rejected: readonly RejectedVariable[];

  constructor(options: OpcUaAgentOptions) {
    super();
    const resolved = resolveFieldPoints<OpcUaDriver>(options.model, options.formulas, 'opcua');
    this.rejected = resolved.rejected;
    const variables = new Map(options.model.variables.map((variable) => [variable.key, variable]));
    this.runners = resolved.drivers.map(
      (driver) =>
        new OpcUaDriverRunner({
          driver,
          points: resolved.points.filter((point) => point.driver.key === driver.key),
          rejected: resolved.rejected.filter((item) => variables.get(item.key)?.driverKey === driver.key),
          certificate: options.certificate,
          onReport: options.onReport,
          ...(options.onError ? { onError: options.onError } : {}),
          ...(options.retryDelayMs ? { retryDelayMs: options.retryDelayMs } : {}),
        }),
    );
  }

  browse(driverKey: string, nodeId: string | undefined): Promise<BrowseOutcome> {
    const runner = this.runners.find((candidate) => candidate.driver.key === driverKey);
    return runner ? runner.browse(nodeId) : Promise.resolve({ ok: false, code: '1782' });
  }
}
