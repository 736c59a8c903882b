/**
 * Formulas that read each other (computed variables: `power = voltage * current`,
 * `cost = power * price`): which ones each reads, the order to evaluate them in so every formula
 * sees this cycle's values of the others, and a cycle refused with the position that closes it.
 * A formula may read its own name when the caller allows it (an accumulating summary reads its
 * previous value); that is not a dependency.
 */
import { FormulaFailure, createFormulaError, type FormulaError } from './errors.ts';
import { compileFormula, type Formula } from './formula.ts';
import { tokenize } from './lexer.ts';

export interface FormulaDefinition {
  /** The name other formulas read this one's value by. */
  readonly name: string;
  readonly source: string;
  /** Whether the formula may read its own name (its previous value). */
  readonly readsItself?: boolean;
}

export interface OrderedFormula {
  readonly name: string;
  readonly formula: Formula;
  /** Names of other formulas of the set it reads (evaluated before it). */
  readonly dependsOn: readonly string[];
  /** Every name it reads that is not one of the set: the inputs it needs. */
  readonly inputs: readonly string[];
}

export type FormulaOrderResult =
  | { readonly ok: true; readonly order: readonly OrderedFormula[] }
  | { readonly ok: false; readonly name: string; readonly error: FormulaError };

export interface FormulaOrderOptions {
  /** Names that may be read besides the formulas of the set (values read from devices …). */
  readonly inputs: readonly string[];
  /**
   * The formula being edited: a cycle through it is reported in its own text (at its reference
   * that leads into the cycle), where the person can fix it, rather than where the search closed it.
   */
  readonly focus?: string;
}

/** Where `name` first appears as a variable (not a call) in `source`, as UTF-16 offsets. */
function spanOfVariable(source: string, name: string): { start: number; end: number } {
  const tokens = tokenize(source);
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    const next = tokens[index + 1];
    const isCall = next?.kind === 'symbol' && next.text === '(';
    if (token.kind === 'identifier' && token.text === name && !isCall)
      return { start: token.start, end: token.end };
  }
  return { start: 0, end: source.length };
}

function cycleError(source: string, next: string, path: readonly string[]): FormulaError {
  const { start, end } = spanOfVariable(source, next);
  return createFormulaError(
    source,
    new FormulaFailure('dependency-cycle', start, end, { name: next, path: path.join(' → ') }),
  );
}

/**
 * Compiles every formula (names outside `inputs` and the set are errors) and orders them so each
 * comes after the formulas it reads. The first problem is returned with the name of the formula
 * it is in: a compile error, or a cycle (`a` reads `b` reads `a`) at the reference that closes it.
 */
export function orderFormulas(
  definitions: readonly FormulaDefinition[],
  options: FormulaOrderOptions,
): FormulaOrderResult {
  const own = new Set(definitions.map((definition) => definition.name));
  const compiled = new Map<string, OrderedFormula & { readonly source: string }>();
  for (const definition of definitions) {
    const allowed = [...options.inputs, ...own].filter(
      (name) => name !== definition.name || definition.readsItself === true,
    );
    const result = compileFormula(definition.source, { variables: allowed });
    if (!result.ok) return { ok: false, name: definition.name, error: result.error };
    const reads = result.formula.variables.filter((name) => name !== definition.name);
    compiled.set(definition.name, {
      name: definition.name,
      formula: result.formula,
      source: definition.source,
      dependsOn: reads.filter((name) => own.has(name)),
      inputs: reads.filter((name) => !own.has(name)),
    });
  }

  // Depth-first, in the order written, so the answer is stable and a cycle is reported where it closes.
  const order: OrderedFormula[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const stack: string[] = [];
  const visit = (name: string): FormulaOrderResult | null => {
    const entry = compiled.get(name)!;
    state.set(name, 'visiting');
    stack.push(name);
    for (const next of entry.dependsOn) {
      const seen = state.get(next);
      if (seen === 'done') continue;
      if (seen === 'visiting') {
        const loop = stack.slice(stack.indexOf(next));
        const focus = options.focus === undefined ? -1 : loop.indexOf(options.focus);
        if (focus < 0) return { ok: false, name, error: cycleError(entry.source, next, [...loop, next]) };
        // The same cycle, told from the formula being edited.
        const rotated = [...loop.slice(focus), ...loop.slice(0, focus)];
        const blamed = compiled.get(rotated[0]!)!;
        const successor = rotated[1] ?? rotated[0]!;
        return {
          ok: false,
          name: blamed.name,
          error: cycleError(blamed.source, successor, [...rotated, rotated[0]!]),
        };
      }
      const failed = visit(next);
      if (failed) return failed;
    }
    stack.pop();
    state.set(name, 'done');
    order.push({ name, formula: entry.formula, dependsOn: entry.dependsOn, inputs: entry.inputs });
    return null;
  };
  for (const definition of definitions) {
    if (state.get(definition.name) === 'done') continue;
    const failed = visit(definition.name);
    if (failed) return failed;
  }
  return { ok: true, order };
}
