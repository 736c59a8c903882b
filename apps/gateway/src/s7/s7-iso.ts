/**
 * ISO-on-TCP (RFC 1006) as S7 controllers speak it: every message travels in a TPKT frame
 * (version 3, a reserved byte, the frame's length in two bytes, big-endian) carrying one COTP
 * (ISO 8073 class 0) transport unit:
 *
 * - CR (connection request, 0xE0) with the TPDU size and the calling (local) and called (remote)
 *   TSAPs; the CPU answers CC (connection confirm, 0xD0) or drops the connection (DR 0x80,
 *   ER 0x70, or simply closing TCP) when the TSAP names no reachable CPU (wrong rack/slot);
 * - DT (data, 0xF0) carrying S7 PDUs; the high bit of its third byte marks the last unit of a
 *   message (longer messages arrive in several units and are joined).
 *
 * Pure functions and a frame splitter; the socket is in s7-client.ts.
 */

export const TPKT_VERSION = 3;
const TPKT_HEADER = 4;
export const COTP_CR = 0xe0;
export const COTP_CC = 0xd0;
export const COTP_DT = 0xf0;
export const COTP_DR = 0x80;
export const COTP_ER = 0x70;
/** TPDU size parameter 0x0A: 1024-byte transport units, the largest S7 CPUs offer. */
export const TPDU_SIZE_1024 = 0x0a;

/** Local and remote TSAP of a connection. */
export interface Tsaps {
  readonly local: number;
  readonly remote: number;
}

/** A whole TPKT frame around a payload. */
export function tpkt(payload: Buffer): Buffer {
  const frame = Buffer.alloc(TPKT_HEADER + payload.length);
  frame[0] = TPKT_VERSION;
  frame.writeUInt16BE(frame.length, 2);
  payload.copy(frame, TPKT_HEADER);
  return frame;
}

/** Splits a TCP byte stream into TPKT payloads; throws on a frame that is not TPKT. */
export class TpktSplitter {
  private buffered: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const frames: Buffer[] = [];
    while (this.buffered.length >= TPKT_HEADER) {
      if (this.buffered[0] !== TPKT_VERSION)
        throw new Error(`not a TPKT frame (version ${this.buffered[0]})`);
      const length = this.buffered.readUInt16BE(2);
      if (length < TPKT_HEADER + 2) throw new Error(`TPKT frame of ${length} bytes`);
      if (this.buffered.length < length) break;
      frames.push(Buffer.from(this.buffered.subarray(TPKT_HEADER, length)));
      this.buffered = this.buffered.subarray(length);
    }
    return frames;
  }
}

/** A COTP connection request or confirm (class 0) with the TPDU size and the TSAPs. */
function connectionUnit(
  type: number,
  destinationRef: number,
  sourceRef: number,
  tpduSize: number,
  tsaps: Tsaps,
): Buffer {
  return Buffer.from([
    17, // length of what follows
    type,
    destinationRef >> 8,
    destinationRef & 0xff,
    sourceRef >> 8,
    sourceRef & 0xff,
    0x00, // class 0
    0xc0,
    1,
    tpduSize,
    0xc1,
    2,
    tsaps.local >> 8,
    tsaps.local & 0xff,
    0xc2,
    2,
    tsaps.remote >> 8,
    tsaps.remote & 0xff,
  ]);
}

/** A COTP connection request naming the TSAPs (the destination reference is not known yet). */
export function connectionRequest(tsaps: Tsaps, tpduSize = TPDU_SIZE_1024, sourceRef = 1): Buffer {
  return connectionUnit(COTP_CR, 0, sourceRef, tpduSize, tsaps);
}

/** A COTP data unit carrying (the last part of) a message. */
export function dataUnit(payload: Buffer): Buffer {
  return Buffer.concat([Buffer.from([2, COTP_DT, 0x80]), payload]);
}

export type CotpUnit =
  | {
      readonly kind: 'CR';
      readonly sourceRef: number;
      readonly tpduSize: number | null;
      readonly tsaps: Tsaps | null;
    }
  | { readonly kind: 'CC' }
  | { readonly kind: 'DT'; readonly last: boolean; readonly payload: Buffer }
  | { readonly kind: 'DR' | 'ER' }
  | { readonly kind: 'other'; readonly type: number };

/** The COTP unit of a TPKT payload. */
export function parseCotp(unit: Buffer): CotpUnit {
  const headerLength = unit[0] ?? 0;
  const type = (unit[1] ?? 0) & 0xf0;
  if (type === COTP_DT)
    return { kind: 'DT', last: ((unit[2] ?? 0) & 0x80) !== 0, payload: unit.subarray(1 + headerLength) };
  if (type === COTP_CC) return { kind: 'CC' };
  if (type === COTP_DR) return { kind: 'DR' };
  if (type === COTP_ER) return { kind: 'ER' };
  if (type !== COTP_CR) return { kind: 'other', type };
  let tpduSize: number | null = null;
  let local: number | null = null;
  let remote: number | null = null;
  for (let at = 7; at + 2 <= 1 + headerLength && at + 2 <= unit.length; at += 2 + unit[at + 1]!) {
    const code = unit[at]!;
    const length = unit[at + 1]!;
    const value = length === 1 ? (unit[at + 2] ?? 0) : length === 2 ? unit.readUInt16BE(at + 2) : null;
    if (code === 0xc0) tpduSize = value;
    if (code === 0xc1) local = value;
    if (code === 0xc2) remote = value;
  }
  return {
    kind: 'CR',
    sourceRef: unit.length >= 6 ? unit.readUInt16BE(4) : 0,
    tpduSize,
    tsaps: local !== null && remote !== null ? { local, remote } : null,
  };
}

/** The connection confirm answering a request (for the simulated PLC). */
export function connectionConfirm(request: Extract<CotpUnit, { kind: 'CR' }>, destinationRef = 1): Buffer {
  const tsaps = request.tsaps ?? { local: 0x0100, remote: 0x0102 };
  return connectionUnit(
    COTP_CC,
    request.sourceRef,
    destinationRef,
    request.tpduSize ?? TPDU_SIZE_1024,
    tsaps,
  );
}

/** Joins the data units of one message; the whole message once its last unit came. */
export class MessageJoiner {
  private parts: Buffer[] = [];

  push(unit: Extract<CotpUnit, { kind: 'DT' }>): Buffer | null {
    this.parts.push(unit.payload);
    if (!unit.last) return null;
    const message = Buffer.concat(this.parts);
    this.parts = [];
    return message;
  }
}
