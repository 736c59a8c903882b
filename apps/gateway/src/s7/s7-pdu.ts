/**
 * S7 communication PDUs (S7comm, protocol id 0x32) as the S7 driver sends them and a PLC answers:
 * Setup Communication (negotiating the PDU size and the number of parallel jobs), Read Var and
 * Write Var with several items each. Pure encoders and parsers for both ends (the driver and the
 * simulated PLC); the item layout is the "any pointer" every S7-300/400/1200/1500, S7-200 SMART
 * and LOGO accepts:
 *
 *   header   0x32, type, 0x0000, PDU reference, parameter length, data length
 *            (+ error class, error code in answers of type 2 and 3)
 *   item     0x12 0x0A 0x10, transport (1 bit, 2 byte), count, DB number, area, bit address (3 bytes)
 *   answer   per item: return code (0xFF ok), transport (3 bit, 4 bytes: length in bits;
 *            9: length in bytes), length, data, a fill byte after odd data unless it is the last
 *
 * Errors the PLC answers a whole request with travel as error class and code in the header; an
 * item it refuses is answered with its return code (s7-status.ts maps both to plain words).
 */
import type { S7Area } from '@lyyp/contracts/device-model';

export const S7_PROTOCOL_ID = 0x32;
export const ROSCTR = { job: 0x01, ack: 0x02, ackData: 0x03, userData: 0x07 } as const;
export const S7_FUNCTION = { setup: 0xf0, read: 0x04, write: 0x05 } as const;
export const AREA_CODES: Readonly<Record<S7Area, number>> = { I: 0x81, Q: 0x82, M: 0x83, DB: 0x84 };
export const ITEM_TRANSPORT = { bit: 0x01, byte: 0x02 } as const;
export const DATA_TRANSPORT = { none: 0x00, bit: 0x03, bytes: 0x04, octets: 0x09 } as const;
export const RETURN_OK = 0xff;
const JOB_HEADER = 10;
const ANSWER_HEADER = 12;
const ITEM_SPEC = 12;

/** One address range (or one bit) of a read or write. */
export interface S7Item {
  readonly area: S7Area;
  /** Data block number; 0 outside data blocks. */
  readonly dbNumber: number;
  /** First byte. */
  readonly start: number;
  /** Bytes; 1 for a bit. */
  readonly length: number;
  /** The bit (0-7) of a single-bit item, null for bytes. */
  readonly bit: number | null;
}

export interface S7WriteItem extends S7Item {
  readonly data: Buffer;
}

export interface S7ItemAnswer {
  readonly returnCode: number;
  readonly data: Buffer;
}

export interface S7Message {
  readonly type: number;
  readonly reference: number;
  /** Error class × 256 + error code of an answer; 0 when none. */
  readonly error: number;
  readonly param: Buffer;
  readonly data: Buffer;
}

export interface S7Setup {
  readonly jobsCalling: number;
  readonly jobsCalled: number;
  readonly pduSize: number;
}

/** A whole S7 message: header, parameters, data. */
export function encodeMessage(
  type: number,
  reference: number,
  param: Buffer,
  data: Buffer = Buffer.alloc(0),
  error = 0,
): Buffer {
  const answer = type === ROSCTR.ack || type === ROSCTR.ackData;
  const header = Buffer.alloc(answer ? ANSWER_HEADER : JOB_HEADER);
  header[0] = S7_PROTOCOL_ID;
  header[1] = type;
  header.writeUInt16BE(reference & 0xffff, 4);
  header.writeUInt16BE(param.length, 6);
  header.writeUInt16BE(data.length, 8);
  if (answer) header.writeUInt16BE(error, 10);
  return Buffer.concat([header, param, data]);
}

