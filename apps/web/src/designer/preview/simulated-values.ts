/**
 * Values typed per variable for the designer's preview, kept outside React state like a device's
 * live values: they feed a `PageValueStore` under the same keys the viewer uses (signals by key,
 * intermediate variables as `mvar:<key>`, system keys), so the page reads them exactly as it would
 * read a device. A write from the previewed page lands here, never on a device.
 */
import type { RuleValue } from '@lyyp/contracts/designer';
import type { LiveValue } from '@lyyp/contracts/live';
import { PageValueStore } from '../../features/runtime/page-value-store.ts';
import { buildValueMap } from '../../features/runtime/runtime-values.ts';

type Listener = () => void;

/** What the system keys say while a page runs against typed values. */
const SIMULATED_FACTS = { deviceName: '', gatewaySn: '', gatewayStatus: 'online' } as const;

export class SimulatedValues {
  readonly store = new PageValueStore();
  private typed: Readonly<Record<string, LiveValue>> = {};
  private readonly listeners = new Set<Listener>();

  constructor(private readonly deviceName = '') {
    this.publish();
  }

  /** The typed values by variable key. */
  readonly snapshot = (): Readonly<Record<string, LiveValue>> => this.typed;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Sets one variable's value; `undefined` forgets it (the page then reads no value). */
  set(key: string, value: LiveValue | undefined): void {
    const next = { ...this.typed };
    if (value === undefined) delete next[key];
    else next[key] = value;
    this.typed = next;
    this.publish();
    for (const listener of [...this.listeners]) listener();
  }

  /** A write from the previewed page (a button, an input, a script). */
  readonly write = (key: string, value: RuleValue): Promise<void> => {
    this.set(key, value);
    return Promise.resolve();
  };

  private publish(): void {
    this.store.replace(
      buildValueMap(
        { values: this.typed, gateway: { status: 'online', signal: null } },
        { ...SIMULATED_FACTS, deviceName: this.deviceName },
      ),
    );
  }
}

/**
 * A typed text as a variable's value: empty forgets the value, numbers become numbers, `true` and
 * `false` stay text unless the variable is a switch (then 1 and 0), anything else stays text.
 */
export function parseSimulatedValue(text: string, isSwitch: boolean): LiveValue | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return undefined;
  if (isSwitch) {
    if (/^(true|on|开)$/i.test(trimmed)) return 1;
    if (/^(false|off|关)$/i.test(trimmed)) return 0;
  }
  const numeric = Number(trimmed);
  return Number.isFinite(numeric) ? numeric : trimmed;
}
