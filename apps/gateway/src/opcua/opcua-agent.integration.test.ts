/**
 * The OPC UA side against node-opcua's own server (a third-party server, started here): every
 * data type read and written exactly, by subscription and by polling; a node that turns bad and
 * one that does not exist leave the others alone; a server restart gives values again within 10 s;
 * Sign & Encrypt with a user; a dead server next to a Modbus slave on the same gateway.
 * Waits are on reports (no sleeps); the time limits are generous for a loaded machine.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { deviceModelSchema, type DeviceModel, type VariableInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldAgents } from '../agent/field-agents.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/modbus-simulator.ts';
import {
  Observer,
  SERVER_START_MS,
  TEST_MS,
  TYPES,
  certificate,
  startAgent,
  uaModel,
} from './testing/opcua-agent-harness.ts';
import { OpcUaFixture } from './testing/opcua-fixture.ts';

describe('OPC UA driver against node-opcua server', () => {
  let fixture: OpcUaFixture;
  beforeAll(async () => {
    fixture = await OpcUaFixture.start();
  }, SERVER_START_MS);
  afterAll(async () => {
    await fixture?.stop();
  });

  it(
    'reads every data type exactly by subscription, and follows changes',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, {}));
      try {
        await observer.until(() => TYPES.every((type) => observer.value(type.name) !== undefined));
        for (const type of TYPES)
          expect([type.name, observer.value(type.name)]).toEqual([type.name, type.first]);
        expect(agent.runners[0]!.mode).toBe('subscription');
        fixture.set('Double', 22.5);
        await observer.until(() => observer.value('Double') === 22.5);
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it.each([true, false])(
    'reads and writes a node addressed by its namespace URI (subscribe: %s); an unknown URI is a missing node',
    async (subscribe) => {
      const byUri = (key: string, address: string): VariableInput => ({
        key,
        name: key,
        driverKey: 'ua',
        addressType: 'node-id',
        address,
        dataType: 'double',
        readWrite: 'read-write',
        decimals: 6,
      });
      const model = uaModel(fixture, { subscribe }, [
        byUri('ByUri', `nsu=${fixture.namespaceUri};s=Line1.Flaky`),
        byUri('Elsewhere', 'nsu=http://example.com/UA/Absent/;s=Line1.Flaky'),
      ]);
      const { agent, observer } = startAgent(model);
      try {
        // The node by URI reads beside the others (an earlier test left Double at another value).
        await observer.until(
          () => observer.value('ByUri') === 5 && typeof observer.value('Double') === 'number',
        );
        expect(observer.code('Elsewhere')).toBe('1741');
        expect(await agent.write('ByUri', 6.5)).toMatchObject({ ok: true, value: 6.5, readBack: true });
        expect(fixture.read('Flaky')).toBe(6.5);
        await observer.until(() => observer.value('ByUri') === 6.5);
      } finally {
        await agent.stop();
        fixture.set('Flaky', 5);
      }
    },
    TEST_MS,
  );

  it(
    'writes every data type and confirms each by reading the node back',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, {}));
      const writes: readonly [string, number | string, unknown][] = [
        ['Bool', 0, false],
        ['SByte', 127, 127],
        ['Byte', 0, 0],
        ['Int16', 32767, 32767],
        ['UInt16', 1, 1],
        ['Int32', 123456789, 123456789],
        ['UInt32', 4294967295, 4294967295],
        ['Int64', -(2 ** 53) + 1, [0xffe00000, 1]],
        ['UInt64', 2 ** 53 - 1, [0x001fffff, 0xffffffff]],
        ['Float', 0.15625, 0.15625],
        ['Double', 1234.567891, 1234.567891],
        ['String', 'Ünïcode ✓', 'Ünïcode ✓'],
        ['Array', '[4,5]', Int32Array.from([4, 5])],
        ['Numeric', -7.5, -7.5],
        ['Guid', -1, -1],
        ['Opaque', 65535, 65535],
      ];
      try {
        await observer.until(() => agent.runners[0]!.status().connected);
        for (const [key, value, onServer] of writes) {
          const outcome = await agent.write(key, value);
          expect({ written: key, ...outcome }).toMatchObject({
            written: key,
            ok: true,
            value,
            readBack: true,
          });
          expect([key, fixture.read(key)]).toEqual([key, onServer]);
        }
        // A float is confirmed as the server stores it (32 bits), not as typed.
        const float = await agent.write('Float', 3.14);
        expect(float).toMatchObject({ ok: true, value: 3.14, raw: Math.fround(3.14) });
        expect(await agent.write('Int16', 40000)).toEqual({ ok: false, key: 'Int16', code: '2003' });
      } finally {
        await agent.stop();
        for (const type of TYPES)
          if (type.name !== 'Array') fixture.set(type.name, initialOnServer(type.name));
      }
    },
    TEST_MS,
  );

  it(
    'polls where subscriptions are not used',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, { subscribe: false }));
      try {
        await observer.until(() => observer.value('Double') !== undefined);
        expect(agent.runners[0]!.mode).toBe('polling');
        fixture.set('Double', 30.5);
        await observer.until(() => observer.value('Double') === 30.5);
      } finally {
        await agent.stop();
        fixture.set('Double', 21.25);
      }
    },
    TEST_MS,
  );

  it(
    'reports a node that turns bad and a node that does not exist, and keeps reading the others',
    async () => {
      const missing: VariableInput = {
        key: 'Missing',
        name: 'Missing',
        driverKey: 'ua',
        addressType: 'node-id',
        address: 'ns=1;s=Line1.Nope',
        dataType: 'double',
        decimals: 6,
      };
      const flaky: VariableInput = {
        key: 'Flaky',
        name: 'Flaky',
        driverKey: 'ua',
        addressType: 'node-id',
        address: fixture.nodeId('Flaky'),
        dataType: 'double',
        decimals: 6,
      };
      const { agent, observer } = startAgent(uaModel(fixture, {}, [missing, flaky]));
      try {
        await observer.until(() => observer.code('Missing') === '1741' && observer.value('Flaky') === 5);
        fixture.set('Flaky', 5, true);
        await observer.until(() => observer.code('Flaky') === '1743');
        fixture.set('Double', 23.5);
        await observer.until(() => observer.value('Double') === 23.5, 'a good node still changes');
        fixture.set('Flaky', 6);
        await observer.until(() => observer.value('Flaky') === 6);
      } finally {
        await agent.stop();
        fixture.set('Double', 21.25);
      }
    },
    TEST_MS,
  );

  it(
    'gives values again within 10 s of a restarted server being back, by a new subscription',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, {}));
      try {
        await observer.until(() => observer.value('Double') === 21.25);
        const runner = agent.runners[0]!;
        await fixture.halt();
        await observer.until(() => observer.code('Double') === '1744', 'the loss is reported');
        await fixture.restart();
        const back = Date.now();
        await observer.until(() => observer.value('Double') === 21.25, 'values after the restart');
        expect(Date.now() - back).toBeLessThan(10_000);
        expect(runner.opened).toBeGreaterThanOrEqual(2);
        expect(runner.mode).toBe('subscription');
        fixture.set('Double', 24.5);
        await observer.until(() => observer.value('Double') === 24.5, 'changes after the restart');
      } finally {
        await agent.stop();
        fixture.set('Double', 21.25);
      }
    },
    TEST_MS,
  );
});

function initialOnServer(name: string): unknown {
  return {
    Bool: true,
    SByte: -100,
    Byte: 200,
    Int16: -30000,
    UInt16: 60000,
    Int32: -2000000000,
    UInt32: 4000000000,
    Int64: [0xfffffeff, 0xfffffffb],
    UInt64: [0x00100000, 3],
    Float: 1.5,
    Double: 21.25,
    String: 'Oven 3 – 炉',
    Numeric: 3.25,
    Guid: 42,
    Opaque: 7,
  }[name];
}

describe('OPC UA with Sign & Encrypt and a user', () => {
  let fixture: OpcUaFixture;
  beforeAll(async () => {
    fixture = await OpcUaFixture.start({ secureUser: { userName: 'operator', password: 's3cret' } });
  }, SERVER_START_MS);
  afterAll(async () => {
    await fixture?.stop();
  });

  const secured = {
    securityMode: 'SignAndEncrypt',
    securityPolicy: 'Basic256Sha256',
    authentication: 'username',
    userName: 'operator',
  } as const;

  it(
    'reads with the right user over an encrypted channel, with the gateway certificate thumbprint known',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, { ...secured, password: 's3cret' }));
      try {
        await observer.until(() => observer.value('Double') === 21.25);
        expect(certificate.thumbprint).toMatch(/^([0-9A-F]{2}:){19}[0-9A-F]{2}$/);
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );

  it(
    'says the user was refused when the password is wrong',
    async () => {
      const { agent, observer } = startAgent(uaModel(fixture, { ...secured, password: 'wrong' }));
      try {
        await observer.until(() => observer.code('Double') === '1746');
        expect(agent.runners[0]!.status()).toMatchObject({ connected: false, lastErrorCode: '1746' });
      } finally {
        await agent.stop();
      }
    },
    TEST_MS,
  );
});

describe('a dead OPC UA server next to a Modbus slave', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let simulator: ModbusSimulator;
  beforeAll(async () => {
    // Accepts connections and never answers: the worst a server can do.
    silent = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await simulator?.stop();
  });

  it(
    'never slows the Modbus side of the same gateway',
    async () => {
      const port = (silent.address() as { port: number }).port;
      const model = deviceModelSchema.parse({
        drivers: [
          {
            key: 'meter',
            name: 'Meter',
            protocol: 'modbus-tcp',
            host: '127.0.0.1',
            port: 1,
            slaveId: 1,
            pollIntervalMs: 100,
          },
          {
            key: 'ua',
            name: 'Dead',
            protocol: 'opcua',
            endpointUrl: `opc.tcp://127.0.0.1:${port}`,
            timeoutMs: 200,
          },
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
            driverKey: 'ua',
            addressType: 'node-id',
            address: 'ns=1;i=1',
            dataType: 'double',
          },
        ],
      });
      simulator = await startModbusSimulator({ host: '127.0.0.1', model, driverKey: 'meter' });
      const pointed: DeviceModel = {
        ...model,
        drivers: model.drivers.map((driver) =>
          driver.protocol === 'modbus-tcp' ? { ...driver, port: simulator.port } : driver,
        ),
      };
      const observer = new Observer();
      const modbusCycles: PollReport[] = [];
      const agents = new FieldAgents({
        model: pointed,
        formulas: sharedFormulaEngine,
        certificate,
        onReport: (report) => {
          if (report.driverKey === 'meter') modbusCycles.push(report);
          observer.onReport(report);
        },
      });
      agents.start();
      try {
        // The dead server costs the OPC UA side whole connection timeouts…
        await observer.until(() => agents.opcua.runners[0]!.status().failures >= 2, 'two failed sessions');
        const spent = modbusCycles.length;
        // …while the Modbus side kept its 100 ms cycles, each one complete.
        expect(spent).toBeGreaterThanOrEqual(10);
        expect(modbusCycles.every((report) => report.complete)).toBe(true);
        const gaps = modbusCycles.slice(1).map((report, index) => report.at - modbusCycles[index]!.at);
        expect(Math.max(...gaps)).toBeLessThan(2000);
        expect(observer.code('temp')).toBe('1744');
      } finally {
        await agents.stop();
      }
    },
    TEST_MS,
  );
});
