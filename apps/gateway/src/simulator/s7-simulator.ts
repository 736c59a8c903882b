/**
 * A simulated S7 PLC on loopback for `--simulate`, demos and the designer: an ISO-on-TCP listener
 * that speaks the S7 communication an S7 driver uses (communication setup, read and write of
 * variables) over memory areas sized to the model's addresses. Every variable of the driver has
 * a moving value (SimulatedValues); a write changes the memory and holds the variables it touched.
 * It answers like a strict PLC: a data block the model does not use does not exist, an address
 * beyond an area is out of range. Tests of the S7 driver use snap7's server, not this one.
 */
import { createServer, type Server, type Socket } from 'node:net';
import {
  parseS7Address,
  s7ByteCount,
  type DeviceModel,
  type S7Address,
  type S7Area,
  type Variable,
} from '@lyyp/contracts/device-model';
import { decodeS7, encodeS7 } from '../s7/s7-codec.ts';
import { MessageJoiner, TpktSplitter, connectionConfirm, dataUnit, parseCotp, tpkt } from '../s7/s7-iso.ts';
import {
  RETURN_OK,
  ROSCTR,
  S7_FUNCTION,
  encodeReadAnswer,
  encodeSetupAnswer,
  encodeWriteAnswer,
  parseItemData,
  parseMessage,
  parseRequestItems,
  parseSetup,
  type S7Item,
  type S7Message,
} from '../s7/s7-pdu.ts';
import { SimulatedValues } from './simulated-values.ts';

const MAX_PDU = 480;
/** Item return codes the simulated PLC answers with. */
const OUT_OF_RANGE = 0x05;
const NO_OBJECT = 0x0a;

interface Placed {
  readonly variable: Variable;
  readonly address: S7Address;
}

/** The PLC's memory: one buffer per area (per data block), as large as the model's addresses need. */
export class S7Memory {
  private readonly areas = new Map<string, Buffer>();
  private readonly placed: readonly Placed[];

  constructor(
    variables: readonly Variable[],
    readonly values: SimulatedValues,
  ) {
    this.placed = variables.flatMap((variable) => {
      const address = parseS7Address(variable.address ?? '');
      return address ? [{ variable, address }] : [];
    });
    const sizes = new Map<string, number>();
    for (const { address } of this.placed) {
      const name = areaName(address.area, address.dbNumber);
      sizes.set(name, Math.max(sizes.get(name) ?? 0, address.byteOffset + s7ByteCount(address)));
    }
    for (const [name, size] of sizes) this.areas.set(name, Buffer.alloc(size));
  }

  /** Writes the moving values of variables no write has fixed into the memory. */
  refresh(): void {
    for (const { variable, address } of this.placed) {
      if (this.values.isHeld(variable.key)) continue;
      const encoded = encodeS7(address, variable.dataType, this.values.value(variable.key));
      if (encoded.ok) this.put(address, encoded.bytes);
    }
  }

  private put(address: S7Address, bytes: Buffer): void {
    const memory = this.areas.get(areaName(address.area, address.dbNumber))!;
    if (address.width === 'bit') {
      const mask = 1 << address.bitOffset;
      memory[address.byteOffset] = bytes[0]
        ? memory[address.byteOffset]! | mask
        : memory[address.byteOffset]! & ~mask;
    } else bytes.copy(memory, address.byteOffset);
  }

  /** The bytes of an item, or the return code refusing it. */
  read(item: S7Item): { readonly code: number; readonly data: Buffer } {
    const located = this.locate(item);
    if ('code' in located) return { code: located.code, data: Buffer.alloc(0) };
    const { memory, start, bit } = located;
    if (bit !== null) return { code: RETURN_OK, data: Buffer.from([(memory[start]! >> bit) & 1]) };
    return { code: RETURN_OK, data: Buffer.from(memory.subarray(start, start + item.length)) };
  }

