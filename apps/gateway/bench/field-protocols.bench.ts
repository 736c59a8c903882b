/**
 * Values per second one edge agent sustains from one field server, per protocol, with the CPU
 * time the agent side spends per 1,000 values, each beside a ceiling measured in the same run:
 *
 * - OPC UA by subscription: node-opcua's server with 1,000 Double nodes all changing every second;
 *   the agent's OPC UA side subscribes to all of them (sampling 250 ms, publishing 500 ms). The
 *   ceiling is a bare node-opcua client with the same subscription and monitored items.
 * - S7 by polling: snap7's S7Server (node-snap7) with 200 variables of DB1 (100 INT, 50 REAL,
 *   50 BOOL: one block, one read request of the PDU plan), polled back to back. The ceiling is the
 *   same read request sent back to back over a bare S7 client connection (src/s7/s7-client.ts), nothing decoded.
 * - Modbus TCP by polling: the built-in Modbus simulator with 200 holding-register variables
 *   (100 INT16, 50 FLOAT32, 50 UINT16: two read requests), polled back to back. The ceiling is the
 *   same requests sent back to back by a bare modbus-serial client.
 *
 * Polling back to back (poll interval 0, below the 100 ms a product can set) finds what the agent
 * can take rather than what a setting asks of it. The servers run in a process of their own
 * (`field-server-process.ts`) and change their values all the time, so `process.cpuUsage()` of
 * this process is the agent side's alone and every value read also goes on to the upload batches.
 * The agent side is the protocol side of the agent (connection, read plan, decoding, collection
 * settings, its change filter, its report) and what the agent does with each report before the
 * disk buffer: its own change filter, points and upload batches. Disk buffer and MQTT are the same
 * for every protocol and left out.
 *
 * `node --import tsx apps/gateway/bench/field-protocols.bench.ts` runs it alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  deviceModelSchema,
  type DeviceModel,
  type DriverInput,
  type VariableInput,
} from '@lyyp/contracts/device-model';
import ModbusRTU from 'modbus-serial';
import {
  AttributeIds,
  MessageSecurityMode,
  OPCUAClient,
  SecurityPolicy,
  TimestampsToReturn,
} from 'node-opcua';
import { planReadBlocks } from '../src/core/block-planner.ts';
import { resolvePoints } from '../src/core/points.ts';
import { sharedFormulaEngine } from '../src/core/shared-formula-engine.ts';
import { createModbusAgent } from '../src/modbus/modbus-agent.ts';
import { GatewayCertificate } from '../src/opcua/gateway-certificate.ts';
import { OpcUaAgent } from '../src/opcua/opcua-agent.ts';
import { S7Agent } from '../src/s7/s7-agent.ts';
import {
  AgentPipeline,
  cpuPerThousand,
  FieldServers,
  pause,
  valuesPerSecond,
  window,
  windowOfChanges,
  type Figure,
  type Rate,
} from './field-bench-support.ts';
import { openS7 } from '../src/s7/s7-connection.ts';
import { RETURN_OK, type S7Item } from '../src/s7/s7-pdu.ts';

const SECONDS = Number(process.env.BENCH_FIELD_SECONDS ?? 15);
const OPCUA_ITEMS = Number(process.env.BENCH_OPCUA_ITEMS ?? 1000);
const OPCUA_CHANGE_MS = 1000;
const OPCUA_SAMPLING_MS = 250;
const OPCUA_PUBLISHING_MS = 500;
/** How often the polled servers change their values. */
const POLLED_CHANGE_MS = 1;
const WARM_UP_MS = 3000;

// ---------------------------------------------------------------------------------------------
// OPC UA

