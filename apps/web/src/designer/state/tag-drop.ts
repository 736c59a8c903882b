/**
 * What a variable dragged from the tag browser does (pure, so it is tested without a screen):
 * dropped on bare canvas it makes a widget suited to the variable, already bound (a number shows as
 * data text, a switch as a lamp, a writable number as an input, a writable switch as a toggle
 * button); dropped on a widget it binds that widget: its own value, and every animation it has
 * switched on (a group's members alike), every part rule of a library symbol (a tank's level, a
 * pump's state colour and rotor), or a pipe's flow.
 */
import type { LeafWidget, LeafWidgetType, Widget, WidgetId, WidgetOf } from '@lyyp/contracts/designer';
import { getWidgetDefinition, isGroup, SYMBOL_COLOURS } from '@lyyp/designer-core';
import { toBinding, type BindingOption, type CatalogueVariable } from '../../widgets/signal-catalogue.ts';

/** One property set on one widget (the `set-property` command's arguments). */
export interface PropertySet {
  readonly id: WidgetId;
  readonly key: string;
  readonly value: unknown;
}

/** The widget a variable dropped on bare canvas becomes, and what is set on it once placed. */
export interface TagWidget {
  readonly widgetType: LeafWidgetType;
  readonly properties: (id: WidgetId) => PropertySet[];
}

/** Switches are on at 1: running green, stopped grey, as the symbol library colours them. */
const LAMP_COLOURS = [
  { symbol: '==', value: 1, color: SYMBOL_COLOURS.running },
  { symbol: '==', value: 0, color: SYMBOL_COLOURS.stopped },
] as const;

function isSwitch(variable: CatalogueVariable | undefined): boolean {
  return variable?.dataType === 'boolean';
}

export function widgetForTag(option: BindingOption, variable: CatalogueVariable | undefined): TagWidget {
  const binding = toBinding(option);
  if (option.writable && isSwitch(variable)) {
    return {
      widgetType: 'UsualButton',
      properties: (id) => [
        { id, key: 'binding', value: binding },
        { id, key: 'data.text', value: option.title },
        { id, key: 'event.writeType', value: 'press' },
        { id, key: 'event.pressType', value: 'toggle' },
      ],
    };
  }
  if (option.writable && option.source !== 'system') {
    return { widgetType: 'UsualInput', properties: (id) => [{ id, key: 'binding', value: binding }] };
  }
  if (isSwitch(variable)) {
    return {
      widgetType: 'ShapeCircle',
      properties: (id) => [
        {
          id,
          key: 'animation.fillColor',
          value: { enable: true, binding, colors: LAMP_COLOURS.map((rule) => ({ ...rule })) },
        },
      ],
    };
  }
  return {
    widgetType: 'UsualDataText',
    properties: (id) => [
      { id, key: 'binding', value: binding },
      ...(variable ? [{ id, key: 'data.unit', value: variable.unit }] : []),
    ],
  };
}

const ANIMATIONS = ['visiable', 'twinkle', 'rotate', 'fillColor', 'borderColor', 'fontColor'] as const;

function leafBindings(widget: LeafWidget, option: BindingOption): PropertySet[] {
  const binding = toBinding(option);
  const own = getWidgetDefinition(widget.widgetType)
    .bindable.filter((property) => property.kind === 'signal')
    .map((property) => ({ id: widget.id, key: property.key, value: binding }));
  const animated = ANIMATIONS.filter((kind) => widget.animation[kind].enable).map((kind) => ({
    id: widget.id,
    key: `animation.${kind}.binding`,
    value: binding,
  }));
  return [...own, ...animated];
}

const PART_RULES = ['visiable', 'rotate', 'fillColor', 'level'] as const;

/** A library symbol: every rule of every part takes the variable (state, level, rotor, indicator). */
function symbolBindings(widget: WidgetOf<'ShapeSymbol'>, option: BindingOption): PropertySet[] {
  const binding = toBinding(option);
  const parts = widget.data.parts.map((rules) => {
    const next: Record<string, unknown> = { ...rules };
    for (const kind of PART_RULES) {
      const rule = rules[kind];
      if (rule) next[kind] = { ...rule, binding };
    }
    return next;
  });
  return parts.length === 0 ? [] : [{ id: widget.id, key: 'data.parts', value: parts }];
}

/** A pipe: it flows while the variable is not 0. */
function pipeBindings(widget: WidgetOf<'ShapePipe'>, option: BindingOption): PropertySet[] {
  const running = { ...widget.data.flow.running, enable: true, binding: toBinding(option) };
  return [{ id: widget.id, key: 'data.flow.running', value: running }];
}

/** The bindings a variable dropped on `widget` sets; none when the widget shows no value. */
export function bindingsOnDrop(widget: Widget, option: BindingOption): PropertySet[] {
  if (isGroup(widget)) return widget.children.flatMap((member) => bindingsOnDrop(member, option));
  if (widget.widgetType === 'ShapeSymbol') return symbolBindings(widget, option);
  if (widget.widgetType === 'ShapePipe') return pipeBindings(widget, option);
  return leafBindings(widget, option);
}
