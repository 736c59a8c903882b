/** The table of every widget type (§3): look-ups go through here, never through a switch on type. */
import type { LeafWidgetType, WidgetType } from '@lyyp/contracts/designer';
import { COMPLEX_WIDGETS } from './complex-widgets.ts';
import { INDUSTRIAL_WIDGETS } from './industrial-widgets.ts';
import { accessProperties, positionProperties } from './properties.ts';
import { SHAPE_WIDGETS } from './shape-widgets.ts';
import type {
  GroupWidgetDefinition,
  LeafWidgetDefinition,
  WidgetDefinition,
  WidgetRegistry,
} from './types.ts';
import { USUAL_WIDGETS } from './usual-widgets.ts';

const GROUP_DEFINITION: GroupWidgetDefinition = {
  type: 'WidgetGroup',
  label: { zh: '组合', en: 'Group' },
  category: 'group',
  geometry: 'rect',
  defaultSize: { width: 0, height: 0 },
  implemented: true,
  properties: [...positionProperties('rect'), ...accessProperties],
  bindable: [],
  animations: [],
  events: [],
};

export const WIDGET_REGISTRY: WidgetRegistry = {
  WidgetGroup: GROUP_DEFINITION,
  ...SHAPE_WIDGETS,
  ...USUAL_WIDGETS,
  ...COMPLEX_WIDGETS,
  ...INDUSTRIAL_WIDGETS,
};

export function getWidgetDefinition(type: 'WidgetGroup'): GroupWidgetDefinition;
export function getWidgetDefinition<T extends LeafWidgetType>(type: T): LeafWidgetDefinition<T>;
export function getWidgetDefinition(type: WidgetType): WidgetDefinition;
export function getWidgetDefinition(type: WidgetType): WidgetDefinition {
  return WIDGET_REGISTRY[type];
}

/** Definitions in palette order, for the widget library. */
export function listWidgetDefinitions(): WidgetDefinition[] {
  return Object.values(WIDGET_REGISTRY);
}