function opcUaModel(port: number): DeviceModel {
  return deviceModelSchema.parse({
    drivers: [
      {
        key: 'ua',
        name: 'OPC UA server',
        protocol: 'opcua',
        endpointUrl: `opc.tcp://127.0.0.1:${port}/UA/Bench`,
        pollIntervalMs: OPCUA_PUBLISHING_MS,
        timeoutMs: 5000,
      } satisfies DriverInput,
    ],
    variables: Array.from({ length: OPCUA_ITEMS }, (_, index): VariableInput => ({
      key: `item${index}`,
      name: `item${index}`,
      driverKey: 'ua',
      addressType: 'node-id',
      address: `ns=1;s=Bench.Item${index}`,
      dataType: 'double',
      decimals: 2,
      samplingIntervalMs: OPCUA_SAMPLING_MS,
    })),
  });
}

async function opcUaAgent(port: number): Promise<Rate> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-bench-ua-'));
  const pipeline = new AgentPipeline('samples');
  const agent = new OpcUaAgent({
    model: opcUaModel(port),
    formulas: sharedFormulaEngine,
    certificate: new GatewayCertificate(dataDir),
    onReport: pipeline.onReport,
    onError: (error) => console.error('# OPC UA agent:', error),
  });
  agent.start();
  try {
    await pause(WARM_UP_MS);
    return await windowOfChanges(
      SECONDS,
      () => pipeline.values,
      OPCUA_ITEMS,
      () => pipeline.forwarded,
    );
  } finally {
    await agent.stop();
    pipeline.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function opcUaCeiling(port: number): Promise<Rate> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-bench-ua-raw-'));
  const certificate = new GatewayCertificate(dataDir);
  const client = OPCUAClient.create({
    applicationName: 'lyyp-bench',
    endpointMustExist: false,
    securityMode: MessageSecurityMode.None,
    securityPolicy: SecurityPolicy.None,
    clientCertificateManager: await certificate.certificateManager(),
    connectionStrategy: { maxRetry: 0 },
  });
  await client.createDefaultCertificate();
  await client.connect(`opc.tcp://127.0.0.1:${port}/UA/Bench`);
  const session = await client.createSession();
  let values = 0;
  try {
    const subscription = await session.createSubscription2({
      requestedPublishingInterval: OPCUA_PUBLISHING_MS,
      requestedLifetimeCount: 60,
      requestedMaxKeepAliveCount: 10,
      maxNotificationsPerPublish: 0,
      publishingEnabled: true,
      priority: 1,
    });
    const group = await subscription.monitorItems(
      Array.from({ length: OPCUA_ITEMS }, (_, index) => ({
        nodeId: `ns=1;s=Bench.Item${index}`,
        attributeId: AttributeIds.Value,
      })),
      { samplingInterval: OPCUA_SAMPLING_MS, discardOldest: true, queueSize: 1 },
      TimestampsToReturn.Both,
    );
    group.on('changed', () => (values += 1));
    await pause(WARM_UP_MS);
    const rate = await windowOfChanges(SECONDS, () => values, OPCUA_ITEMS);
    await subscription.terminate();
    return rate;
  } finally {
    await session.close();
    await client.disconnect();
    await rm(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------
// S7

/** 200 variables in DB1's first 407 bytes: one block, one read request at a 480-byte PDU. */
function s7Variables(): VariableInput[] {
  const ints = Array.from({ length: 100 }, (_, index) => ({
    address: `DB1.DBW${index * 2}`,
    dataType: 'short' as const,
  }));
  const reals = Array.from({ length: 50 }, (_, index) => ({
    address: `DB1.DBD${200 + index * 4}`,
    dataType: 'float' as const,
  }));
  const bits = Array.from({ length: 50 }, (_, index) => ({
    address: `DB1.DBX${400 + Math.floor(index / 8)}.${index % 8}`,
    dataType: 'boolean' as const,
  }));
  return [...ints, ...reals, ...bits].map((variable, index) => ({
    key: `v${index}`,
    name: `v${index}`,
    driverKey: 'plc',
    addressType: 's7',
    decimals: 2,
    ...variable,
  }));
}

function s7Model(port: number): DeviceModel {
  const model = deviceModelSchema.parse({
    drivers: [
      {
        key: 'plc',
        name: 'S7 PLC',
        protocol: 's7',
        host: '127.0.0.1',
        port,
        rack: 0,
        slot: 1,
        pduSize: 480,
        pollIntervalMs: 100,
        timeoutMs: 1000,
      } satisfies DriverInput,
    ],
    variables: s7Variables(),
  });
  // Back to back: below what a product may set, to find what the agent sustains.
  return { ...model, drivers: model.drivers.map((driver) => ({ ...driver, pollIntervalMs: 0 })) };
}

async function s7Agent(port: number): Promise<Rate & { requestsPerCycle: number; pduSize: number | null }> {
  const pipeline = new AgentPipeline('readings');
  const agent = new S7Agent({
    model: s7Model(port),
    formulas: sharedFormulaEngine,
    onReport: pipeline.onReport,
    onError: (error) => console.error('# S7 agent:', error),
  });
  agent.start();
  try {
    await pause(WARM_UP_MS);
    const rate = await window(
      SECONDS,
      () => pipeline.values,
      () => pipeline.forwarded,
    );
    const runner = agent.runners[0]!;
    return { ...rate, requestsPerCycle: runner.requestsPerCycle, pduSize: runner.pduSize };
  } finally {
    await agent.stop();
    pipeline.close();
  }
}

async function s7Ceiling(port: number): Promise<Rate> {
  const driver = s7Model(port).drivers[0]!;
  if (driver.protocol !== 's7') throw new Error('not an S7 driver');
  const client = await openS7(driver, 5000);
  const item: S7Item = { area: 'DB', dbNumber: 1, start: 0, length: 407, bit: null };
  let values = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const [answer] = await client.read([item]);
      if (answer?.returnCode !== RETURN_OK) throw new Error('S7 read refused');
      values += 200;
    }
  })();
  try {
    await pause(WARM_UP_MS);
    return await window(SECONDS, () => values);
  } finally {
    running = false;
    await loop;
    client.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Modbus TCP

function modbusModel(port: number): DeviceModel {
  const variables: VariableInput[] = [
    ...Array.from({ length: 100 }, (_, index) => ({ address: index, dataType: 'short' as const })),
    ...Array.from({ length: 50 }, (_, index) => ({ address: 100 + index * 2, dataType: 'float' as const })),
    ...Array.from({ length: 50 }, (_, index) => ({ address: 200 + index, dataType: 'unshort' as const })),
  ].map((variable, index) => ({
    key: `v${index}`,
    name: `v${index}`,
    driverKey: 'plc',
    registerType: 'holding-register',
    address: String(variable.address),
    dataType: variable.dataType,
    decimals: 2,
  }));
  const model = deviceModelSchema.parse({
    drivers: [
      {
        key: 'plc',
        name: 'Modbus slave',
        protocol: 'modbus-tcp',
        host: '127.0.0.1',
        port,
        slaveId: 1,
        pollIntervalMs: 100,
        timeoutMs: 1000,
      } satisfies DriverInput,
    ],
    variables,
  });
  return { ...model, drivers: model.drivers.map((driver) => ({ ...driver, pollIntervalMs: 0 })) };
}

async function modbusAgent(port: number): Promise<Rate> {
  const pipeline = new AgentPipeline('readings');
  const agent = createModbusAgent({
    model: modbusModel(port),
    formulas: sharedFormulaEngine,
    onReport: pipeline.onReport,
    onError: (error) => console.error('# Modbus agent:', error),
  });
  agent.start();
  try {
    await pause(WARM_UP_MS);
    return await window(
      SECONDS,
      () => pipeline.values,
      () => pipeline.forwarded,
    );
  } finally {
    await agent.stop();
    pipeline.close();
  }
}

async function modbusCeiling(port: number): Promise<Rate & { requests: number }> {
  const resolved = resolvePoints(modbusModel(port), sharedFormulaEngine);
  const blocks = planReadBlocks(resolved.points);
  const client = new ModbusRTU();
  await client.connectTCP('127.0.0.1', { port });
  client.setID(1);
  client.setTimeout(1000);
  let values = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const block of blocks) await client.readHoldingRegisters(block.start, block.count);
      values += resolved.points.length;
    }
  })();
  try {
    await pause(WARM_UP_MS);
    return { ...(await window(SECONDS, () => values)), requests: blocks.length };
  } finally {
    running = false;
    await loop;
    await new Promise<void>((resolve) => client.close(() => resolve()));
  }
}

