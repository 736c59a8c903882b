/**
 * Siemens S7 addresses in the notation S7 users type in STEP 7 / TIA Portal (absolute addressing):
 *
 * - data blocks: `DB1.DBX0.0` (bit), `DB1.DBB2` (byte), `DB1.DBW4` (word), `DB1.DBD6` (double word),
 *   `DB1.S10.20` (an S7 STRING at byte 10 holding at most 20 characters);
 * - markers, inputs, outputs: `M10.1`, `MB10`, `MW20`, `MD24`; `I0.0`, `IB0`, `IW2`, `ID4`;
 *   `Q0.1`, `QB0`, `QW2`, `QD4` (German `E` and `A` are accepted for inputs and outputs).
 *
 * The width of the address decides which data types it can hold: a bit a boolean, a byte an
 * 8-bit number, a word a 16-bit number, a double word a 32-bit integer or a REAL (`float`), a
 * string a text. Anything else is 1722; a malformed address is 99904.
 */
import type { DataType } from './data-types.ts';

export const S7_AREAS = ['DB', 'M', 'I', 'Q'] as const;
export type S7Area = (typeof S7_AREAS)[number];

export const S7_WIDTHS = ['bit', 'byte', 'word', 'dword', 'string'] as const;
export type S7Width = (typeof S7_WIDTHS)[number];

export const S7_DB_NUMBER_MAX = 65535;
export const S7_BYTE_OFFSET_MAX = 65535;
/** An S7 STRING holds at most 254 characters. */
export const S7_STRING_LENGTH_MAX = 254;

export interface S7Address {
  readonly area: S7Area;
  /** Data block number, 0 outside data blocks. */
  readonly dbNumber: number;
  readonly byteOffset: number;
  /** Bit 0-7 for bit addresses, 0 otherwise. */
  readonly bitOffset: number;
  readonly width: S7Width;
  /** Characters a string address holds (its declared length); 0 for other widths. */
  readonly stringLength: number;
}

/** Bytes the address occupies in the PLC (a string carries two header bytes: maximum and actual length). */
export function s7ByteCount(address: S7Address): number {
  switch (address.width) {
    case 'bit':
    case 'byte':
      return 1;
    case 'word':
      return 2;
    case 'dword':
      return 4;
    case 'string':
      return address.stringLength + 2;
  }
}

/** Data types each width can hold. */
export const S7_WIDTH_DATA_TYPES: { readonly [K in S7Width]: readonly DataType[] } = {
  bit: ['boolean'],
  byte: ['unbyte', 'byte'],
  word: ['unshort', 'short'],
  dword: ['unint', 'int', 'float'],
  string: ['string'],
};

const WIDTH_LETTERS: Readonly<Record<string, S7Width>> = { X: 'bit', B: 'byte', W: 'word', D: 'dword' };
const AREA_LETTERS: Readonly<Record<string, S7Area>> = { M: 'M', I: 'I', E: 'I', Q: 'Q', A: 'Q' };

const DB_ADDRESS = /^DB(\d{1,5})\.(?:DB([XBWD])(\d{1,5})(?:\.(\d))?|S(\d{1,5})\.(\d{1,3}))$/;
const AREA_ADDRESS = /^([MIEQA])([BWD])?(\d{1,5})(?:\.(\d))?$/;

function build(
  area: S7Area,
  dbNumber: number,
  width: S7Width,
  byteOffset: number,
  bit: string | undefined,
  stringLength = 0,
): S7Address | null {
  if (byteOffset > S7_BYTE_OFFSET_MAX) return null;
  if (width === 'bit') {
    if (bit === undefined || Number(bit) > 7) return null;
  } else if (bit !== undefined) return null;
  return { area, dbNumber, byteOffset, bitOffset: bit === undefined ? 0 : Number(bit), width, stringLength };
}

/** The address a text stands for (case-insensitive, spaces around ignored), or null. */
export function parseS7Address(text: string): S7Address | null {
  const upper = text.trim().toUpperCase();
  const db = DB_ADDRESS.exec(upper);
  if (db?.[1] !== undefined) {
    const dbNumber = Number(db[1]);
    if (dbNumber < 1 || dbNumber > S7_DB_NUMBER_MAX) return null;
    if (db[5] !== undefined && db[6] !== undefined) {
      const length = Number(db[6]);
      if (length < 1 || length > S7_STRING_LENGTH_MAX) return null;
      return build('DB', dbNumber, 'string', Number(db[5]), undefined, length);
    }
    const width = WIDTH_LETTERS[db[2] ?? ''];
    return width ? build('DB', dbNumber, width, Number(db[3]), db[4]) : null;
  }
  const plain = AREA_ADDRESS.exec(upper);
  const area = AREA_LETTERS[plain?.[1] ?? ''];
  if (!plain || !area) return null;
  const width = plain[2] === undefined ? 'bit' : WIDTH_LETTERS[plain[2]];
  return width ? build(area, 0, width, Number(plain[3]), plain[4]) : null;
}

/** The address in the canonical notation (`DB1.DBW4`, `MW20`, `I0.0`). */
export function formatS7Address(address: S7Address): string {
  const letter = { bit: 'X', byte: 'B', word: 'W', dword: 'D', string: 'S' }[address.width];
  if (address.area === 'DB') {
    if (address.width === 'string')
      return `DB${address.dbNumber}.S${address.byteOffset}.${address.stringLength}`;
    const bit = address.width === 'bit' ? `.${address.bitOffset}` : '';
    return `DB${address.dbNumber}.DB${letter}${address.byteOffset}${bit}`;
  }
  if (address.width === 'bit') return `${address.area}${address.byteOffset}.${address.bitOffset}`;
  return `${address.area}${letter}${address.byteOffset}`;
}

/** Whether the address can hold the data type (1722 otherwise). */
export function s7AddressHolds(address: S7Address, dataType: DataType): boolean {
  return S7_WIDTH_DATA_TYPES[address.width].includes(dataType);
}
