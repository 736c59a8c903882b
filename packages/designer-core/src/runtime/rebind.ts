/**
 * Rebinding a page to the signals a product (or device) really has (§4): bindings whose signal is
 * gone are matched again by signal title; select items whose title is not found lose their binding;
 * chart series and reports that point at a signal or report that no longer exists are dropped.
 * Group binding lists are recomputed afterwards.
 */
import type { DataBinding, LeafWidget, PageDocument, SeriesItem, Widget } from '@lyyp/contracts/designer';
import { getAtPath, setAtPath } from '../model/paths.ts';
import { isGroup, refreshGroupBinds } from '../model/widget-tree.ts';
import { createEmptyBinding, isBindingEmpty } from '../registry/defaults.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';

export interface SignalRef {
  readonly signalId: string;
  readonly equipId: string;
  readonly title: string;
}

export interface RebindCatalogue {
  readonly signals: readonly SignalRef[];
  /** Reports that exist; when given, report references outside it are cleared. */
  readonly reportIds?: readonly string[];
}

export interface RebindResult {
  readonly document: PageDocument;
  /** Bindings pointed at another signal with the same title. */
  readonly remapped: number;
  /** Bindings, series and report references removed. */
  readonly cleared: number;
}

interface Tally {
  remapped: number;
  cleared: number;
}

class Rebinder {
  private readonly ids: ReadonlySet<string>;
  private readonly byTitle: ReadonlyMap<string, SignalRef>;
  private readonly reports: ReadonlySet<string> | null;
  readonly tally: Tally = { remapped: 0, cleared: 0 };

  constructor(catalogue: RebindCatalogue) {
    this.ids = new Set(catalogue.signals.map((signal) => signal.signalId));
    this.byTitle = new Map(catalogue.signals.map((signal) => [signal.title, signal]));
    this.reports = catalogue.reportIds ? new Set(catalogue.reportIds) : null;
  }

  /** Keeps a live binding, remaps a stale one by title; `clearMissing` empties one with no match. */
  binding(binding: DataBinding, clearMissing: boolean): DataBinding {
    if (binding.type !== 'signal' || !binding.signalId || this.ids.has(binding.signalId)) return binding;
    const match = this.byTitle.get(binding.title);
    if (match) {
      this.tally.remapped += 1;
      return { ...binding, signalId: match.signalId, equipId: match.equipId };
    }
    if (!clearMissing) return binding;
    this.tally.cleared += 1;
    return createEmptyBinding();
  }

  series(items: readonly SeriesItem[]): SeriesItem[] {
    const kept = items.filter((item) => !item.signalId || this.ids.has(item.signalId));
    this.tally.cleared += items.length - kept.length;
    return kept;
  }

  report(reportId: string): string {
    if (!reportId || !this.reports || this.reports.has(reportId)) return reportId;
    this.tally.cleared += 1;
    return '';
  }

  /** Select items are matched by title alone: an item whose title is not found is unbound. */
  selectItem(binding: DataBinding): DataBinding {
    if (isBindingEmpty(binding)) return binding;
    const match = this.byTitle.get(binding.title);
    if (!match) {
      this.tally.cleared += 1;
      return createEmptyBinding();
    }
    if (match.signalId === binding.signalId && match.equipId === binding.equipId) return binding;
    this.tally.remapped += 1;
    return { ...binding, signalId: match.signalId, equipId: match.equipId };
  }

  leaf(widget: LeafWidget): LeafWidget {
    let next: LeafWidget = {
      ...widget,
      binding: this.binding(widget.binding, false),
      event: { ...widget.event, binding: this.binding(widget.event.binding, false) },
      animation: Object.fromEntries(
        Object.entries(widget.animation).map(([kind, rule]) => [
          kind,
          { ...rule, binding: this.binding(rule.binding, false) },
        ]),
      ) as LeafWidget['animation'],
    };
    for (const slot of getWidgetDefinition(widget.widgetType).bindable) {
      const value = getAtPath(next, slot.key);
      if (slot.kind === 'series' && Array.isArray(value))
        next = setAtPath(next, slot.key, this.series(value as SeriesItem[]));
      if (slot.kind === 'report' && typeof value === 'string')
        next = setAtPath(next, slot.key, this.report(value));
    }
    if (next.widgetType === 'UsualSelect') {
      const selectDatas = next.data.selectDatas.map((item) => ({
        ...item,
        event: { ...item.event, binding: this.selectItem(item.event.binding) },
      }));
      next = { ...next, data: { ...next.data, selectDatas } };
    }
    if (next.widgetType === 'ShapeSymbol') {
      const parts = next.data.parts.map((rules) => ({
        ...rules,
        ...this.rules({
          visiable: rules.visiable,
          rotate: rules.rotate,
          fillColor: rules.fillColor,
          level: rules.level,
        }),
      }));
      next = { ...next, data: { ...next.data, parts } };
    }
    if (next.widgetType === 'ShapePipe') {
      next = { ...next, data: { ...next.data, flow: { ...next.data.flow, ...this.rules(next.data.flow) } } };
    }
    return next;
  }

  /** The rules given (those present), each with its binding kept or remapped. */
  private rules<R extends Record<string, { readonly binding: DataBinding } | undefined>>(
    rules: R,
  ): Partial<R> {
    const entries = Object.entries(rules).flatMap(([key, rule]) =>
      rule ? [[key, { ...rule, binding: this.binding(rule.binding, false) }]] : [],
    );
    return Object.fromEntries(entries) as Partial<R>;
  }

  widget(widget: Widget): Widget {
    if (isGroup(widget)) return { ...widget, children: widget.children.map((child) => this.widget(child)) };
    return this.leaf(widget);
  }
}

export function rebindPage(document: PageDocument, catalogue: RebindCatalogue): RebindResult {
  const rebinder = new Rebinder(catalogue);
  const widgets = refreshGroupBinds(document.widgets.map((widget) => rebinder.widget(widget)));
  return { document: { ...document, widgets }, ...rebinder.tally };
}
