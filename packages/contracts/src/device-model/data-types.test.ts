import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BYTE_ORDERS_16, BYTE_ORDERS_32, BYTE_ORDERS_64 } from './byte-order.ts';
import { DATA_TYPES, DATA_TYPE_DEFINITIONS, byteOrderFor, checkRawValue } from './data-types.ts';
import { REGISTER_TYPES } from './register-types.ts';

const ordersOfWidth = { 16: BYTE_ORDERS_16, 32: BYTE_ORDERS_32, 64: BYTE_ORDERS_64 } as const;

describe('data type registry', () => {
  it('defines every data type of §3 completely', () => {
    expect(Object.keys(DATA_TYPE_DEFINITIONS).sort()).toEqual([...DATA_TYPES].sort());
    for (const id of DATA_TYPES) {
      const definition = DATA_TYPE_DEFINITIONS[id];
      expect(definition.id, id).toBe(id);
      expect(definition.label.zh.trim(), id).not.toBe('');
      expect(definition.label.en.trim(), id).not.toBe('');
      expect(definition.registerTypes.length, id).toBeGreaterThan(0);
      for (const table of definition.registerTypes) expect(REGISTER_TYPES, id).toContain(table);
      expect(definition.registerCount(16), id).toBeGreaterThanOrEqual(1);
      expect(typeof definition.decode, id).toBe('function');
      expect(typeof definition.encode, id).toBe('function');
      if (definition.numeric) {
        expect(definition.range, id).not.toBeNull();
        expect(definition.range!.min, id).toBeLessThan(definition.range!.max);
        expect(definition.range!.min < 0, id).toBe(definition.signed);
      } else {
        expect(definition.range, id).toBeNull();
      }
    }
  });

  it('round-trips the ends of every numeric range in every byte order of its width', () => {
    for (const id of DATA_TYPES) {
      const definition = DATA_TYPE_DEFINITIONS[id];
      if (!definition.range) continue;
      for (const order of ordersOfWidth[definition.orderWidth]) {
        for (const value of [definition.range.min, definition.range.max, 0, 1]) {
          const registers = definition.encode(value, { order, bitIndex: undefined });
          expect(registers, `${id} ${order}`).toHaveLength(definition.registerCount());
          for (const register of registers)
            expect(register >= 0 && register <= 0xffff, `${id} ${order}`).toBe(true);
          expect(definition.decode(registers, { order }), `${id} ${order} ${value}`).toBe(value);
        }
      }
    }
  });

  it('round-trips random values of every numeric type and order', () => {
    for (const id of DATA_TYPES) {
      const definition = DATA_TYPE_DEFINITIONS[id];
      if (!definition.range || id === 'boolean') continue;
      const { min, max } = definition.range;
      const values = definition.integer
        ? fc.integer({
            min: Math.max(min, Number.MIN_SAFE_INTEGER),
            max: Math.min(max, Number.MAX_SAFE_INTEGER),
          })
        : id === 'float'
          ? fc.float({ noNaN: true, noDefaultInfinity: true }).map((value) => Math.fround(value))
          : fc.double({ noNaN: true, noDefaultInfinity: true });
      fc.assert(
        fc.property(values, fc.constantFrom(...ordersOfWidth[definition.orderWidth]), (value, order) => {
          const decoded = definition.decode(definition.encode(value, { order }), { order });
          expect(Object.is(decoded, value) || decoded === value).toBe(true);
        }),
        { numRuns: 200 },
      );
    }
  });
});