/** The parts of a message; throws on bytes that are not S7comm. */
export function parseMessage(bytes: Buffer): S7Message {
  if (bytes[0] !== S7_PROTOCOL_ID || bytes.length < JOB_HEADER) throw new Error('not an S7 message');
  const type = bytes[1]!;
  const headerLength = type === ROSCTR.ack || type === ROSCTR.ackData ? ANSWER_HEADER : JOB_HEADER;
  const paramLength = bytes.readUInt16BE(6);
  const dataLength = bytes.readUInt16BE(8);
  if (bytes.length < headerLength + paramLength + dataLength) throw new Error('S7 message cut short');
  return {
    type,
    reference: bytes.readUInt16BE(4),
    error: headerLength === ANSWER_HEADER ? bytes.readUInt16BE(10) : 0,
    param: bytes.subarray(headerLength, headerLength + paramLength),
    data: bytes.subarray(headerLength + paramLength, headerLength + paramLength + dataLength),
  };
}

function setupParam(setup: S7Setup): Buffer {
  const param = Buffer.alloc(8);
  param[0] = S7_FUNCTION.setup;
  param.writeUInt16BE(setup.jobsCalling, 2);
  param.writeUInt16BE(setup.jobsCalled, 4);
  param.writeUInt16BE(setup.pduSize, 6);
  return param;
}

export function encodeSetupRequest(reference: number, setup: S7Setup): Buffer {
  return encodeMessage(ROSCTR.job, reference, setupParam(setup));
}

export function encodeSetupAnswer(reference: number, setup: S7Setup): Buffer {
  return encodeMessage(ROSCTR.ackData, reference, setupParam(setup));
}

/** The negotiated values of a Setup Communication (request or answer) parameter. */
export function parseSetup(param: Buffer): S7Setup {
  if (param[0] !== S7_FUNCTION.setup || param.length < 8) throw new Error('not a communication setup');
  return {
    jobsCalling: param.readUInt16BE(2),
    jobsCalled: param.readUInt16BE(4),
    pduSize: param.readUInt16BE(6),
  };
}

function itemSpec(item: S7Item): Buffer {
  const spec = Buffer.alloc(ITEM_SPEC);
  spec[0] = 0x12;
  spec[1] = 0x0a;
  spec[2] = 0x10;
  spec[3] = item.bit === null ? ITEM_TRANSPORT.byte : ITEM_TRANSPORT.bit;
  spec.writeUInt16BE(item.bit === null ? item.length : 1, 4);
  spec.writeUInt16BE(item.area === 'DB' ? item.dbNumber : 0, 6);
  spec[8] = AREA_CODES[item.area];
  spec.writeUIntBE(item.start * 8 + (item.bit ?? 0), 9, 3);
  return spec;
}

function itemsParam(fn: number, items: readonly S7Item[]): Buffer {
  return Buffer.concat([Buffer.from([fn, items.length]), ...items.map(itemSpec)]);
}

/** Data of answer or write items: each with its header, odd data followed by a fill byte unless last. */
function itemData(parts: readonly { head: Buffer; data: Buffer }[]): Buffer {
  return Buffer.concat(
    parts.flatMap(({ head, data }, index) =>
      data.length % 2 === 1 && index < parts.length - 1 ? [head, data, Buffer.alloc(1)] : [head, data],
    ),
  );
}

function dataHead(returnCode: number, transport: number, length: number): Buffer {
  const head = Buffer.from([returnCode, transport, 0, 0]);
  head.writeUInt16BE(
    transport === DATA_TRANSPORT.octets ? length : length * (transport === DATA_TRANSPORT.bit ? 1 : 8),
    2,
  );
  return head;
}

export function encodeReadRequest(reference: number, items: readonly S7Item[]): Buffer {
  return encodeMessage(ROSCTR.job, reference, itemsParam(S7_FUNCTION.read, items));
}

export function encodeWriteRequest(reference: number, items: readonly S7WriteItem[]): Buffer {
  const data = itemData(
    items.map((item) => ({
      head: dataHead(
        0,
        item.bit === null ? DATA_TRANSPORT.bytes : DATA_TRANSPORT.bit,
        item.bit === null ? item.data.length : 1,
      ),
      data: item.bit === null ? item.data : item.data.subarray(0, 1),
    })),
  );
  return encodeMessage(ROSCTR.job, reference, itemsParam(S7_FUNCTION.write, items), data);
}

