/**
 * The field servers of the field-protocol bench, in a process of their own so that the bench
 * process's CPU time (`process.cpuUsage`) is the agent side's alone: node-opcua's server with
 * `items` Double nodes all changing every `changeMs`, snap7's S7Server (node-snap7) with DB1
 * rewritten every `changeMs`, or the built-in Modbus simulator with its registers rewritten every
 * `changeMs`. One order `start`, answered `ready` with the port; `close` stops it and ends the
 * process.
 */
import { createServer } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataType, OPCUACertificateManager, OPCUAServer, StatusCodes, Variant } from 'node-opcua';
import snap7 from 'node-snap7';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import { startModbusSimulator } from '../src/simulator/modbus-simulator.ts';

export type FieldServerOrder =
  | { readonly type: 'opcua'; readonly items: number; readonly changeMs: number }
  | { readonly type: 's7'; readonly db1: number; readonly changeMs: number }
  | { readonly type: 'modbus'; readonly model: DeviceModel; readonly changeMs: number }
  | { readonly type: 'close' };

export type FieldServerReply =
  { readonly type: 'ready'; readonly port: number } | { readonly type: 'failed'; readonly message: string };

const HOST = '127.0.0.1';
/** Holding registers the Modbus variables of the bench span (0-249). */
const REGISTERS = 250;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

let stop: () => Promise<void> = () => Promise.resolve();

async function startOpcUa(items: number, changeMs: number): Promise<number> {
  const folder = await mkdtemp(path.join(tmpdir(), 'lyyp-bench-opcua-'));
  const serverCertificateManager = new OPCUACertificateManager({
    rootFolder: path.join(folder, 'pki'),
    automaticallyAcceptUnknownCertificate: true,
  });
  await serverCertificateManager.initialize();
  const port = await freePort();
  const server = new OPCUAServer({
    port,
    hostname: HOST,
    resourcePath: '/UA/Bench',
    serverCertificateManager,
    // The default limits (1000 monitored items per subscription …) would cap the scenario itself.
    serverCapabilities: {
      maxMonitoredItems: 100_000,
      maxMonitoredItemsPerSubscription: 100_000,
    },
  });
  await server.initialize();
  const addressSpace = server.engine.addressSpace!;
  const namespace = addressSpace.getOwnNamespace();
  const line = namespace.addFolder(addressSpace.rootFolder.objects, {
    browseName: 'Bench',
    nodeId: 's=Bench',
  });
  const variables = Array.from({ length: items }, (_, index) =>
    namespace.addVariable({
      componentOf: line,
      browseName: `Item${index}`,
      nodeId: `s=Bench.Item${index}`,
      dataType: 'Double',
      minimumSamplingInterval: 50,
      value: new Variant({ dataType: DataType.Double, value: index }),
    }),
  );
  await server.start();
  let tick = 0;
  // Every item changes once per tick, as a device behind the server would change them.
  const timer = setInterval(() => {
    tick += 1;
    for (const [index, variable] of variables.entries())
      variable.setValueFromSource(
        new Variant({ dataType: DataType.Double, value: index + tick / 10 }),
        StatusCodes.Good,
      );
  }, changeMs);
  stop = async () => {
    clearInterval(timer);
    await server.shutdown(0);
    await rm(folder, { recursive: true, force: true });
  };
  return port;
}

async function startS7(db1: number, changeMs: number): Promise<number> {
  const server = new snap7.S7Server();
  const port = await freePort();
  server.SetParam(server.LocalPort, port);
  const contents = Buffer.alloc(db1);
  server.RegisterArea(server.srvAreaDB, 1, contents);
  if (!server.StartTo(HOST)) throw new Error(server.ErrorText(server.LastError()));
  let tick = 0;
  // Every 16-bit word of DB1 changes each tick (so every variable, whatever its type, changes).
  const timer = setInterval(() => {
    tick += 1;
    for (let offset = 0; offset + 1 < db1; offset += 2)
      contents.writeUInt16BE((offset + tick) & 0x3fff, offset);
    server.SetArea(server.srvAreaDB, 1, contents);
  }, changeMs);
  stop = async () => {
    clearInterval(timer);
    server.Stop();
    return Promise.resolve();
  };
  return port;
}

async function startModbus(model: DeviceModel, changeMs: number): Promise<number> {
  const simulator = await startModbusSimulator({ model, animate: false, host: HOST });
  // The bench's variables are holding registers from 0 up: one write of the whole range per tick.
  const registers = new Array<number>(REGISTERS).fill(0);
  let tick = 0;
  const timer = setInterval(() => {
    tick += 1;
    for (let index = 0; index < REGISTERS; index += 1) registers[index] = (index + tick) & 0x3fff;
    simulator.device.memory.write('holding-register', 0, registers);
  }, changeMs);
  stop = async () => {
    clearInterval(timer);
    await simulator.stop();
  };
  return simulator.port;
}

process.on('message', (order: FieldServerOrder) => {
  const reply = (message: FieldServerReply) => process.send?.(message);
  const run = async () => {
    switch (order.type) {
      case 'opcua':
        return reply({ type: 'ready', port: await startOpcUa(order.items, order.changeMs) });
      case 's7':
        return reply({ type: 'ready', port: await startS7(order.db1, order.changeMs) });
      case 'modbus':
        return reply({ type: 'ready', port: await startModbus(order.model, order.changeMs) });
      case 'close':
        await stop();
        process.disconnect?.();
        return;
    }
  };
  run().catch((error: unknown) =>
    reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }),
  );
});
