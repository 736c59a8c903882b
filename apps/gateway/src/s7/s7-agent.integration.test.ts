/**
 * The S7 side against snap7's S7Server (a third-party S7 server, started here with DB, M, I and
 * Q areas of known contents): every data type read exactly in one request and written with
 * read-back; strings and bits; an address out of range gives its code without hiding its
 * neighbours; a PLC switched off and on gives values again; a dead or refusing PLC next to a
 * Modbus slave on the same gateway. Waits are on reports (no sleeps).
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  deviceModelSchema,
  type DeviceModel,
  type DriverInput,
  type VariableInput,
} from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FieldAgents } from '../agent/field-agents.ts';
import { ReportObserver as Observer } from '../agent/testing/report-observer.ts';
import { sharedFormulaEngine } from '../core/shared-formula-engine.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import { GatewayCertificate } from '../opcua/gateway-certificate.ts';
import { startModbusSimulator, type ModbusSimulator } from '../simulator/modbus-simulator.ts';
import { S7Agent } from './s7-agent.ts';
import { db1Contents, LONG_TEXT, Snap7Fixture } from './testing/snap7-fixture.ts';

/** Every kind of address and data type, with what the fixture holds there. */
const VARIABLES: readonly {
  key: string;
  address: string;
  dataType: VariableInput['dataType'];
  first: number | string;
  write?: number | string;
  readOnly?: boolean;
}[] = [
  { key: 'dbBit0', address: 'DB1.DBX0.0', dataType: 'boolean', first: 1, write: 0 },
  { key: 'dbBit1', address: 'DB1.DBX0.1', dataType: 'boolean', first: 0, write: 1 },
  { key: 'dbBit2', address: 'DB1.DBX0.2', dataType: 'boolean', first: 1 },
  { key: 'dbByte', address: 'DB1.DBB1', dataType: 'unbyte', first: 200, write: 255 },
  { key: 'dbSint', address: 'DB1.DBB2', dataType: 'byte', first: -100, write: -128 },
  { key: 'dbWord', address: 'DB1.DBW4', dataType: 'unshort', first: 60000, write: 65535 },
  { key: 'dbInt', address: 'DB1.DBW6', dataType: 'short', first: -30000, write: -32768 },
  { key: 'dbDword', address: 'DB1.DBD8', dataType: 'unint', first: 4_000_000_000, write: 4_294_967_295 },
  { key: 'dbDint', address: 'DB1.DBD12', dataType: 'int', first: -2_000_000_000, write: -2_147_483_648 },
  { key: 'dbReal', address: 'DB1.DBD16', dataType: 'float', first: 21.25, write: -1234.5 },
  { key: 'dbText', address: 'DB1.S20.20', dataType: 'string', first: 'Oven 3', write: 'Four ÄÖÜ ß' },
  { key: 'dbReal2', address: 'DB1.DBD42', dataType: 'float', first: -0.5 },
  { key: 'dbWord2', address: 'DB1.DBW52', dataType: 'unshort', first: 4242 },
  { key: 'mBit', address: 'M10.1', dataType: 'boolean', first: 1, write: 0 },
  { key: 'mInt', address: 'MW20', dataType: 'short', first: 1234, write: -1 },
  { key: 'mReal', address: 'MD24', dataType: 'float', first: 3.5, write: 0.25 },
  { key: 'iBit', address: 'I0.0', dataType: 'boolean', first: 1, readOnly: true },
  { key: 'iWord', address: 'IW2', dataType: 'unshort', first: 777, readOnly: true },
  { key: 'qBit', address: 'Q0.1', dataType: 'boolean', first: 1, write: 0 },
  { key: 'qWord', address: 'QW2', dataType: 'unshort', first: 4321, write: 1 },
];

function s7Model(
  fixture: Snap7Fixture,
  driver: Partial<DriverInput> = {},
  extra: VariableInput[] = [],
): DeviceModel {
  return deviceModelSchema.parse({
    drivers: [
      {
        key: 'plc',
        name: 'Line 1 PLC',
        protocol: 's7',
        host: fixture.host,
        port: fixture.port,
        rack: 0,
        slot: 1,
        pduSize: 480,
        pollIntervalMs: 100,
        timeoutMs: 1000,
        ...driver,
      },
    ],
    variables: [
      ...VARIABLES.map((variable) => ({
        key: variable.key,
        name: variable.key,
        driverKey: 'plc',
        addressType: 's7',
        address: variable.address,
        dataType: variable.dataType,
        readWrite: variable.readOnly ? 'read-only' : 'read-write',
        decimals: 6,
        ...(variable.dataType === 'string' ? { stringLength: 20 } : {}),
      })),
      ...extra,
    ],
  });
}

