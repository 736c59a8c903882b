/**
 * Between OPC UA values and the platform's: a node's value as the raw value of its variable
 * (numbers, booleans as 0/1, 64-bit integers exact up to 2^53, text; arrays and other structured
 * values as JSON text), and a raw value as the Variant of the node's own built-in type for writes.
 */
import type { VariableValue } from '@lyyp/contracts/device-model';
import { DataType, Variant, VariantArrayType } from 'node-opcua';

const MASK_64 = (1n << 64n) - 1n;

function from64(pair: readonly [number, number], signed: boolean): number {
  const unsigned = (BigInt(pair[0] >>> 0) << 32n) | BigInt(pair[1] >>> 0);
  return Number(signed ? BigInt.asIntN(64, unsigned) : unsigned);
}

function to64(value: number): [number, number] {
  const bits = BigInt(Math.round(value)) & MASK_64;
  return [Number(bits >> 32n), Number(bits & 0xffffffffn)];
}

const isPair = (value: unknown): value is [number, number] =>
  Array.isArray(value) && value.length === 2 && value.every((part) => typeof part === 'number');

function scalar(dataType: DataType, value: unknown): VariableValue | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if ((dataType === DataType.Int64 || dataType === DataType.UInt64) && isPair(value))
    return from64(value, dataType === DataType.Int64);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number(value);
  if (typeof value === 'object' && 'text' in value) {
    const text: unknown = value.text;
    return typeof text === 'string' ? text : '';
  }
  return JSON.stringify(value);
}

function plain(dataType: DataType, value: unknown): unknown {
  const converted = scalar(dataType, value);
  return typeof converted === 'number' && dataType === DataType.Boolean ? converted === 1 : converted;
}

/** The raw value a Variant carries, or null when it carries none. */
export function rawOfVariant(variant: Variant): VariableValue | null {
  if (variant.arrayType !== VariantArrayType.Scalar) {
    const items = Array.from(variant.value as ArrayLike<unknown>, (item) => plain(variant.dataType, item));
    return JSON.stringify(items);
  }
  return scalar(variant.dataType, variant.value);
}

/** A raw value as a Variant of the node's built-in type (and array form). */
export function variantOf(raw: VariableValue, dataType: DataType, isArray: boolean): Variant {
  if (isArray) {
    const items = JSON.parse(String(raw)) as unknown[];
    if (!Array.isArray(items)) throw new TypeError('an array node takes a JSON array');
    return new Variant({
      dataType,
      arrayType: VariantArrayType.Array,
      value: items.map((item) => scalarValue(item as VariableValue, dataType)),
    });
  }
  // A 64-bit value is a [high, low] pair: the array form must be said, or it reads as an array.
  return new Variant({ dataType, arrayType: VariantArrayType.Scalar, value: scalarValue(raw, dataType) });
}

function scalarValue(raw: VariableValue, dataType: DataType): unknown {
  if (dataType === DataType.Boolean) return typeof raw === 'number' ? raw !== 0 : raw === 'true';
  if (dataType === DataType.Int64 || dataType === DataType.UInt64) return to64(Number(raw));
  if (dataType === DataType.String) return String(raw);
  return typeof raw === 'number' ? raw : Number(raw);
}
