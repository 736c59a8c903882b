/**
 * The values a running page reads, outside React state: a live message replaces the value map and
 * tells only the widgets reading a changed key (`widgets/use-widget-values.ts`), so one message does
 * not re-render the whole page.
 */
import { bindingKey, type LiveValue, type ValueReader } from '@lyyp/designer-core';
import type { LiveValueSource } from '../../widgets/render-context.ts';

type Listener = (changed: ReadonlySet<string>) => void;

export class PageValueStore implements LiveValueSource {
  private values: Readonly<Record<string, LiveValue>> = {};
  private readonly stamps = new Map<string, number>();
  private count = 0;
  private readonly listeners = new Set<Listener>();

  readonly read: ValueReader = (binding) => {
    const key = bindingKey(binding);
    return key === null ? undefined : this.values[key];
  };

  readonly version = (): number => this.count;

  readonly changedAt = (key: string): number => this.stamps.get(key) ?? 0;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Takes the whole map of values; listeners hear of the keys that differ, if any. */
  replace(next: Readonly<Record<string, LiveValue>>): void {
    const changed = new Set<string>();
    for (const [key, value] of Object.entries(next)) {
      if (!Object.is(this.values[key], value)) changed.add(key);
    }
    for (const key of Object.keys(this.values)) {
      if (!(key in next)) changed.add(key);
    }
    this.values = next;
    if (changed.size === 0) return;
    this.count += 1;
    for (const key of changed) this.stamps.set(key, this.count);
    for (const listener of [...this.listeners]) listener(changed);
  }
}
