/**
 * A widget follows the live values it reads. Every read through the widget's own reader (its
 * renderer's, its animations' and visibility rules', a chart's samples) records the key, and the
 * widget re-renders when one of those keys changes and for no other change. Keys are only ever
 * added: a rule that stops reading a key costs at most a spare re-render, never a missed one.
 */
import { useMemo, useSyncExternalStore } from 'react';
import { bindingKey, type ValueReader } from '@lyyp/designer-core';
import type { LiveValueSource, WidgetRuntime } from './render-context.ts';

export class WidgetValueTracker {
  private readonly keys = new Set<string>();
  private version = 0;
  /** The source's count when the widget last rendered: changes after it are not on screen yet. */
  private renderedAt = 0;
  readonly runtime: WidgetRuntime;

  constructor(
    base: WidgetRuntime,
    private readonly source: LiveValueSource | undefined,
  ) {
    const read: ValueReader = (binding) => {
      const key = bindingKey(binding);
      if (key !== null) this.keys.add(key);
      return base.read(binding);
    };
    this.runtime = source ? { ...base, read } : base;
  }

  /** Keys read so far (for tests and diagnostics). */
  followed(): ReadonlySet<string> {
    return this.keys;
  }

  readonly beginRender = (): void => {
    if (this.source) this.renderedAt = this.source.version();
  };

  readonly snapshot = (): number => this.version;

  readonly subscribe = (notify: () => void): (() => void) => {
    const source = this.source;
    if (!source) return () => undefined;
    const stop = source.subscribe((changed) => {
      for (const key of this.keys) {
        if (changed.has(key)) {
          this.version += 1;
          notify();
          return;
        }
      }
    });
    // A value that changed between the render and this subscription would otherwise wait for its
    // next change.
    if (
      source.version() > this.renderedAt &&
      [...this.keys].some((key) => source.changedAt(key) > this.renderedAt)
    ) {
      this.version += 1;
      notify();
    }
    return stop;
  };
}

/** The runtime a widget renders with: its reads followed, its re-renders limited to their changes. */
export function useWidgetValues(runtime: WidgetRuntime): WidgetRuntime {
  const tracker = useMemo(() => new WidgetValueTracker(runtime, runtime.live), [runtime]);
  tracker.beginRender();
  useSyncExternalStore(tracker.subscribe, tracker.snapshot, tracker.snapshot);
  return tracker.runtime;
}
