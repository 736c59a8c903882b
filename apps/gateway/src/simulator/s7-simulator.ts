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
import { S7Parser, S7Serializer, s7constants } from '@st-one-io/nodes7';
import { ISOOnTCPClient } from 'iso-on-tcp';
import { decodeS7, encodeS7 } from '../s7/s7-codec.ts';
import { SimulatedValues } from './simulated-values.ts';

const { type: TYPES, function: FUNCTIONS, area: AREAS, transport, dataTransport, retval } = s7constants.proto;
const MAX_PDU = 480;

interface ItemSpec {
  readonly transport: number;
  readonly length: number;
  readonly db: number;
  readonly area: number;
  readonly address: number;
}

interface S7Message {
  readonly header: { readonly type: number; readonly rid: number; readonly pduReference: number };
  readonly param?: {
    readonly function: number;
    readonly items?: readonly ItemSpec[];
    readonly maxJobsCalling?: number;
    readonly maxJobsCalled?: number;
    readonly pduLength?: number;
  };
  readonly data?: { readonly items?: readonly { readonly data: Buffer }[] };
}

const AREA_NAMES: Readonly<Record<number, S7Area>> = {
  [AREAS.DB]: 'DB',
  [AREAS.FLAGS]: 'M',
  [AREAS.INPUTS]: 'I',
  [AREAS.OUTPUTS]: 'Q',
};

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
  read(item: ItemSpec): { readonly code: number; readonly data: Buffer } {
    const located = this.locate(item);
    if ('code' in located) return { code: located.code, data: Buffer.alloc(0) };
    const { memory, start, bit } = located;
    if (bit !== null) return { code: retval.DATA_OK, data: Buffer.from([(memory[start]! >> bit) & 1]) };
    return { code: retval.DATA_OK, data: Buffer.from(memory.subarray(start, start + item.length)) };
  }

  /** Writes an item; the variables whose bytes it touched keep their new values. */
  write(item: ItemSpec, data: Buffer): number {
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
    return retval.DATA_OK;
  }

  private locate(item: ItemSpec):
    | {
        readonly memory: Buffer;
        readonly start: number;
        readonly bit: number | null;
        area: S7Area;
        dbNumber: number;
      }
    | { readonly code: number } {
    const area = AREA_NAMES[item.area];
    if (!area) return { code: retval.DATA_ERR };
    const dbNumber = area === 'DB' ? item.db : 0;
    const memory = this.areas.get(areaName(area, dbNumber));
    if (!memory) return { code: area === 'DB' ? retval.DATA_ERR : retval.DATA_OUTOFRANGE };
    const isBit = item.transport === transport.BIT;
    // Addresses travel as bit addresses (byte × 8 + bit) for every transport.
    const start = item.address >> 3;
    const length = isBit ? 1 : item.length;
    if (start + length > memory.length) return { code: retval.DATA_OUTOFRANGE };
    return { memory, start, bit: isBit ? item.address & 7 : null, area, dbNumber };
  }
}

function areaName(area: S7Area, dbNumber: number): string {
  return area === 'DB' ? `DB${dbNumber}` : area;
}

/** Answers one S7 request, or null for what a driver never sends. */
function answer(memory: S7Memory, message: S7Message): object | null {
  const { header, param } = message;
  if (header.type !== TYPES.REQUEST || !param) return null;
  const reply = {
    type: TYPES.RESPONSE,
    rid: header.rid,
    pduReference: header.pduReference,
    errorClass: 0,
    errorCode: 0,
  };
  if (param.function === FUNCTIONS.COMM_SETUP)
    return {
      header: reply,
      param: {
        function: FUNCTIONS.COMM_SETUP,
        maxJobsCalling: Math.min(param.maxJobsCalling ?? 1, 8),
        maxJobsCalled: Math.min(param.maxJobsCalled ?? 1, 8),
        pduLength: Math.min(param.pduLength ?? MAX_PDU, MAX_PDU),
      },
    };
  const items = param.items ?? [];
  if (param.function === FUNCTIONS.READ_VAR) {
    memory.refresh();
    return {
      header: reply,
      param: { function: FUNCTIONS.READ_VAR, itemCount: items.length },
      data: {
        items: items.map((item) => {
          const read = memory.read(item);
          const ok = read.code === retval.DATA_OK;
          return {
            returnCode: read.code,
            transportSize: ok
              ? item.transport === transport.BIT
                ? dataTransport.BBIT
                : dataTransport.BBYTE
              : 0,
            data: read.data,
          };
        }),
      },
    };
  }
  if (param.function === FUNCTIONS.WRITE_VAR) {
    const data = message.data?.items ?? [];
    return {
      header: reply,
      param: { function: FUNCTIONS.WRITE_VAR, itemCount: items.length },
      data: {
        items: items.map((item, index) => ({
          returnCode: memory.write(item, data[index]?.data ?? Buffer.alloc(0)),
        })),
      },
    };
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
    const iso = new ISOOnTCPClient(socket, { forceClose: true });
    const parser = new S7Parser();
    const serializer = new S7Serializer();
    const drop = () => socket.destroy();
    for (const stream of [iso, parser, serializer]) stream.on('error', drop);
    iso.pipe(parser);
    serializer.pipe(iso);
    parser.on('data', (message: S7Message) => {
      const reply = answer(memory, message);
      if (reply) serializer.write(reply);
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
