import { describe, expect, it } from 'vitest';
import { sharedFormulaEngine } from './shared-formula-engine.ts';

describe('shared formula engine', () => {
  it('evaluates collection and write formulas in terms of x', () => {
    expect(sharedFormulaEngine.compile('x * 0.1 - 40').evaluate(650)).toBeCloseTo(25);
    expect(sharedFormulaEngine.compile('round((x + 40) * 10)').evaluate(25)).toBe(650);
  });

  it('refuses formulas it cannot compile, and yields no number when evaluation fails', () => {
    expect(() => sharedFormulaEngine.compile('y * 2')).toThrow();
    expect(() => sharedFormulaEngine.compile('x +')).toThrow();
    expect(sharedFormulaEngine.compile('100 / x').evaluate(0)).toBeNaN();
  });
});
