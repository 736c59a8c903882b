import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BindingTransformSchema,
  COMPARISON_SYMBOLS,
  type BindingTransform,
  type ComparisonSymbol,
} from '@lyyp/contracts/designer';
import { createEmptyBinding } from '../registry/defaults.ts';
import { evaluateAnimation } from './animation.ts';
import { applyBindingTransform, readTransformed } from './binding-transform.ts';
import { createValueReader, type LiveValue } from './values.ts';
import { createWidget } from '../model/widget-factory.ts';

/** The documented semantics, written the plain way for numbers. */
function reference(transform: BindingTransform, raw: number) {
  const value = raw * (transform.scale ?? 1) + (transform.offset ?? 0);
  const test = (symbol: ComparisonSymbol, expected: number) =>
    ({
      '==': value === expected,
      '!=': value !== expected,
      '>': value > expected,
      '>=': value >= expected,
      '<': value < expected,
      '<=': value <= expected,
    })[symbol];
  const text = transform.textMap?.find((rule) => test(rule.symbol, rule.value as number))?.text;
  const color = transform.colorMap?.find((rule) => test(rule.symbol, rule.value as number))?.color ?? null;
  const digits = transform.decimals ?? null;
  const bare = digits === null ? String(value) : value.toFixed(digits);
  return { value, text: text ?? (transform.unit ? `${bare} ${transform.unit}` : bare), color };
}

const small = fc.integer({ min: -1000, max: 1000 });
const symbol = fc.constantFrom(...COMPARISON_SYMBOLS);
const transformArb: fc.Arbitrary<BindingTransform> = fc.record(
  {
    scale: fc.integer({ min: -100, max: 100 }).map((n) => n / 4),
    offset: small,
    decimals: fc.option(fc.integer({ min: 0, max: 4 }), { nil: null }),
    unit: fc.constantFrom('', '℃', 'MPa', 'm³/h'),
    textMap: fc.array(fc.record({ symbol, value: small, text: fc.constantFrom('低', 'OK', '高') }), {
      maxLength: 3,
    }),
    colorMap: fc.array(fc.record({ symbol, value: small, color: fc.constantFrom('#f00', '#0f0') }), {
      maxLength: 3,
    }),
  },
  { requiredKeys: [] },
);

describe('binding transforms', () => {
  it('scale and offset, then the maps, then the format, as the reference model says', () => {
    fc.assert(
      fc.property(transformArb, small, (transform, raw) => {
        expect(BindingTransformSchema.safeParse(transform).success).toBe(true);
        const result = applyBindingTransform(transform, raw);
        const expected = reference(transform, raw);
        expect(result.value).toBe(expected.value);
        expect(result.text).toBe(expected.text);
        expect(result.color).toBe(expected.color);
      }),
    );
  });

  it('an expression of x replaces scale and offset and sees numbers the way the formula package does', () => {
    fc.assert(
      fc.property(small, small, (raw, offset) => {
        const transform = { expression: `x * 2 + ${offset}`, scale: 1000, offset: 1000 };
        expect(applyBindingTransform(transform, raw).value).toBe(raw * 2 + offset);
      }),
    );
    expect(
      applyBindingTransform({ expression: 'x > 50', textMap: [{ symbol: '==', value: 1, text: '高' }] }, 80),
    ).toEqual({ value: 1, text: '高', color: null });
    expect(applyBindingTransform({ expression: 'x / 0' }, 5).value).toBeUndefined();
    expect(applyBindingTransform({ expression: 'x +' }, 5).value).toBeUndefined();
    expect(applyBindingTransform({ expression: 'y * 2' }, 5).value).toBeUndefined();
    expect(applyBindingTransform({ expression: 'x * 2' }, 'abc').value).toBeUndefined();
  });

  it('passes text and unknown values through; no transform is the identity', () => {
    fc.assert(
      fc.property(fc.oneof(small, fc.string(), fc.boolean(), fc.constant(null)), (raw: LiveValue) => {
        expect(applyBindingTransform(undefined, raw).value).toBe(raw);
        expect(applyBindingTransform({}, raw).value).toBe(raw);
      }),
    );
    expect(applyBindingTransform({ scale: 2, unit: 'kg' }, 'open')).toEqual({
      value: 'open',
      text: 'open kg',
      color: null,
    });
    expect(applyBindingTransform({ scale: 2, unit: 'kg' }, undefined)).toEqual({
      value: undefined,
      text: '',
      color: null,
    });
    expect(applyBindingTransform({ decimals: 2, unit: '℃' }, '21.456')).toEqual({
      value: '21.456',
      text: '21.46 ℃',
      color: null,
    });
  });

  it('the runtime path applies the transform: animation rules compare the transformed value', () => {
    const deps = {
      createId: (() => {
        let n = 0;
        return () => `t${++n}`;
      })(),
    };
    const rect = createWidget('ShapeRect', { x: 0, y: 0, width: 10, height: 10 }, deps);
    const binding = { ...createEmptyBinding(), signalId: 'raw', transform: { scale: 0.1 } };
    const widget = {
      ...rect,
      animation: {
        ...rect.animation,
        fillColor: { enable: true, binding, colors: [{ symbol: '>' as const, value: 50, color: '#f00' }] },
      },
    };
    expect(evaluateAnimation(widget, createValueReader({ raw: 600 })).fillColor).toBe('#f00');
    expect(evaluateAnimation(widget, createValueReader({ raw: 400 })).fillColor).toBeNull();
    expect(
      readTransformed(createValueReader({ raw: 612 }), {
        ...binding,
        transform: { scale: 0.1, decimals: 1, unit: 'bar' },
      }).text,
    ).toBe('61.2 bar');
  });
});
