/**
 * Intermediate, internal and summary variables (§3) on the agent. Intermediate and summary
 * variables are computed with their formula (`@lyyp/formula`) from the newest values of the
 * variables they read, in dependency order, after every poll cycle; a summary also reads its own
 * previous value (it accumulates). Internal variables hold what scripts and writes put there.
 * Internal and summary values are kept: the agent saves them and hands them back after a restart.
 * Pure: no clock, no files.
 */
import type { ErrorCode } from '@lyyp/contracts';
import {
  KEPT_VARIABLE_KINDS,
  isComputedKind,
  type DeviceModel,
  type Variable,
  type VariableKind,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import { orderFormulas, type FormulaScope, type OrderedFormula } from '@lyyp/formula';
import { roundToDecimals } from './collection.ts';
import type { RejectedVariable } from './points.ts';
import type { Sample } from './samples.ts';

/** Code of a formula that cannot be computed (§8 formula wrong). */
export const FORMULA_WRONG_CODE: ErrorCode = '1508';

/** Internal and summary variables start from 0 until something sets them. */
const KEPT_START = 0;

const keptKinds: readonly VariableKind[] = KEPT_VARIABLE_KINDS;

export interface ComputedEntry {
  readonly variable: Variable;
  readonly ordered: OrderedFormula;
}

/** The value of a variable after its decimals, with its state text and limit flag, as a sample. */
export function shapeReading(variable: Variable, value: VariableValue, at: number): Sample {
  if (typeof value !== 'number') return { kind: 'reading', key: variable.key, value, raw: value, at };
  if (!Number.isFinite(value)) return { kind: 'fault', key: variable.key, code: FORMULA_WRONG_CODE, at };
  const rounded = roundToDecimals(value, variable.decimals);
  const limit =
    variable.collectionLowerLimit !== undefined && rounded < variable.collectionLowerLimit
      ? 'below'
      : variable.collectionUpperLimit !== undefined && rounded > variable.collectionUpperLimit
        ? 'above'
        : undefined;
  const text = variable.stateMapping.find((entry) => entry.value === rounded)?.text;
  return {
    kind: 'reading',
    key: variable.key,
    value: rounded,
    raw: value,
    at,
    ...(text !== undefined ? { text } : {}),
    ...(limit ? { limit } : {}),
  };
}

function toFormulaValue(value: VariableValue | undefined): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

/** The computed and kept variables of one model, and the newest value of every variable. */
export class ComputedVariables {
  /** Computed variables in the order they are evaluated. */
  readonly order: readonly ComputedEntry[];
  /** Computed variables whose formulas cannot run (unknown variable, cycle …). */
  readonly rejected: readonly RejectedVariable[];
  private readonly variables: ReadonlyMap<string, Variable>;
  private readonly values = new Map<string, VariableValue>();

  constructor(model: DeviceModel, kept: Readonly<Record<string, VariableValue>> = {}) {
    this.variables = new Map(model.variables.map((variable) => [variable.key, variable]));
    const computed = model.variables.filter((variable) => isComputedKind(variable.kind));
    const inputs = model.variables.filter((variable) => !isComputedKind(variable.kind)).map((v) => v.key);
    const rejected: RejectedVariable[] = [];
    let definitions = computed;
    let order: readonly OrderedFormula[];
    // The platform refuses bad formulas; an older or hand-made configuration may still carry one.
    // Set that variable aside and order the rest.
    for (;;) {
      const result = orderFormulas(
        definitions.map((variable) => ({
          name: variable.key,
          source: variable.formula ?? '',
          readsItself: variable.kind === 'summary',
        })),
        { inputs: [...inputs, ...rejected.map((item) => item.key)] },
      );
      if (result.ok) {
        order = result.order;
        break;
      }
      rejected.push({ key: result.name, code: result.error.code });
      definitions = definitions.filter((variable) => variable.key !== result.name);
    }
    this.rejected = rejected;
    this.order = order.map((ordered) => ({ variable: this.variables.get(ordered.name)!, ordered }));
    for (const variable of model.variables) {
      if (!keptKinds.includes(variable.kind)) continue;
      const saved = Object.hasOwn(kept, variable.key) ? kept[variable.key] : undefined;
      if (saved !== undefined) this.values.set(variable.key, saved);
      else this.values.set(variable.key, KEPT_START);
    }
  }

  variable(key: string): Variable | undefined {
    return this.variables.get(key);
  }

  /** Whether the agent itself holds the variable's value (internal and summary variables). */
  isKept(key: string): boolean {
    const variable = this.variables.get(key);
    return variable !== undefined && keptKinds.includes(variable.kind);
  }

  /** The newest value of any variable (undefined: none yet, or its last read failed). */
  get(key: string): VariableValue | undefined {
    return this.values.get(key);
  }

  /** Values of internal and summary variables, to be saved. */
  keptValues(): Record<string, VariableValue> {
    const kept: Record<string, VariableValue> = {};
    for (const [key, value] of this.values) if (this.isKept(key)) kept[key] = value;
    return kept;
  }

  /** Samples of the internal variables' values (summaries come with `compute`). */
  keptSamples(at: number): Sample[] {
    return [...this.values].flatMap(([key, value]) => {
      const variable = this.variables.get(key);
      return variable?.kind === 'internal' ? [shapeReading(variable, value, at)] : [];
    });
  }

  /** Takes the samples of a poll cycle (every one read, reported or not). */
  take(samples: readonly Sample[]): void {
    for (const sample of samples) {
      if (sample.kind === 'reading') this.values.set(sample.key, sample.value);
      else this.values.delete(sample.key);
    }
  }

  /** Sets a kept variable (a script or a write); the sample to report. */
  set(key: string, value: VariableValue, at: number): Sample | null {
    const variable = this.variables.get(key);
    if (!variable || !keptKinds.includes(variable.kind)) return null;
    const sample = shapeReading(variable, value, at);
    if (sample.kind === 'reading') this.values.set(key, sample.value);
    return sample;
  }

  /**
   * Computes every intermediate and summary variable from the newest values, in dependency order;
   * a formula that fails (a value missing, division by zero …) gives a fault and its value is
   * unknown to the formulas after it. Also the samples of formulas set aside, so they show as faults.
   */
  compute(at: number): Sample[] {
    const samples: Sample[] = this.rejected.map((item) => ({
      kind: 'fault',
      key: item.key,
      code: item.code,
      at,
    }));
    const scope: FormulaScope = (name) => toFormulaValue(this.values.get(name));
    for (const { variable, ordered } of this.order) {
      const result = ordered.formula.evaluate(scope);
      if (!result.ok) {
        // A summary keeps its total through a failed cycle; an intermediate value is unknown.
        if (variable.kind !== 'summary') this.values.delete(variable.key);
        samples.push({ kind: 'fault', key: variable.key, code: result.error.code, at });
        continue;
      }
      // Booleans are 0 and 1 on the agent, as read from a device.
      const sample = shapeReading(variable, Number(result.value), at);
      if (sample.kind === 'reading') this.values.set(variable.key, sample.value);
      else this.values.delete(variable.key);
      samples.push(sample);
    }
    return samples;
  }
}
