import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BINDING_MAP_MAX_ENTRIES, BindingTransformSchema } from '@lyyp/contracts/designer';
import { checkTransformMaps, mayAddRow, parseRuleValue, settleMapValues } from './transform-maps.ts';

describe('transform map checks', () => {
  it('accepts distinct rows and keeps typed numbers as numbers', () => {
    const transform = settleMapValues({
      textMap: [
        { symbol: '==', value: '0', text: '停止' },
        { symbol: '==', value: '1', text: '运行' },
        { symbol: '==', value: 'fault', text: 'Fault' },
      ],
      colorMap: [{ symbol: '>', value: '80.5', color: '#f00' }],
    });
    expect(checkTransformMaps(transform)).toEqual([]);
    expect(transform.textMap?.map((row) => row.value)).toEqual([0, 1, 'fault']);
    expect(transform.colorMap?.[0]?.value).toBe(80.5);
    expect(BindingTransformSchema.safeParse(transform).success).toBe(true);
  });

  it('finds repeated values, missing values and texts of spaces', () => {
    expect(
      checkTransformMaps({
        textMap: [
          { symbol: '==', value: 1, text: 'a' },
          { symbol: '==', value: '1', text: '   ' },
          { symbol: '!=', value: 1, text: 'b' },
          { symbol: '==', value: ' ', text: 'c' },
        ],
        colorMap: [
          { symbol: '==', value: 1, color: '#000' },
          { symbol: '==', value: 1.0, color: '#fff' },
        ],
      }),
    ).toEqual([
      { kind: 'duplicate', map: 'textMap', row: 1 },
      { kind: 'no-value', map: 'textMap', row: 3 },
      { kind: 'blank-text', row: 1 },
      { kind: 'duplicate', map: 'colorMap', row: 1 },
    ]);
  });

  it('allows at most the limit of rows per map', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: BINDING_MAP_MAX_ENTRIES + 5 }), (count) => {
        const textMap = Array.from({ length: count }, (_, index) => ({
          symbol: '==' as const,
          value: index,
          text: `t${index}`,
        }));
        const transform = { textMap };
        const tooMany = checkTransformMaps(transform).some((problem) => problem.kind === 'too-many');
        expect(tooMany).toBe(count > BINDING_MAP_MAX_ENTRIES);
        expect(mayAddRow(transform, 'textMap')).toBe(count < BINDING_MAP_MAX_ENTRIES);
        expect(mayAddRow(transform, 'colorMap')).toBe(true);
        expect(BindingTransformSchema.safeParse(transform).success).toBe(!tooMany);
      }),
    );
  });

  it('reads a typed value as a number only when it is one', () => {
    expect(parseRuleValue('12')).toBe(12);
    expect(parseRuleValue(' -3.5 ')).toBe(-3.5);
    expect(parseRuleValue('on')).toBe('on');
    expect(parseRuleValue('')).toBe('');
  });
});
