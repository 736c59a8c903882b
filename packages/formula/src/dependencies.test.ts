import { describe, expect, it } from 'vitest';
import { orderFormulas, type FormulaDefinition } from './dependencies.ts';

const inputs = ['voltage', 'current', 'price', 'running'];

function namesInOrder(definitions: readonly FormulaDefinition[]): string[] {
  const result = orderFormulas(definitions, { inputs });
  if (!result.ok) throw new Error(result.error.message);
  return result.order.map((entry) => entry.name);
}

describe('orderFormulas', () => {
  it('puts every formula after the formulas it reads, whatever order they were written in', () => {
    const order = namesInOrder([
      { name: 'cost', source: 'energy * price' },
      { name: 'energy', source: 'power / 1000' },
      { name: 'power', source: 'voltage * current' },
    ]);
    expect(order).toEqual(['power', 'energy', 'cost']);
  });

  it('keeps the written order among formulas that do not read each other', () => {
    expect(
      namesInOrder([
        { name: 'b', source: 'voltage + 1' },
        { name: 'a', source: 'current + 1' },
      ]),
    ).toEqual(['b', 'a']);
  });

  it('lists what each formula reads: other formulas and inputs apart', () => {
    const result = orderFormulas(
      [
        { name: 'power', source: 'voltage * current' },
        { name: 'cost', source: 'power * price + power' },
      ],
      { inputs },
    );
    expect(result.ok && result.order).toMatchObject([
      { name: 'power', dependsOn: [], inputs: ['voltage', 'current'] },
      { name: 'cost', dependsOn: ['power'], inputs: ['price'] },
    ]);
  });

  it('refuses a cycle with the formula, the column of the reference that closes it and the path', () => {
    const result = orderFormulas(
      [
        { name: 'a', source: 'b + 1' },
        { name: 'b', source: 'voltage * c' },
        { name: 'c', source: 'round(a, 2)' },
      ],
      { inputs },
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.name).toBe('c');
    expect(result.error).toMatchObject({
      code: '1508',
      kind: 'dependency-cycle',
      column: 7,
      start: 6,
      end: 7,
    });
    expect(result.error.detail.en).toBe('a at column 7 closes a cycle: a → b → c → a');
    expect(result.error.detail.zh).toBe('第 7 列的a形成循环引用：a → b → c → a');
  });

  it('tells a cycle from the formula being edited, at its reference that leads into the cycle', () => {
    const result = orderFormulas(
      [
        { name: 'a', source: 'b + 1' },
        { name: 'b', source: 'voltage * c' },
        { name: 'c', source: 'round(a, 2)' },
      ],
      { inputs, focus: 'b' },
    );
    expect(result).toMatchObject({ ok: false, name: 'b', error: { kind: 'dependency-cycle', column: 11 } });
    if (!result.ok) expect(result.error.detail.en).toBe('c at column 11 closes a cycle: b → c → a → b');
  });

  it('refuses a formula that reads itself unless it may read its previous value', () => {
    const refused = orderFormulas([{ name: 'total', source: 'total + current' }], { inputs });
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error).toMatchObject({ kind: 'unknown-variable', column: 1 });
    const allowed = orderFormulas([{ name: 'total', source: 'total + current', readsItself: true }], {
      inputs,
    });
    expect(allowed.ok && allowed.order[0]).toMatchObject({ dependsOn: [], inputs: ['current'] });
  });

  it('names the formula with an unknown variable or a syntax error', () => {
    const unknown = orderFormulas(
      [
        { name: 'ok', source: 'voltage' },
        { name: 'bad', source: 'voltage + nothing' },
      ],
      { inputs },
    );
    expect(unknown).toMatchObject({
      ok: false,
      name: 'bad',
      error: { kind: 'unknown-variable', column: 11 },
    });
    const syntax = orderFormulas([{ name: 'broken', source: 'voltage +' }], { inputs });
    expect(syntax).toMatchObject({ ok: false, name: 'broken', error: { code: '1508' } });
  });

  it('finds a self-cycle through another formula even when a function shares a name', () => {
    const result = orderFormulas(
      [
        { name: 'abs', source: 'abs(x2)' },
        { name: 'x2', source: 'abs + 1' },
      ],
      { inputs },
    );
    expect(result).toMatchObject({ ok: false, name: 'x2', error: { kind: 'dependency-cycle', column: 1 } });
  });
});