function startAgent(model: DeviceModel): { agent: S7Agent; observer: Observer } {
  const observer = new Observer();
  const agent = new S7Agent({
    model,
    formulas: sharedFormulaEngine,
    onReport: observer.onReport,
    onError: () => undefined,
    retryDelayMs: { first: 50, max: 200 },
  });
  agent.start();
  return { agent, observer };
}

const allRead = (observer: Observer) => () => VARIABLES.every((v) => observer.value(v.key) !== undefined);

describe('S7 driver against snap7 S7Server', () => {
  let fixture: Snap7Fixture;
  beforeAll(async () => {
    fixture = await Snap7Fixture.start();
  });
  afterAll(() => fixture?.stop());

  it('reads every address kind and data type exactly, in one request, and follows changes', async () => {
    const { agent, observer } = startAgent(s7Model(fixture));
    try {
      await observer.until(allRead(observer), 'every variable read');
      for (const variable of VARIABLES)
        expect([variable.key, observer.value(variable.key)]).toEqual([variable.key, variable.first]);
      const runner = agent.runners[0]!;
      expect(runner.pduSize).toBe(480);
      // DB1, M, I and Q: four items of one request.
      expect(runner.requestsPerCycle).toBe(1);
      const changed = db1Contents();
      changed.writeInt16BE(-7, 6);
      fixture.setDb1(changed);
      await observer.until(() => observer.value('dbInt') === -7, 'the changed INT');
    } finally {
      await agent.stop();
      fixture.setDb1(db1Contents());
    }
  });

  it('writes every writable type and confirms it by reading it back', async () => {
    const { agent, observer } = startAgent(s7Model(fixture));
    try {
      await observer.until(allRead(observer), 'every variable read');
      for (const variable of VARIABLES.filter((v) => v.write !== undefined)) {
        const outcome = await agent.write(variable.key, variable.write);
        expect(outcome).toMatchObject({ ok: true, key: variable.key, value: variable.write, readBack: true });
      }
      const db = fixture.area('DB');
      // Bits changed alone: DBX0.0 cleared, DBX0.1 set, DBX0.2 untouched.
      expect(db[0]).toBe(0b0000_0110);
      expect(db.readUInt16BE(4)).toBe(65535);
      expect(db.readInt32BE(12)).toBe(-2_147_483_648);
      expect(db.readFloatBE(16)).toBe(-1234.5);
      // The STRING keeps its declared maximum, its new length and Latin-1 characters.
      expect([db[20], db[21], db.toString('latin1', 22, 32)]).toEqual([20, 10, 'Four ÄÖÜ ß']);
      expect(fixture.area('M').readInt16BE(20)).toBe(-1);
      expect(fixture.area('Q')[0]).toBe(0);
      expect(fixture.area('Q').readUInt16BE(2)).toBe(1);

      expect(await agent.write('dbText', 'Ofen 3 – 炉')).toMatchObject({ ok: false, code: '1756' });
      expect(await agent.write('dbText', 'x'.repeat(21))).toMatchObject({ ok: false, code: '2003' });
      expect(await agent.write('iWord', 1)).toMatchObject({ ok: false });
      expect(fixture.area('I').readUInt16BE(2)).toBe(777);
      const [sample] = await agent.readNow(['dbReal']);
      expect(sample).toMatchObject({ kind: 'reading', value: -1234.5 });
    } finally {
      await agent.stop();
      fixture.setDb1(db1Contents());
    }
  });

  it('reports an address out of range, or in a missing data block, without hiding its neighbours', async () => {
    const extra: VariableInput[] = [
      {
        key: 'beyond',
        name: 'beyond',
        driverKey: 'plc',
        addressType: 's7',
        address: 'DB1.DBD62',
        dataType: 'int',
      },
      {
        key: 'noBlock',
        name: 'noBlock',
        driverKey: 'plc',
        addressType: 's7',
        address: 'DB9.DBW0',
        dataType: 'short',
      },
    ];
    const { agent, observer } = startAgent(s7Model(fixture, {}, extra));
    try {
      await observer.until(
        () => observer.code('beyond') !== undefined && observer.code('noBlock') !== undefined,
        'both bad addresses reported',
      );
      expect([observer.code('beyond'), observer.code('noBlock')]).toEqual(['1752', '1752']);
      await observer.until(allRead(observer), 'every neighbour read');
      expect(observer.value('dbWord2')).toBe(4242);
      expect(agent.runners[0]!.status().lastErrorCode).toBe('1752');
    } finally {
      await agent.stop();
    }
  });

  it('reads and writes a STRING[254] in pieces when the PDU is small', async () => {
    const extra: VariableInput[] = [
      {
        key: 'long',
        name: 'long',
        driverKey: 'plc',
        addressType: 's7',
        address: 'DB2.S0.254',
        dataType: 'string',
        // The platform's longest text is 250 bytes; the PLC's STRING[254] is read whole.
        stringLength: 250,
        readWrite: 'read-write',
      },
    ];
    const { agent, observer } = startAgent(s7Model(fixture, { pduSize: 240 }, extra));
    try {
      await observer.until(
        () => allRead(observer)() && observer.value('long') !== undefined,
        'every variable read',
      );
      const runner = agent.runners[0]!;
      expect(runner.pduSize).toBe(240);
      expect(observer.value('long')).toBe(LONG_TEXT);
      expect(observer.value('dbText')).toBe('Oven 3');
      // 256 bytes cannot travel in one 240-byte answer: the string takes two pieces.
      expect(runner.requestsPerCycle).toBe(2);
      const written = 'z'.repeat(250);
      expect(await agent.write('long', written)).toMatchObject({ ok: true, value: written, readBack: true });
    } finally {
      await agent.stop();
    }
  });

  it('faults every variable while the PLC is off and reads again once it is back', async () => {
    const { agent, observer } = startAgent(s7Model(fixture));
    const runner = agent.runners[0]!;
    try {
      await observer.until(allRead(observer), 'every variable read');
      fixture.stop();
      await observer.until(() => VARIABLES.every((v) => observer.code(v.key) === '1754'), 'all faulted');
      expect(runner.status().connected).toBe(false);
      expect(await agent.write('dbInt', 5)).toMatchObject({ ok: false, code: '1754' });
      const before = runner.opened;
      fixture.restart();
      await observer.until(() => runner.opened > before && allRead(observer)(), 'values again');
      expect(observer.value('dbWord')).toBe(60000);
      expect(runner.status().connected).toBe(true);
    } finally {
      await agent.stop();
    }
  });
});

