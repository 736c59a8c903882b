/**
 * The built-in OPC UA server of `--simulate`, read and written by the gateway's own OPC UA driver:
 * one node per variable at its NodeId (namespaces created as needed), moving values, writes held.
 */
import { deviceModelSchema, type DeviceModel } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sample } from '../core/samples.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { GatewayCertificate } from '../opcua/gateway-certificate.ts';
import { OpcUaAgent } from '../opcua/opcua-agent.ts';
import { startOpcUaSimulator, type OpcUaSimulator } from './opcua-simulator.ts';

const START_MS = 60_000;

const variable = (key: string, address: string, dataType: string, extra: object = {}) => ({
  key,
  name: key,
  driverKey: 'ua',
  addressType: 'node-id',
  address,
  dataType,
  readWrite: 'read-write',
  ...extra,
});

const MODEL: DeviceModel = deviceModelSchema.parse({
  drivers: [
    {
      key: 'ua',
      name: 'Line',
      protocol: 'opcua',
      endpointUrl: 'opc.tcp://10.0.0.9:4840',
      pollIntervalMs: 100,
    },
  ],
  variables: [
    variable('running', 'ns=2;s=Line1.Running', 'boolean'),
    variable('speed', 'ns=2;i=1001', 'short'),
    variable('temp', 'ns=3;s=Oven.Temp', 'double', { decimals: 2 }),
    variable('count', 'ns=4;s=Count', 'long'),
    variable('recipe', 'ns=2;s=Line1.Recipe', 'string', { stringLength: 32 }),
  ],
});

describe('built-in OPC UA server', () => {
  let simulator: OpcUaSimulator;
  let clock = 15_000;
  beforeAll(async () => {
    simulator = await startOpcUaSimulator({ model: MODEL, driverKey: 'ua', now: () => clock });
  }, START_MS);
  afterAll(() => simulator?.stop());

  it(
    'serves a moving value per variable at its NodeId and holds what the gateway writes',
    async () => {
      const latest = new Map<string, Sample>();
      const conditions = new Conditions();
      const pointed: DeviceModel = {
        ...MODEL,
        drivers: MODEL.drivers.map((driver) => ({ ...driver, endpointUrl: simulator.endpointUrl })),
      };
      const agent = new OpcUaAgent({
        model: pointed,
        formulas: sharedFormulaEngine,
        certificate: new GatewayCertificate(),
        onReport: (report) => {
          for (const sample of report.readings) latest.set(sample.key, sample);
          conditions.check();
        },
        onError: () => undefined,
      });
      const value = (key: string) => {
        const sample = latest.get(key);
        return sample?.kind === 'reading' ? sample.value : undefined;
      };
      agent.start();
      try {
        await conditions.until(() => MODEL.variables.every((item) => value(item.key) !== undefined));
        expect(simulator.skipped).toEqual([]);
        expect([value('running'), value('recipe')]).toEqual([1, 'recipe']);
        const speed = value('speed') as number;
        expect(speed).toBeGreaterThanOrEqual(10);
        expect(speed).toBeLessThanOrEqual(90);
        clock += 10_000;
        await conditions.until(() => value('running') === 0 && value('speed') !== speed);
        expect(await agent.write('temp', 71.5)).toMatchObject({ ok: true, value: 71.5, readBack: true });
        expect(await agent.write('count', 2 ** 40)).toMatchObject({ ok: true, value: 2 ** 40 });
        clock += 10_000;
        const [temp] = await agent.readNow(['temp']);
        expect(temp).toMatchObject({ kind: 'reading', value: 71.5 });
      } finally {
        await agent.stop();
      }
    },
    START_MS,
  );
});