describe('byte and word order', () => {
  const float = DATA_TYPE_DEFINITIONS.float;
  it('lays a float out as the four 32-bit orders name it', () => {
    // 123.456 as IEEE 754 single precision is 0x42F6E979.
    expect(float.encode(123.456, { order: 'ABCD' })).toEqual([0x42f6, 0xe979]);
    expect(float.encode(123.456, { order: 'CDAB' })).toEqual([0xe979, 0x42f6]);
    expect(float.encode(123.456, { order: 'BADC' })).toEqual([0xf642, 0x79e9]);
    expect(float.encode(123.456, { order: 'DCBA' })).toEqual([0x79e9, 0xf642]);
    expect(float.decode([0xe979, 0x42f6], { order: 'CDAB' })).toBeCloseTo(123.456, 4);
  });

  it('lays a double out as the four 64-bit orders name it', () => {
    const double = DATA_TYPE_DEFINITIONS.double;
    expect(double.encode(1, { order: 'ABCDEFGH' })).toEqual([0x3ff0, 0, 0, 0]);
    expect(double.encode(1, { order: 'GHEFCDAB' })).toEqual([0, 0, 0, 0x3ff0]);
    expect(double.encode(1, { order: 'BADCFEHG' })).toEqual([0xf03f, 0, 0, 0]);
    expect(double.encode(1, { order: 'HGFEDCBA' })).toEqual([0, 0, 0, 0xf03f]);
  });

  it('decodes signed and unsigned integers of every width', () => {
    expect(DATA_TYPE_DEFINITIONS.int.decode([0xfffe, 0xffff], { order: 'CDAB' })).toBe(-2);
    expect(DATA_TYPE_DEFINITIONS.unint.decode([0xfffe, 0xffff], { order: 'CDAB' })).toBe(0xfffffffe);
    expect(DATA_TYPE_DEFINITIONS.long.decode([0x0000, 0x0100, 0x0000, 0x0005], { order: 'ABCDEFGH' })).toBe(
      2 ** 40 + 5,
    );
    expect(DATA_TYPE_DEFINITIONS.long.decode([0xffff, 0xffff, 0xffff, 0xfff6], { order: 'ABCDEFGH' })).toBe(
      -10,
    );
    expect(DATA_TYPE_DEFINITIONS.short.decode([0xfb2e], { order: 'AB' })).toBe(-1234);
    expect(DATA_TYPE_DEFINITIONS.short.encode(-1234, { order: 'BA' })).toEqual([0x2efb]);
    expect(DATA_TYPE_DEFINITIONS.unshort.decode([0xfb2e], { order: 'AB' })).toBe(0xfb2e);
  });

  it('takes 8-bit values from the low byte of their register', () => {
    expect(DATA_TYPE_DEFINITIONS.unbyte.decode([0x12ab], { order: 'AB' })).toBe(0xab);
    expect(DATA_TYPE_DEFINITIONS.byte.decode([0x12ab], { order: 'AB' })).toBe(-85);
    expect(DATA_TYPE_DEFINITIONS.byte.encode(-2, { order: 'AB' })).toEqual([0x00fe]);
    expect(DATA_TYPE_DEFINITIONS.unbyte.decode([0x12ab], { order: 'BA' })).toBe(0x12);
  });

  it('picks the driver order that matches the width', () => {
    const orders = { byteOrder16: 'BA', byteOrder32: 'CDAB', byteOrder64: 'GHEFCDAB' } as const;
    expect(byteOrderFor(DATA_TYPE_DEFINITIONS.short, orders)).toBe('BA');
    expect(byteOrderFor(DATA_TYPE_DEFINITIONS.string, orders)).toBe('BA');
    expect(byteOrderFor(DATA_TYPE_DEFINITIONS.float, orders)).toBe('CDAB');
    expect(byteOrderFor(DATA_TYPE_DEFINITIONS.long, orders)).toBe('GHEFCDAB');
  });
});

describe('bits and strings', () => {
  const boolean = DATA_TYPE_DEFINITIONS.boolean;
  it('reads one bit of a register and writes it without touching the others', () => {
    expect(boolean.decode([0b1000], { order: 'AB', bitIndex: 3 })).toBe(1);
    expect(boolean.decode([0b1000], { order: 'AB', bitIndex: 2 })).toBe(0);
    expect(boolean.decode([0x8000], { order: 'AB', bitIndex: 15 })).toBe(1);
    expect(boolean.encode(1, { order: 'AB', bitIndex: 0, current: 0xff00 })).toEqual([0xff01]);
    expect(boolean.encode(0, { order: 'AB', bitIndex: 15, current: 0xffff })).toEqual([0x7fff]);
    expect(boolean.decode([1], { order: 'AB' })).toBe(1);
    expect(boolean.encode(1, { order: 'AB' })).toEqual([1]);
  });

  const string = DATA_TYPE_DEFINITIONS.string;
  it('stores ASCII two characters per register, NUL-padded', () => {
    expect(string.registerCount(8)).toBe(4);
    expect(string.registerCount(7)).toBe(4);
    expect(string.encode('BLR-01', { order: 'AB', stringLength: 8 })).toEqual([
      0x424c, 0x522d, 0x3031, 0x0000,
    ]);
    expect(string.encode('BLR-01', { order: 'BA', stringLength: 8 })).toEqual([
      0x4c42, 0x2d52, 0x3130, 0x0000,
    ]);
    expect(string.decode([0x424c, 0x522d, 0x3031, 0x0000], { order: 'AB', stringLength: 8 })).toBe('BLR-01');
    expect(string.decode([0x4c42, 0x2d52, 0x3130, 0x0000], { order: 'BA', stringLength: 8 })).toBe('BLR-01');
    expect(string.decode([0x4142, 0x4344], { order: 'AB', stringLength: 3 })).toBe('ABC');
    expect(() => string.encode('too long', { order: 'AB', stringLength: 4 })).toThrow(RangeError);
  });
});

describe('raw value check', () => {
  it('refuses values the registers cannot carry', () => {
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.unshort, 70000)).toBe('2003');
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.unshort, -1)).toBe('2003');
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.unshort, 65535.4)).toBeNull();
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.short, 'x')).toBe('1722');
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.float, 1e39)).toBe('2003');
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.string, 'abcd', 4)).toBeNull();
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.string, 'abcde', 4)).toBe('2003');
    expect(checkRawValue(DATA_TYPE_DEFINITIONS.string, 5, 4)).toBe('1722');
  });
});
