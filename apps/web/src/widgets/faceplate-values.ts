/**
 * The values of a page that shows several devices: the page's own device (its value store) and
 * the devices its faceplate instances are bound to. A binding naming another device reads that
 * device's value; every other binding reads the page's store. Widgets follow plain variable keys
 * (`bindingKey`), so a change of another device's value is announced under the plain key too: the
 * widgets reading that variable re-render and each reads its own device's value. Changes of the
 * page's store are relayed (`attach`), so the widgets follow one source with one change count.
 */
import type { PageDocument, Widget } from '@lyyp/contracts/designer';
import { bindingKey, type LiveValue, type ValueReader } from '@lyyp/designer-core';
import type { LiveValueSource } from './render-context.ts';

type Listener = (changed: ReadonlySet<string>) => void;

/** A value source with its reader (the page's `PageValueStore`, typed values). */
export interface ReadableValues extends LiveValueSource {
  readonly read: ValueReader;
}

/** The devices the page's faceplate instances (at any depth) are bound to, without `except`. */
export function faceplateDevices(document: PageDocument | null, except = ''): string[] {
  const found = new Set<string>();
  const visit = (widgets: readonly Widget[]) => {
    for (const widget of widgets) {
      if (widget.widgetType !== 'WidgetGroup') continue;
      for (const parameter of Object.values(widget.faceplate?.parameters ?? {})) {
        if (parameter.equipId && parameter.equipId !== except) found.add(parameter.equipId);
      }
      visit(widget.children);
    }
  };
  if (document) visit(document.widgets);
  return [...found].sort();
}

export class FaceplateValues implements ReadableValues {
  private readonly devices = new Map<string, Readonly<Record<string, LiveValue>>>();
  private readonly stamps = new Map<string, number>();
  private count = 0;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly page: ReadableValues,
    /** The device running the page; bindings naming it (or none) read the page's store. */
    private readonly pageDeviceId: string,
  ) {}

  readonly read: ValueReader = (binding) => {
    const equipId = binding.equipId;
    if (!equipId || equipId === this.pageDeviceId || !this.devices.has(equipId)) {
      return this.page.read(binding);
    }
    const key = bindingKey(binding);
    return key === null ? undefined : this.devices.get(equipId)?.[key];
  };

  readonly version = (): number => this.count;

  readonly changedAt = (key: string): number => this.stamps.get(key) ?? 0;

  readonly subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Relays the page store's changes to the widgets until the answered function is called. */
  attach(): () => void {
    return this.page.subscribe((changed) => this.announce(changed));
  }

  /** The values of one of the faceplates' devices (keys as the page's store has them). */
  setDevice(equipId: string, values: Readonly<Record<string, LiveValue>>): void {
    const before = this.devices.get(equipId) ?? {};
    const changed = new Set<string>();
    for (const [key, value] of Object.entries(values)) {
      if (!Object.is(before[key], value)) changed.add(key);
    }
    for (const key of Object.keys(before)) if (!(key in values)) changed.add(key);
    this.devices.set(equipId, values);
    this.announce(changed);
  }

  private announce(changed: ReadonlySet<string>): void {
    if (changed.size === 0) return;
    this.count += 1;
    for (const key of changed) this.stamps.set(key, this.count);
    for (const listener of [...this.listeners]) listener(changed);
  }

  /** Forgets a device that no instance is bound to any more. */
  dropDevice(equipId: string): void {
    if (this.devices.has(equipId)) this.setDevice(equipId, {});
    this.devices.delete(equipId);
  }
}