  /** Writes an item; the variables whose bytes it touched keep their new values. */
  write(item: S7Item, data: Buffer): number {
    const located = this.locate(item);
    if ('code' in located) return located.code;
    const { memory, start, bit, area, dbNumber } = located;
    if (bit !== null) memory[start] = data[0] ? memory[start]! | (1 << bit) : memory[start]! & ~(1 << bit);
    else data.copy(memory, start, 0, item.length);
    const end = start + (bit === null ? item.length : 1);
    for (const { variable, address } of this.placed) {
      if (address.area !== area || address.dbNumber !== dbNumber) continue;
      const from = address.byteOffset;
      if (from >= end || from + s7ByteCount(address) <= start) continue;
      if (address.width === 'bit' && bit !== null && address.bitOffset !== bit) continue;
      this.values.hold(variable.key, decodeS7(address, variable.dataType, memory.subarray(from)));
    }
    return RETURN_OK;
  }

  private locate(item: S7Item):
    | {
        readonly memory: Buffer;
        readonly start: number;
        readonly bit: number | null;
        area: S7Area;
        dbNumber: number;
      }
    | { readonly code: number } {
    const { area, dbNumber, start, length, bit } = item;
    const memory = this.areas.get(areaName(area, dbNumber));
    if (!memory) return { code: area === 'DB' ? NO_OBJECT : OUT_OF_RANGE };
    if (start + length > memory.length) return { code: OUT_OF_RANGE };
    return { memory, start, bit, area, dbNumber };
  }
}

function areaName(area: S7Area, dbNumber: number): string {
  return area === 'DB' ? `DB${dbNumber}` : area;
}

/** Answers one S7 request, or null for what a driver never sends. */
function answer(memory: S7Memory, message: S7Message): Buffer | null {
  if (message.type !== ROSCTR.job) return null;
  const { param, reference } = message;
  if (param[0] === S7_FUNCTION.setup) {
    const asked = parseSetup(param);
    return encodeSetupAnswer(reference, {
      jobsCalling: Math.min(asked.jobsCalling, 8),
      jobsCalled: Math.min(asked.jobsCalled, 8),
      pduSize: Math.min(asked.pduSize, MAX_PDU),
    });
  }
  const items = parseRequestItems(param);
  if (!items) return null;
  if (param[0] === S7_FUNCTION.read) {
    memory.refresh();
    return encodeReadAnswer(
      reference,
      items.map((item) => {
        const read = memory.read(item);
        return { returnCode: read.code, data: read.data, bit: item.bit !== null };
      }),
    );
  }
  if (param[0] === S7_FUNCTION.write) {
    const data = parseItemData(message.data, items.length, false);
    return encodeWriteAnswer(
      reference,
      items.map((item, index) => memory.write(item, data[index]?.data ?? Buffer.alloc(0))),
    );
  }
  return null;
}

export interface S7Simulator {
  readonly host: string;
  readonly port: number;
  readonly memory: S7Memory;
  stop(): Promise<void>;
}

export interface S7SimulatorOptions {
  readonly host?: string;
  /** TCP port; 0 (the default) picks a free one. */
  readonly port?: number;
  readonly model: DeviceModel;
  readonly driverKey: string;
  readonly now?: () => number;
}

export async function startS7Simulator(options: S7SimulatorOptions): Promise<S7Simulator> {
  const host = options.host ?? '127.0.0.1';
  const variables = options.model.variables.filter(
    (variable) => variable.kind === 'device' && variable.driverKey === options.driverKey,
  );
  const memory = new S7Memory(variables, new SimulatedValues(variables, options.now));
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    // Answers the driver's connection request (any rack/slot or TSAP) and carries S7 PDUs.
    const splitter = new TpktSplitter();
    const joiner = new MessageJoiner();
    socket.on('data', (chunk: Buffer) => {
      try {
        for (const frame of splitter.push(chunk)) {
          const unit = parseCotp(frame);
          if (unit.kind === 'CR') socket.write(tpkt(connectionConfirm(unit)));
          if (unit.kind !== 'DT') continue;
          const bytes = joiner.push(unit);
          const reply = bytes ? answer(memory, parseMessage(bytes)) : null;
          if (reply) socket.write(tpkt(dataUnit(reply)));
        }
      } catch {
        socket.destroy();
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host,
    port,
    memory,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
