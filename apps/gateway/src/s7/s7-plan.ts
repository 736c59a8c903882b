/**
 * The read plan of an S7 driver: its addresses merged into as few byte ranges ("blocks") as is
 * worth it, and the blocks packed into as few read requests as the negotiated PDU size allows.
 *
 * - Addresses of one area (one data block) whose bytes are at most MERGE_GAP bytes apart share a
 *   block: reading a few unused bytes costs less than another item (12 bytes in the request, 4 in
 *   the answer).
 * - One request carries at most 20 items (the most an S7 CPU accepts) and no more than fit its
 *   PDU: 10 + 2 + 12 per item going out, 12 + 2 + (4 + data, padded to even) per item coming back.
 * - A block longer than one answer can carry is read in pieces (a 254-character STRING with a
 *   240-byte PDU).
 */
import { s7ByteCount, type S7Address, type S7Area } from '@lyyp/contracts/device-model';

export const MERGE_GAP = 8;
export const MAX_ITEMS_PER_REQUEST = 20;
const REQUEST_OVERHEAD = 12;
const REQUEST_ITEM = 12;
const ANSWER_OVERHEAD = 14;
const ANSWER_ITEM = 4;

export interface Addressed {
  readonly key: string;
  readonly s7: S7Address;
}

export interface S7Block<P extends Addressed> {
  readonly area: S7Area;
  readonly dbNumber: number;
  readonly start: number;
  readonly length: number;
  readonly members: readonly P[];
}

/** A piece of a block read as one item of a request. */
export interface S7Piece {
  readonly block: number;
  /** Byte of the block the piece starts at. */
  readonly offset: number;
  readonly length: number;
}

export interface S7ReadPlan<P extends Addressed> {
  readonly blocks: readonly S7Block<P>[];
  /** Requests, each a list of pieces (one item per piece). */
  readonly requests: readonly (readonly S7Piece[])[];
}

const AREA_ORDER: Readonly<Record<S7Area, number>> = { DB: 0, M: 1, I: 2, Q: 3 };

/** Blocks of neighbouring addresses; `isolated` keys always get a block of their own. */
export function planBlocks<P extends Addressed>(
  points: readonly P[],
  isolated: ReadonlySet<string> = new Set(),
): S7Block<P>[] {
  const sorted = [...points].sort(
    (a, b) =>
      AREA_ORDER[a.s7.area] - AREA_ORDER[b.s7.area] ||
      a.s7.dbNumber - b.s7.dbNumber ||
      a.s7.byteOffset - b.s7.byteOffset,
  );
  const blocks: { area: S7Area; dbNumber: number; start: number; end: number; members: P[] }[] = [];
  for (const point of sorted) {
    const { area, dbNumber, byteOffset } = point.s7;
    const end = byteOffset + s7ByteCount(point.s7);
    const last = blocks.at(-1);
    const joins =
      last !== undefined &&
      !isolated.has(point.key) &&
      !last.members.some((member) => isolated.has(member.key)) &&
      last.area === area &&
      last.dbNumber === dbNumber &&
      byteOffset <= last.end + MERGE_GAP;
    if (last && joins) {
      last.end = Math.max(last.end, end);
      last.members.push(point);
    } else blocks.push({ area, dbNumber, start: byteOffset, end, members: [point] });
  }
  return blocks.map((block) => ({
    area: block.area,
    dbNumber: block.dbNumber,
    start: block.start,
    length: block.end - block.start,
    members: block.members,
  }));
}

const answerBytes = (length: number): number => ANSWER_ITEM + length + (length % 2);

/**
 * Packs blocks into requests that fit the PDU size (pieces of long blocks where needed): first fit
 * in decreasing size, which needs the fewest requests in all but contrived cases.
 */
export function packRequests(lengths: readonly number[], pduSize: number): S7Piece[][] {
  const maxPiece = pduSize - ANSWER_OVERHEAD - ANSWER_ITEM;
  const maxItems = Math.min(MAX_ITEMS_PER_REQUEST, Math.floor((pduSize - REQUEST_OVERHEAD) / REQUEST_ITEM));
  const pieces: S7Piece[] = [];
  lengths.forEach((length, block) => {
    for (let offset = 0; offset < length; offset += maxPiece)
      pieces.push({ block, offset, length: Math.min(maxPiece, length - offset) });
  });
  pieces.sort((a, b) => b.length - a.length || a.block - b.block || a.offset - b.offset);
  const requests: { pieces: S7Piece[]; answer: number }[] = [];
  for (const piece of pieces) {
    const size = answerBytes(piece.length);
    let request = requests.find(
      (candidate) => candidate.pieces.length < maxItems && candidate.answer + size <= pduSize,
    );
    if (!request) requests.push((request = { pieces: [], answer: ANSWER_OVERHEAD }));
    request.pieces.push(piece);
    request.answer += size;
  }
  return requests.map((request) => request.pieces);
}

export function planReads<P extends Addressed>(
  points: readonly P[],
  pduSize: number,
  isolated: ReadonlySet<string> = new Set(),
): S7ReadPlan<P> {
  const blocks = planBlocks(points, isolated);
  return {
    blocks,
    requests: packRequests(
      blocks.map((block) => block.length),
      pduSize,
    ),
  };
}

/** Longest piece one write request carries: 10 + 2 + 12 (item) + 4 (data header) before the data. */
export function maxWritePiece(pduSize: number): number {
  return pduSize - 28;
}
