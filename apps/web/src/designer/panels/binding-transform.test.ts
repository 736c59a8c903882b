import { describe, expect, it } from 'vitest';
import { cleanTransform } from './BindingTransformEditor.tsx';

describe('a binding transform as edited', () => {
  it('keeps the fields set and drops the empty ones; nothing set is no transform', () => {
    expect(cleanTransform({ expression: '', scale: 0.1, offset: undefined, unit: '℃', textMap: [] })).toEqual(
      {
        scale: 0.1,
        unit: '℃',
      },
    );
    expect(cleanTransform({ expression: '', unit: '' })).toBeUndefined();
    expect(cleanTransform({ decimals: 0 })).toEqual({ decimals: 0 });
  });
});