describe('a dead or refusing PLC next to a Modbus slave', () => {
  const sockets = new Set<Socket>();
  const servers: Server[] = [];
  let simulator: ModbusSimulator | undefined;

  /** A TCP listener that does something (or nothing) with each connection. */
  async function listener(onSocket: (socket: Socket) => void): Promise<number> {
    const server = createServer((socket) => {
      sockets.add(socket);
      socket.on('error', () => undefined);
      onSocket(socket);
    });
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return (server.address() as { port: number }).port;
  }

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
    await simulator?.stop();
  });

  it('reports silence as unreachable, a refused connection as rack/slot, and never slows Modbus', async () => {
    // Accepts TCP and never answers: a PLC that hangs. Closes at once: a CPU refusing the rack/slot.
    const silentPort = await listener(() => undefined);
    const refusingPort = await listener((socket) => socket.once('data', () => socket.destroy()));
    const s7Driver = (key: string, port: number) => ({
      key,
      name: key,
      protocol: 's7',
      host: '127.0.0.1',
      port,
      rack: 0,
      slot: 3,
      timeoutMs: 200,
    });
    const s7Variable = (key: string, driverKey: string) => ({
      key,
      name: key,
      driverKey,
      addressType: 's7',
      address: 'DB1.DBW0',
      dataType: 'short',
    });
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
        s7Driver('silent', silentPort),
        s7Driver('refusing', refusingPort),
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
        s7Variable('hung', 'silent'),
        s7Variable('refused', 'refusing'),
      ],
    });
    simulator = await startModbusSimulator({ host: '127.0.0.1', model, driverKey: 'meter' });
    const pointed: DeviceModel = {
      ...model,
      drivers: model.drivers.map((driver) =>
        driver.protocol === 'modbus-tcp' ? { ...driver, port: simulator!.port } : driver,
      ),
    };
    const observer = new Observer();
    const modbusCycles: PollReport[] = [];
    const agents = new FieldAgents({
      model: pointed,
      formulas: sharedFormulaEngine,
      certificate: new GatewayCertificate(),
      onReport: (report) => {
        if (report.driverKey === 'meter') modbusCycles.push(report);
        observer.onReport(report);
      },
    });
    agents.start();
    try {
      const silent = agents.s7.runners.find((runner) => runner.driver.key === 'silent')!;
      // Each attempt on the hung PLC waits out its whole patience (2 s)…
      await observer.until(() => silent.status().failures >= 2, 'two failed connections to the hung PLC');
      expect(observer.code('hung')).toBe('1754');
      expect(observer.code('refused')).toBe('1753');
      // …while the Modbus side kept its 100 ms cycles, each one complete.
      expect(modbusCycles.length).toBeGreaterThanOrEqual(10);
      expect(modbusCycles.every((report) => report.complete)).toBe(true);
      const gaps = modbusCycles.slice(1).map((report, index) => report.at - modbusCycles[index]!.at);
      expect(Math.max(...gaps)).toBeLessThan(2000);
      const [sample] = await agents.readNow(['refused']);
      expect(sample).toMatchObject({ kind: 'fault', code: '1753' });
    } finally {
      await agents.stop();
    }
  });
});
