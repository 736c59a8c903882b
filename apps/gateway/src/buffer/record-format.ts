/**
 * The framing of one batch in a segment file. A record is a fixed header followed by the batch's
 * `up/data` payload exactly as it is sent (JSON, UTF-8), so replay sends the stored bytes as they
 * are. Big-endian fields:
 *
 *   0  u32  magic "LYB1"
 *   4  u32  payload length in bytes
 *   8  u32  CRC-32 of bytes 12 … end of payload
 *  12  u64  sequence number
 *  20  u32  point count
 *  24  i64  earliest point time (epoch ms)
 *  32  i64  latest point time (epoch ms)
 *  40  u64  drop-through: the last seq evicted to make room for this batch (0: none)
 *  48  …    payload
 *
 * A record whose magic, length or checksum does not hold ends the readable part of its file: that
 * is where a write was cut short.
 */
import { crc32 } from 'node:zlib';
import type { DataPayload } from '@lyyp/contracts/protocol';
import type { Gap } from '../core/buffer-ledger.ts';

export const RECORD_MAGIC = 0x4c594231;
export const HEADER_BYTES = 48;

export interface RecordMeta {
  readonly seq: number;
  readonly points: number;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly dropThrough: number;
}

export interface DecodedRecord extends RecordMeta {
  readonly offset: number;
  readonly size: number;
  /** Gaps the payload carries (read only for records that carry any). */
  readonly gaps: readonly Gap[];
}

export interface SegmentScan {
  readonly records: DecodedRecord[];
  /** Bytes that hold whole, valid records; anything after is a torn or damaged tail. */
  readonly validBytes: number;
}

export function encodeRecord(meta: RecordMeta, payload: Buffer): Buffer {
  const record = Buffer.allocUnsafe(HEADER_BYTES + payload.length);
  record.writeUInt32BE(RECORD_MAGIC, 0);
  record.writeUInt32BE(payload.length, 4);
  record.writeBigUInt64BE(BigInt(meta.seq), 12);
  record.writeUInt32BE(meta.points, 20);
  record.writeBigInt64BE(BigInt(meta.firstAt), 24);
  record.writeBigInt64BE(BigInt(meta.lastAt), 32);
  record.writeBigUInt64BE(BigInt(meta.dropThrough), 40);
  payload.copy(record, HEADER_BYTES);
  record.writeUInt32BE(crc32(record.subarray(12)), 8);
  return record;
}

/** The payload bytes of an encoded record. */
export function payloadOf(record: Buffer): Buffer {
  return record.subarray(HEADER_BYTES);
}

const GAPS_KEY = Buffer.from('"gaps"');

/** Reads the records of a segment file's content, stopping at the first one that is not whole. */
export function scanSegment(content: Buffer): SegmentScan {
  const records: DecodedRecord[] = [];
  let offset = 0;
  let lastSeq = 0;
  while (offset + HEADER_BYTES <= content.length) {
    if (content.readUInt32BE(offset) !== RECORD_MAGIC) break;
    const length = content.readUInt32BE(offset + 4);
    const end = offset + HEADER_BYTES + length;
    if (end > content.length) break;
    if (crc32(content.subarray(offset + 12, end)) !== content.readUInt32BE(offset + 8)) break;
    const seq = Number(content.readBigUInt64BE(offset + 12));
    if (seq <= lastSeq) break;
    const payload = content.subarray(offset + HEADER_BYTES, end);
    records.push({
      seq,
      points: content.readUInt32BE(offset + 20),
      firstAt: Number(content.readBigInt64BE(offset + 24)),
      lastAt: Number(content.readBigInt64BE(offset + 32)),
      dropThrough: Number(content.readBigUInt64BE(offset + 40)),
      offset,
      size: end - offset,
      gaps: payload.includes(GAPS_KEY) ? gapsOf(payload) : [],
    });
    lastSeq = seq;
    offset = end;
  }
  return { records, validBytes: offset };
}

function gapsOf(payload: Buffer): Gap[] {
  try {
    return (JSON.parse(payload.toString('utf8')) as Partial<DataPayload>).gaps ?? [];
  } catch {
    return [];
  }
}

/** The variables a stored payload has points of. */
export function keysOfPayload(payload: Buffer): string[] {
  try {
    const parsed = JSON.parse(payload.toString('utf8')) as Partial<DataPayload>;
    return [...new Set((parsed.points ?? []).map((point) => point.k))];
  } catch {
    return [];
  }
}