// ---------------------------------------------------------------------------------------------

function recordPair(
  record: (figure: Figure) => void,
  scenario: string,
  agent: Rate,
  ceiling: Rate,
  config: Record<string, unknown>,
): void {
  const conditions = {
    ...config,
    seconds: SECONDS,
    loadAverage: os.loadavg().map((load) => Math.round(load * 10) / 10),
    agent: { values: agent.values, forwarded: agent.forwarded, cpuMs: Math.round(agent.cpuMs) },
    ceiling: { values: ceiling.values, cpuMs: Math.round(ceiling.cpuMs) },
  };
  record({
    scenario,
    metric: 'agent values per second',
    value: valuesPerSecond(agent),
    unit: 'values/s',
    config: conditions,
  });
  record({
    scenario,
    metric: 'ceiling values per second',
    value: valuesPerSecond(ceiling),
    unit: 'values/s',
    config: conditions,
  });
  record({
    scenario,
    metric: 'ratio to ceiling',
    value: valuesPerSecond(agent) / valuesPerSecond(ceiling),
    unit: '×',
    config: conditions,
  });
  record({
    scenario,
    metric: 'agent CPU per 1,000 values',
    value: cpuPerThousand(agent),
    unit: 'ms',
    config: conditions,
  });
  record({
    scenario,
    metric: 'ceiling CPU per 1,000 values',
    value: cpuPerThousand(ceiling),
    unit: 'ms',
    config: conditions,
  });
}

