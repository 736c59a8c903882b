/**
 * Walking widgets, groups included: ids, fresh copies with new ids, and the bindings a widget or a
 * page depends on (the `bind` lists of groups and of the saved page).
 */
import type {
  DataBinding,
  GroupBind,
  GroupWidget,
  LeafWidget,
  PageBinds,
  SeriesItem,
  Widget,
  WidgetId,
} from '@lyyp/contracts/designer';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import { getAtPath } from './paths.ts';

export function isGroup(widget: Widget): widget is GroupWidget {
  return widget.widgetType === 'WidgetGroup';
}

/** Every widget, groups and their members, depth first in paint order. */
export function flattenWidgets(widgets: readonly Widget[]): Widget[] {
  return widgets.flatMap((widget) =>
    isGroup(widget) ? [widget, ...flattenWidgets(widget.children)] : [widget],
  );
}

export function collectWidgetIds(widgets: readonly Widget[]): WidgetId[] {
  return flattenWidgets(widgets).map((widget) => widget.id);
}

export function toWidgetId(value: string): WidgetId {
  return value as WidgetId;
}

/** A copy of the widget (and of a group's members) with new ids and text ids. */
export function copyWithNewIds<W extends Widget>(widget: W, createId: () => string): W {
  const fresh = { ...widget, id: toWidgetId(createId()), textId: createId() };
  if (!isGroup(fresh)) return fresh;
  return { ...fresh, children: fresh.children.map((child) => copyWithNewIds(child, createId)) };
}

/** A binding-like reference to a signal: widget bindings and chart series both qualify. */
type SignalReference = Pick<DataBinding, 'signalId' | 'equipId'> &
  Partial<Pick<DataBinding, 'systemKey' | 'mvarId'>>;

/** Series lists of a widget, found through its definition's bindable properties. */
export function listSeries(widget: LeafWidget): SeriesItem[] {
  return getWidgetDefinition(widget.widgetType)
    .bindable.filter((slot) => slot.kind === 'series')
    .flatMap((slot) => {
      const value = getAtPath(widget, slot.key);
      return Array.isArray(value) ? (value as SeriesItem[]) : [];
    });
}

/** Every data binding of a leaf widget: its own, its click event's, its animations' and its items'. */
export function listBindings(widget: LeafWidget): DataBinding[] {
  const bindings: DataBinding[] = [widget.binding, widget.event.binding];
  for (const rule of Object.values(widget.animation)) bindings.push(rule.binding);
  if (widget.widgetType === 'UsualSelect') {
    for (const item of widget.data.selectDatas) bindings.push(item.event.binding);
  }
  if (widget.widgetType === 'ShapeSymbol') {
    for (const rules of widget.data.parts) {
      for (const rule of [rules.visiable, rules.rotate, rules.fillColor, rules.level]) {
        if (rule) bindings.push(rule.binding);
      }
    }
  }
  if (widget.widgetType === 'ShapePipe') {
    const { running, reverse, speed } = widget.data.flow;
    bindings.push(running.binding, reverse.binding, speed.binding);
  }
  return bindings;
}

function listReferences(widgets: readonly Widget[]): SignalReference[] {
  return flattenWidgets(widgets).flatMap((widget) =>
    isGroup(widget) ? [] : [...listBindings(widget), ...listSeries(widget)],
  );
}

function uniqueNonEmpty(values: readonly (string | undefined)[]): string[] {
  return [...new Set(values.filter((value): value is string => !!value))];
}

export function computeGroupBind(children: readonly Widget[]): GroupBind {
  const references = listReferences(children);
  return {
    equipIds: uniqueNonEmpty(references.map((reference) => reference.equipId)),
    signalIds: uniqueNonEmpty(references.map((reference) => reference.signalId)),
    systemKeys: uniqueNonEmpty(references.map((reference) => reference.systemKey)),
    mvarIds: uniqueNonEmpty(references.map((reference) => reference.mvarId)),
  };
}

/** The page's `bind` lists (§3 "Page binds: equips, signals, keys, mvars"). */
export function collectPageBinds(widgets: readonly Widget[]): PageBinds {
  const bind = computeGroupBind(widgets);
  return { equips: bind.equipIds, signals: bind.signalIds, keys: bind.systemKeys, mvars: bind.mvarIds };
}

/** Recomputes every group's `bind` lists from its members, innermost first. */
export function refreshGroupBinds(widgets: readonly Widget[]): Widget[] {
  return widgets.map((widget) => {
    if (!isGroup(widget)) return widget;
    const children = refreshGroupBinds(widget.children);
    return { ...widget, children, bind: computeGroupBind(children) };
  });
}

/** The widget with this id at any depth (a top-level widget or a group member). */
export function findInTree(widgets: readonly Widget[], id: WidgetId): Widget | undefined {
  for (const widget of widgets) {
    if (widget.id === id) return widget;
    if (isGroup(widget)) {
      const found = findInTree(widget.children, id);
      if (found) return found;
    }
  }
  return undefined;
}

/** The top-level group that holds the member `id` (at any depth), if it is a member. */
export function groupHolding(widgets: readonly Widget[], id: WidgetId): Widget | undefined {
  return widgets.find((widget) => isGroup(widget) && findInTree(widget.children, id) !== undefined);
}

/** The widgets with the one of the same id (at any depth) swapped for `updated`. */
export function replaceInTree(widgets: readonly Widget[], updated: Widget): Widget[] {
  return widgets.map((widget) => {
    if (widget.id === updated.id) return updated;
    if (!isGroup(widget)) return widget;
    return { ...widget, children: replaceInTree(widget.children, updated) };
  });
}
