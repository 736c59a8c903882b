/**
 * Values for the variables of a simulated OPC UA server or S7 PLC, so a product runs in the demo
 * and the designer without a device: numbers follow a slow wave (a minute per period, each
 * variable shifted so they do not move in step) within every data type's range, booleans switch
 * every 10 s, texts show the variable's name. A value written to the device is held from then on,
 * as a real device keeps a set point.
 */
import type { Variable, VariableValue } from '@lyyp/contracts/device-model';

const PERIOD_MS = 60_000;
const SWITCH_MS = 10_000;

export class SimulatedValues {
  private readonly variables: ReadonlyMap<string, { readonly variable: Variable; readonly phase: number }>;
  private readonly held = new Map<string, VariableValue>();

  constructor(
    variables: readonly Variable[],
    private readonly now: () => number = Date.now,
  ) {
    this.variables = new Map(variables.map((variable, index) => [variable.key, { variable, phase: index }]));
  }

  keys(): string[] {
    return [...this.variables.keys()];
  }

  /** The raw value of a variable now. */
  value(key: string): VariableValue {
    const held = this.held.get(key);
    if (held !== undefined) return held;
    const entry = this.variables.get(key);
    if (!entry) return 0;
    const { variable, phase } = entry;
    const t = this.now();
    if (variable.dataType === 'string') return variable.name;
    if (variable.dataType === 'boolean') return (Math.floor(t / SWITCH_MS) + phase) % 2;
    // 10 … 90 fits every numeric type, signed or not, 8 bits or more.
    const wave = 50 + 40 * Math.sin((2 * Math.PI * t) / PERIOD_MS + phase);
    return variable.dataType === 'float' || variable.dataType === 'double'
      ? Math.round(wave * 100) / 100
      : Math.round(wave);
  }

  /** Whether a write has fixed the variable's value. */
  isHeld(key: string): boolean {
    return this.held.has(key);
  }

  /** A write reached the device: the variable keeps this raw value from now on. */
  hold(key: string, raw: VariableValue): void {
    if (this.variables.has(key)) this.held.set(key, raw);
  }
}
