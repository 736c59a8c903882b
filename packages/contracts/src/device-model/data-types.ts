/**
 * The data types of §3 as a registry: one definition per type says how many registers it spans,
 * which tables may hold it, its raw range, and how it is decoded from and encoded to registers
 * with a driver's byte order. Server, console and edge agent all read this table; nobody switches
 * on a data type name elsewhere.
 *
 * Values travel as numbers (booleans as 0 and 1, 64-bit integers exact up to 2^53) or, for the
 * string type, as text.
 */
import type { ErrorCode } from '../errors/index.ts';
import {
  bytesToRegisters,
  bytesToTextRegisters,
  registersToBytes,
  textRegistersToBytes,
  type ByteOrder16,
  type ByteOrders,
} from './byte-order.ts';
import { REGISTER_TYPES, type RegisterType } from './register-types.ts';

export const DATA_TYPES = [
  'boolean',
  'unbyte',
  'byte',
  'unshort',
  'short',
  'unint',
  'int',
  'float',
  'double',
  'long',
  'string',
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/** A decoded variable value: a number for every numeric type and boolean, text for strings. */
export type VariableValue = number | string;

export interface CodecOptions {
  /** Byte order label matching the type's width (see `byteOrderFor`). */
  readonly order: string;
  /** Bit of a 16-bit register a boolean lives in (0 = least significant). */
  readonly bitIndex?: number | undefined;
  /** Length of a string in bytes. */
  readonly stringLength?: number | undefined;
  /** Current register content, needed to write one bit of a register without touching the others. */
  readonly current?: number | undefined;
}

export interface DataTypeDefinition {
  readonly id: DataType;
  readonly label: { readonly zh: string; readonly en: string };
  /** Which of the driver's byte orders applies: 16 for one-register values and text. */
  readonly orderWidth: 16 | 32 | 64;
  readonly registerTypes: readonly RegisterType[];
  readonly numeric: boolean;
  readonly signed: boolean;
  readonly integer: boolean;
  /** Raw range the registers can carry; null for text. */
  readonly range: { readonly min: number; readonly max: number } | null;
  /** Registers (or bits, in bit tables) one value occupies. */
  registerCount(stringLength?: number): number;
  decode(registers: readonly number[], options: CodecOptions): VariableValue;
  encode(value: VariableValue, options: CodecOptions): number[];
}

const WORD_TABLES: readonly RegisterType[] = ['input-register', 'holding-register'];

interface NumericSpec<K extends DataType> {
  readonly id: K;
  readonly label: { readonly zh: string; readonly en: string };
  readonly bytes: 1 | 2 | 4 | 8;
  readonly signed: boolean;
  readonly integer: boolean;
  readonly min: number;
  readonly max: number;
  readonly read: (view: DataView) => number;
  readonly write: (view: DataView, value: number) => void;
}

/** Numbers live big-endian in a buffer as wide as their registers; 8-bit values in the low byte. */
function defineNumeric<K extends DataType>(spec: NumericSpec<K>): DataTypeDefinition & { id: K } {
  const registers = Math.max(1, spec.bytes / 2);
  const orderWidth = (registers * 16) as 16 | 32 | 64;
  const offset = registers * 2 - spec.bytes;
  return {
    id: spec.id,
    label: spec.label,
    orderWidth,
    registerTypes: WORD_TABLES,
    numeric: true,
    signed: spec.signed,
    integer: spec.integer,
    range: { min: spec.min, max: spec.max },
    registerCount: () => registers,
    decode(words, { order }) {
      const bytes = registersToBytes(words, order);
      return spec.read(new DataView(bytes.buffer, offset));
    },
    encode(value, { order }) {
      const bytes = new Uint8Array(registers * 2);
      spec.write(
        new DataView(bytes.buffer, offset),
        spec.integer ? Math.round(Number(value)) : Number(value),
      );
      return bytesToRegisters(bytes, order);
    },
  };
}

const utf8Decoder = new TextDecoder('utf-8');
const utf8Encoder = new TextEncoder();

/** Largest double below 2^63: the top of the long range that still encodes without wrapping. */
const LONG_MAX = 2 ** 63 - 1024;

export const DATA_TYPE_DEFINITIONS: { readonly [K in DataType]: DataTypeDefinition & { id: K } } = {
  boolean: {
    id: 'boolean',
    label: { zh: '位', en: 'Bit' },
    orderWidth: 16,
    registerTypes: REGISTER_TYPES,
    numeric: true,
    signed: false,
    integer: true,
    range: { min: 0, max: 1 },
    registerCount: () => 1,
    decode(words, { bitIndex }) {
      const word = words[0] ?? 0;
      if (bitIndex === undefined) return word !== 0 ? 1 : 0;
      return (word >> bitIndex) & 1;
    },
    encode(value, { bitIndex, current }) {
      const bit = Number(value) !== 0 ? 1 : 0;
      if (bitIndex === undefined) return [bit];
      const mask = 1 << bitIndex;
      return [((current ?? 0) & ~mask & 0xffff) | (bit ? mask : 0)];
    },
  },
  unbyte: defineNumeric({
    id: 'unbyte',
    label: { zh: '8位无符号', en: '8-bit unsigned' },
    bytes: 1,
    signed: false,
    integer: true,
    min: 0,
    max: 0xff,
    read: (view) => view.getUint8(0),
    write: (view, value) => view.setUint8(0, value),
  }),
  byte: defineNumeric({
    id: 'byte',
    label: { zh: '8位有符号', en: '8-bit signed' },
    bytes: 1,
    signed: true,
    integer: true,
    min: -0x80,
    max: 0x7f,
    read: (view) => view.getInt8(0),
    write: (view, value) => view.setInt8(0, value),
  }),
  unshort: defineNumeric({
    id: 'unshort',
    label: { zh: '16位无符号', en: '16-bit unsigned' },
    bytes: 2,
    signed: false,
    integer: true,
    min: 0,
    max: 0xffff,
    read: (view) => view.getUint16(0),
    write: (view, value) => view.setUint16(0, value),
  }),
  short: defineNumeric({
    id: 'short',
    label: { zh: '16位有符号', en: '16-bit signed' },
    bytes: 2,
    signed: true,
    integer: true,
    min: -0x8000,
    max: 0x7fff,
    read: (view) => view.getInt16(0),
    write: (view, value) => view.setInt16(0, value),
  }),
  unint: defineNumeric({
    id: 'unint',
    label: { zh: '32位无符号', en: '32-bit unsigned' },
    bytes: 4,
    signed: false,
    integer: true,
    min: 0,
    max: 0xffffffff,
    read: (view) => view.getUint32(0),
    write: (view, value) => view.setUint32(0, value),
  }),
  int: defineNumeric({
    id: 'int',
    label: { zh: '32位有符号', en: '32-bit signed' },
    bytes: 4,
    signed: true,
    integer: true,
    min: -0x80000000,
    max: 0x7fffffff,
    read: (view) => view.getInt32(0),
    write: (view, value) => view.setInt32(0, value),
  }),
  float: defineNumeric({
    id: 'float',
    label: { zh: '32位浮点', en: 'Float' },
    bytes: 4,
    signed: true,
    integer: false,
    min: -3.4028234663852886e38,
    max: 3.4028234663852886e38,
    read: (view) => view.getFloat32(0),
    write: (view, value) => view.setFloat32(0, value),
  }),
  double: defineNumeric({
    id: 'double',
    label: { zh: '64位浮点', en: 'Double' },
    bytes: 8,
    signed: true,
    integer: false,
    min: -Number.MAX_VALUE,
    max: Number.MAX_VALUE,
    read: (view) => view.getFloat64(0),
    write: (view, value) => view.setFloat64(0, value),
  }),
  long: defineNumeric({
    id: 'long',
    label: { zh: '64位有符号', en: '64-bit signed' },
    bytes: 8,
    signed: true,
    integer: true,
    min: -(2 ** 63),
    max: LONG_MAX,
    read: (view) => Number(view.getBigInt64(0)),
    write: (view, value) => view.setBigInt64(0, BigInt(value)),
  }),
  string: {
    id: 'string',
    label: { zh: '字符串', en: 'String' },
    orderWidth: 16,
    registerTypes: WORD_TABLES,
    numeric: false,
    signed: false,
    integer: false,
    range: null,
    registerCount: (stringLength = 0) => Math.ceil(stringLength / 2),
    decode(words, { order, stringLength }) {
      const bytes = textRegistersToBytes(words, order as ByteOrder16).subarray(
        0,
        stringLength ?? words.length * 2,
      );
      const end = bytes.indexOf(0);
      return utf8Decoder.decode(end < 0 ? bytes : bytes.subarray(0, end));
    },
    encode(value, { order, stringLength }) {
      const text = utf8Encoder.encode(String(value));
      const length = stringLength ?? text.length;
      if (text.length > length)
        throw new RangeError(`text needs ${text.length} bytes, the variable holds ${length}`);
      const bytes = new Uint8Array(Math.ceil(length / 2) * 2);
      bytes.set(text);
      return bytesToTextRegisters(bytes, order as ByteOrder16);
    },
  },
};

export function dataTypeDefinition(dataType: DataType): DataTypeDefinition {
  return DATA_TYPE_DEFINITIONS[dataType];
}

/** The driver's byte order that applies to a data type. */
export function byteOrderFor(definition: DataTypeDefinition, orders: ByteOrders): string {
  if (definition.orderWidth === 64) return orders.byteOrder64;
  if (definition.orderWidth === 32) return orders.byteOrder32;
  return orders.byteOrder16;
}

/** Length of a text in bytes as a string register stores it (UTF-8, ASCII is one byte). */
export function textByteLength(text: string): number {
  return utf8Encoder.encode(text).length;
}

/**
 * Whether a raw value fits a data type: a wrong kind of value is a data type error (1722), a value
 * beyond what the registers can carry is out of range (2003). Integer types round first.
 */
export function checkRawValue(
  definition: DataTypeDefinition,
  value: VariableValue,
  stringLength?: number,
): ErrorCode | null {
  if (!definition.numeric) {
    if (typeof value !== 'string') return '1722';
    return textByteLength(value) > (stringLength ?? 0) ? '2003' : null;
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) return '1722';
  const raw = definition.integer ? Math.round(value) : value;
  const range = definition.range;
  if (range && (raw < range.min || raw > range.max)) return '2003';
  return null;
}
