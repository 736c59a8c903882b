/**
 * What the OPC UA agent's tests against node-opcua's server share: the fixture's nodes as
 * variables of every type, a model pointing at a fixture, an observer of the reports (waits on
 * them, never sleeps), and starting an agent.
 */
import {
  deviceModelSchema,
  type DeviceModel,
  type DriverInput,
  type VariableInput,
} from '@lyyp/contracts/device-model';
import { sharedFormulaEngine } from '../../core/shared-formula-engine.ts';
import { ReportObserver } from '../../agent/testing/report-observer.ts';
import { GatewayCertificate } from '../gateway-certificate.ts';
import { OpcUaAgent } from '../opcua-agent.ts';
import type { OpcUaFixture } from './opcua-fixture.ts';

export const SERVER_START_MS = 180_000;
export const TEST_MS = 180_000;

/** Every fixture node as a variable: platform type, and what it reads at first. */
export const TYPES: readonly { name: string; dataType: VariableInput['dataType']; first: number | string }[] =
  [
    { name: 'Bool', dataType: 'boolean', first: 1 },
    { name: 'SByte', dataType: 'byte', first: -100 },
    { name: 'Byte', dataType: 'unbyte', first: 200 },
    { name: 'Int16', dataType: 'short', first: -30000 },
    { name: 'UInt16', dataType: 'unshort', first: 60000 },
    { name: 'Int32', dataType: 'int', first: -2000000000 },
    { name: 'UInt32', dataType: 'unint', first: 4000000000 },
    { name: 'Int64', dataType: 'long', first: -(2 ** 40) - 5 },
    { name: 'UInt64', dataType: 'long', first: 2 ** 52 + 3 },
    { name: 'Float', dataType: 'float', first: 1.5 },
    { name: 'Double', dataType: 'double', first: 21.25 },
    { name: 'String', dataType: 'string', first: 'Oven 3 – 炉' },
    { name: 'Array', dataType: 'string', first: '[1,-2,3]' },
    { name: 'Numeric', dataType: 'double', first: 3.25 },
    { name: 'Guid', dataType: 'int', first: 42 },
    { name: 'Opaque', dataType: 'unshort', first: 7 },
  ];

export function uaModel(
  fixture: OpcUaFixture,
  driver: Partial<DriverInput>,
  extra: VariableInput[] = [],
): DeviceModel {
  return deviceModelSchema.parse({
    drivers: [
      {
        key: 'ua',
        name: 'Line 1',
        protocol: 'opcua',
        endpointUrl: fixture.endpointUrl,
        pollIntervalMs: 200,
        ...driver,
      },
    ],
    variables: [
      ...TYPES.map((type) => ({
        key: type.name,
        name: type.name,
        driverKey: 'ua',
        addressType: 'node-id',
        address: fixture.nodeId(type.name),
        dataType: type.dataType,
        readWrite: 'read-write',
        decimals: 6,
        samplingIntervalMs: 100,
        ...(type.dataType === 'string' ? { stringLength: 64 } : {}),
      })),
      ...extra,
    ],
  });
}

export const certificate = new GatewayCertificate();

export { ReportObserver as Observer };

export function startAgent(
  model: DeviceModel,
  retryDelayMs?: { readonly first: number; readonly max: number },
): { agent: OpcUaAgent; observer: ReportObserver } {
  const observer = new ReportObserver();
  const agent = new OpcUaAgent({
    model,
    formulas: sharedFormulaEngine,
    certificate,
    onReport: observer.onReport,
    onError: () => undefined,
    ...(retryDelayMs ? { retryDelayMs } : {}),
  });
  agent.start();
  return { agent, observer };
}
