/**
 * Byte and word order of multi-byte values in Modbus registers. An order label is a permutation:
 * the letter at wire position i names the byte of the big-endian value sent there ('A' is the most
 * significant byte). 'CDAB' therefore sends the low word first, 'BADC' swaps the bytes of each
 * register. One generic permutation serves every width, so no order needs code of its own.
 */

/** Byte order inside one 16-bit register (also used for strings and 8-bit values). */
export const BYTE_ORDERS_16 = ['AB', 'BA'] as const;
/** 32-bit values over two registers: big-endian, byte swap, word swap, little-endian. */
export const BYTE_ORDERS_32 = ['ABCD', 'BADC', 'CDAB', 'DCBA'] as const;
/** 64-bit values over four registers, the same four arrangements. */
export const BYTE_ORDERS_64 = ['ABCDEFGH', 'BADCFEHG', 'GHEFCDAB', 'HGFEDCBA'] as const;

export type ByteOrder16 = (typeof BYTE_ORDERS_16)[number];
export type ByteOrder32 = (typeof BYTE_ORDERS_32)[number];
export type ByteOrder64 = (typeof BYTE_ORDERS_64)[number];
export type ByteOrder = ByteOrder16 | ByteOrder32 | ByteOrder64;

/** The byte orders a driver declares; each value picks the one matching its width. */
export interface ByteOrders {
  readonly byteOrder16: ByteOrder16;
  readonly byteOrder32: ByteOrder32;
  readonly byteOrder64: ByteOrder64;
}

export const DEFAULT_BYTE_ORDERS: ByteOrders = {
  byteOrder16: 'AB',
  byteOrder32: 'ABCD',
  byteOrder64: 'ABCDEFGH',
};

const letterIndex = (order: string, position: number): number => order.charCodeAt(position) - 65;

/** Registers as received → the value's bytes, most significant first. */
export function registersToBytes(registers: readonly number[], order: string): Uint8Array {
  const bytes = new Uint8Array(order.length);
  for (let position = 0; position < order.length; position += 1) {
    const register = registers[position >> 1] ?? 0;
    const wireByte = position % 2 === 0 ? (register >> 8) & 0xff : register & 0xff;
    bytes[letterIndex(order, position)] = wireByte;
  }
  return bytes;
}

/** The value's bytes, most significant first → registers to send. */
export function bytesToRegisters(bytes: Uint8Array, order: string): number[] {
  const registers: number[] = new Array<number>(order.length >> 1).fill(0);
  for (let position = 0; position < order.length; position += 1) {
    const byte = bytes[letterIndex(order, position)] ?? 0;
    const index = position >> 1;
    registers[index] = (registers[index] ?? 0) | (position % 2 === 0 ? byte << 8 : byte);
  }
  return registers;
}

/** Byte string of text registers: each register's two bytes in the given 16-bit order. */
export function textRegistersToBytes(registers: readonly number[], order: ByteOrder16): Uint8Array {
  const bytes = new Uint8Array(registers.length * 2);
  registers.forEach((register, index) => bytes.set(registersToBytes([register], order), index * 2));
  return bytes;
}

export function bytesToTextRegisters(bytes: Uint8Array, order: ByteOrder16): number[] {
  const registers: number[] = [];
  for (let index = 0; index < bytes.length; index += 2) {
    registers.push(...bytesToRegisters(bytes.subarray(index, index + 2), order));
  }
  return registers;
}