export async function benchFieldProtocols(record: (figure: Figure) => void): Promise<void> {
  {
    const { servers, port } = await FieldServers.start({
      type: 'opcua',
      items: OPCUA_ITEMS,
      changeMs: OPCUA_CHANGE_MS,
    });
    try {
      const agent = await opcUaAgent(port);
      const ceiling = await opcUaCeiling(port);
      recordPair(record, 'field opcua subscription', agent, ceiling, {
        items: OPCUA_ITEMS,
        offered: (OPCUA_ITEMS * 1000) / OPCUA_CHANGE_MS,
        samplingMs: OPCUA_SAMPLING_MS,
        publishingMs: OPCUA_PUBLISHING_MS,
      });
    } finally {
      await servers.close();
    }
  }
  {
    const { servers, port } = await FieldServers.start({ type: 's7', db1: 512, changeMs: POLLED_CHANGE_MS });
    try {
      const agent = await s7Agent(port);
      const ceiling = await s7Ceiling(port);
      recordPair(record, 'field s7 polling', agent, ceiling, {
        variables: 200,
        requestsPerCycle: agent.requestsPerCycle,
        pduSize: agent.pduSize,
        pollIntervalMs: 0,
      });
    } finally {
      await servers.close();
    }
  }
  {
    const model = modbusModel(502);
    const { servers, port } = await FieldServers.start({ type: 'modbus', model, changeMs: POLLED_CHANGE_MS });
    try {
      const agent = await modbusAgent(port);
      const ceiling = await modbusCeiling(port);
      recordPair(record, 'field modbus-tcp polling', agent, ceiling, {
        variables: 200,
        requestsPerCycle: ceiling.requests,
        pollIntervalMs: 0,
      });
    } finally {
      await servers.close();
    }
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  console.log(`# machine: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, node ${process.version}`);
  await benchFieldProtocols((figure) => console.log(JSON.stringify(figure)));
}