/** Bytes of an answer or write item's data, from its transport size and length field. */
function byteLength(transport: number, length: number): number {
  return transport === DATA_TRANSPORT.octets || transport === 0x07 ? length : Math.ceil(length / 8);
}

/**
 * The items of a read answer (or of a write request's data): return code and bytes of each. An
 * item a PLC refused carries no data whatever its length field says (snap7 sends 4 there).
 */
export function parseItemData(data: Buffer, count: number, answer = true): S7ItemAnswer[] {
  const answers: S7ItemAnswer[] = [];
  let at = 0;
  for (let index = 0; index < count; index += 1) {
    if (at + 4 > data.length) throw new Error('S7 answer cut short');
    const returnCode = data[at]!;
    const refused = answer && returnCode !== RETURN_OK;
    const length = refused ? 0 : byteLength(data[at + 1]!, data.readUInt16BE(at + 2));
    if (at + 4 + length > data.length) throw new Error('S7 answer cut short');
    answers.push({ returnCode, data: Buffer.from(data.subarray(at + 4, at + 4 + length)) });
    at += 4 + length + (length % 2);
  }
  return answers;
}

/** The items of a read answer; throws when it does not answer a read of `count` items. */
export function parseReadAnswer(message: S7Message, count: number): S7ItemAnswer[] {
  if (message.param[0] !== S7_FUNCTION.read || message.param[1] !== count)
    throw new Error('not the read answer');
  return parseItemData(message.data, count);
}

/** The return codes of a write answer. */
export function parseWriteAnswer(message: S7Message, count: number): number[] {
  if (message.param[0] !== S7_FUNCTION.write || message.param[1] !== count || message.data.length < count)
    throw new Error('not the write answer');
  return [...message.data.subarray(0, count)];
}

/** The items of a read or write request (for the simulated PLC); null for items it cannot parse. */
export function parseRequestItems(param: Buffer): S7Item[] | null {
  const count = param[1] ?? 0;
  if (param.length < 2 + count * ITEM_SPEC) return null;
  const areas = Object.entries(AREA_CODES) as [S7Area, number][];
  const items: S7Item[] = [];
  for (let index = 0; index < count; index += 1) {
    const spec = param.subarray(2 + index * ITEM_SPEC, 2 + (index + 1) * ITEM_SPEC);
    const area = areas.find(([, code]) => code === spec[8])?.[0];
    if (spec[0] !== 0x12 || !area) return null;
    const address = spec.readUIntBE(9, 3);
    const bit = spec[3] === ITEM_TRANSPORT.bit;
    items.push({
      area,
      dbNumber: area === 'DB' ? spec.readUInt16BE(6) : 0,
      start: address >> 3,
      length: bit ? 1 : spec.readUInt16BE(4),
      bit: bit ? address & 7 : null,
    });
  }
  return items;
}

/** A read answer: each item's return code and, when it succeeded, its bytes. */
export function encodeReadAnswer(
  reference: number,
  items: readonly (S7ItemAnswer & { readonly bit: boolean })[],
): Buffer {
  const data = itemData(
    items.map((item) => {
      const ok = item.returnCode === RETURN_OK;
      const transport = !ok ? DATA_TRANSPORT.none : item.bit ? DATA_TRANSPORT.bit : DATA_TRANSPORT.bytes;
      const bytes = ok ? item.data : Buffer.alloc(0);
      return { head: dataHead(item.returnCode, transport, item.bit && ok ? 1 : bytes.length), data: bytes };
    }),
  );
  return encodeMessage(ROSCTR.ackData, reference, Buffer.from([S7_FUNCTION.read, items.length]), data);
}

export function encodeWriteAnswer(reference: number, returnCodes: readonly number[]): Buffer {
  return encodeMessage(
    ROSCTR.ackData,
    reference,
    Buffer.from([S7_FUNCTION.write, returnCodes.length]),
    Buffer.from(returnCodes),
  );
}
