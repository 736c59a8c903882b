/** Builds a complete widget definition from a short spec, composing the shared property fragments. */
import type { AnimationKind, LeafWidgetType, PositionKind, WidgetDataOf } from '@lyyp/contracts/designer';
import {
  accessProperties,
  animationProperties,
  bindingProperties,
  eventProperties,
  positionProperties,
  styleProperties,
  type StylePart,
} from './properties.ts';
import type {
  BindableProperty,
  LeafWidgetDefinition,
  PropertyDescriptor,
  StyleOverrides,
  WidgetCategory,
  WidgetEventKind,
} from './types.ts';

export interface LeafSpec<T extends LeafWidgetType> {
  readonly type: T;
  readonly label: readonly [zh: string, en: string];
  readonly category: Exclude<WidgetCategory, 'group'>;
  readonly geometry: PositionKind;
  readonly size: readonly [width: number, height: number];
  readonly implemented: boolean;
  readonly createData: () => WidgetDataOf<T>;
  readonly style?: StyleOverrides;
  readonly styleParts: readonly StylePart[];
  readonly dataProperties?: readonly PropertyDescriptor[];
  readonly bindable?: readonly BindableProperty[];
  readonly animations: readonly AnimationKind[];
  readonly events?: readonly WidgetEventKind[];
  readonly eventEnabled?: boolean;
}

export function defineLeaf<T extends LeafWidgetType>(spec: LeafSpec<T>): LeafWidgetDefinition<T> {
  const bindable = spec.bindable ?? [];
  const events = spec.events ?? [];
  const bindsSignal = bindable.some((slot) => slot.key === 'binding');
  return {
    type: spec.type,
    label: { zh: spec.label[0], en: spec.label[1] },
    category: spec.category,
    geometry: spec.geometry,
    defaultSize: { width: spec.size[0], height: spec.size[1] },
    implemented: spec.implemented,
    createData: spec.createData,
    style: spec.style ?? {},
    eventEnabled: spec.eventEnabled ?? false,
    bindable,
    animations: spec.animations,
    events,
    properties: [
      ...positionProperties(spec.geometry),
      ...styleProperties(spec.styleParts),
      ...(spec.dataProperties ?? []),
      ...(bindsSignal ? bindingProperties : []),
      ...(events.includes('click') ? eventProperties : []),
      ...animationProperties(spec.animations),
      ...accessProperties,
    ],
  };
}

export const SHAPE_ANIMATIONS = ['visiable', 'twinkle', 'rotate', 'fillColor', 'borderColor'] as const;
export const LINE_ANIMATIONS = ['visiable', 'twinkle', 'borderColor'] as const;
export const TEXT_ANIMATIONS = ['visiable', 'twinkle', 'fillColor', 'borderColor', 'fontColor'] as const;
export const IMAGE_ANIMATIONS = ['visiable', 'twinkle', 'rotate'] as const;
export const CONTROL_ANIMATIONS = ['visiable'] as const;

export const SIGNAL_BINDING: readonly BindableProperty[] = [{ key: 'binding', kind: 'signal' }];
