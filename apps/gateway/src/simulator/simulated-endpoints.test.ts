/**
 * `--simulate` with a product of every driver kind: each driver is pointed at its own built-in
 * simulator (Modbus slave, OPC UA server, S7 PLC) and the gateway reads values from all of them.
 */
import { deviceModelSchema } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import { FieldAgents } from '../agent/field-agents.ts';
import { SimulatedEndpoints } from '../agent/simulated-endpoints.ts';
import type { Sample } from '../core/samples.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import { Conditions } from '../core/testing/conditions.ts';
import { GatewayCertificate } from '../opcua/gateway-certificate.ts';

const MODEL = deviceModelSchema.parse({
  drivers: [
    {
      key: 'meter',
      name: 'Meter',
      protocol: 'modbus-rtu',
      serialPort: '/dev/ttyUSB9',
      slaveId: 3,
      pollIntervalMs: 200,
    },
    {
      key: 'line',
      name: 'Line',
      protocol: 'opcua',
      endpointUrl: 'opc.tcp://plant.invalid:4840',
      securityMode: 'SignAndEncrypt',
      securityPolicy: 'Basic256Sha256',
      authentication: 'username',
      userName: 'operator',
      password: 'secret',
      pollIntervalMs: 200,
    },
    { key: 'plc', name: 'PLC', protocol: 's7', host: '192.0.2.10', rack: 0, slot: 1, pollIntervalMs: 200 },
  ],
  variables: [
    {
      key: 'level',
      name: 'Level',
      driverKey: 'meter',
      registerType: 'holding-register',
      address: '0',
      dataType: 'short',
    },
    {
      key: 'temp',
      name: 'Temp',
      driverKey: 'line',
      addressType: 'node-id',
      address: 'ns=2;s=Oven.Temp',
      dataType: 'double',
    },
    {
      key: 'speed',
      name: 'Speed',
      driverKey: 'plc',
      addressType: 's7',
      address: 'DB1.DBW0',
      dataType: 'short',
    },
    { key: 'run', name: 'Run', driverKey: 'plc', addressType: 's7', address: 'M0.0', dataType: 'boolean' },
  ],
});

describe('simulated endpoints', () => {
  it('serves every driver kind of a product without hardware', { timeout: 60_000 }, async () => {
    const endpoints = new SimulatedEndpoints();
    const prepared = await endpoints.prepare(MODEL);
    const latest = new Map<string, Sample>();
    const conditions = new Conditions();
    const agents = new FieldAgents({
      model: prepared.model,
      formulas: sharedFormulaEngine,
      certificate: new GatewayCertificate(),
      onReport: (report) => {
        for (const sample of report.readings) latest.set(sample.key, sample);
        conditions.check();
      },
    });
    prepared.activate();
    agents.start();
    try {
      expect(endpoints.current.map((endpoint) => [endpoint.driverKey, endpoint.protocol])).toEqual([
        ['meter', 'Modbus'],
        ['line', 'OPC UA'],
        ['plc', 'S7'],
      ]);
      expect(prepared.model.drivers[1]).toMatchObject({ securityMode: 'None', authentication: 'anonymous' });
      expect(prepared.model.drivers[2]).toMatchObject({ host: '127.0.0.1' });
      await conditions.until(() =>
        MODEL.variables.every((variable) => latest.get(variable.key)?.kind === 'reading'),
      );
    } finally {
      await agents.stop();
      await prepared.release();
    }
  });
});
