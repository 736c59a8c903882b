/**
 * The shape of a widget definition: everything the designer, the property panel and the runtime
 * need to know about one widget type, declared as data (like n8n's node descriptions).
 */
import type {
  AnimationKind,
  LeafWidgetType,
  PositionKind,
  WidgetDataOf,
  WidgetStyle,
  WidgetType,
} from '@lyyp/contracts/designer';

export interface LocalizedText {
  readonly zh: string;
  readonly en: string;
}

export type WidgetCategory = 'group' | 'shape' | 'usual' | 'complex';

/** How the property panel edits a value. */
export type PropertyKind =
  | 'number'
  | 'text'
  | 'textarea'
  | 'color'
  | 'colors'
  | 'select'
  | 'boolean'
  | 'signal'
  | 'series'
  | 'points'
  | 'image'
  | 'page'
  | 'report'
  | 'scene'
  | 'scene-signals'
  | 'equips'
  | 'items'
  | 'permissions'
  | 'script';

export type PropertySection = 'position' | 'style' | 'data' | 'binding' | 'event' | 'animation' | 'access';

export interface PropertyOption {
  readonly value: string | number;
  readonly label: LocalizedText;
}

/** One editable property: where it lives in the widget, how it is edited and its limits. */
export interface PropertyDescriptor {
  /** Dot path inside the widget, e.g. `style.fill.color` or `data.dataAddon.min`. */
  readonly key: string;
  readonly kind: PropertyKind;
  readonly label: LocalizedText;
  readonly section: PropertySection;
  readonly min?: number;
  readonly max?: number;
  readonly step?: number;
  readonly maxLength?: number;
  readonly options?: readonly PropertyOption[];
  /** A select that holds a list of the options rather than one. */
  readonly multiple?: boolean;
  /** Shown only while another property has this value (or one of these values). */
  readonly visibleWhen?: {
    readonly key: string;
    readonly equals: string | number | boolean | readonly (string | number | boolean)[];
  };
}

/** Where a widget takes live data from. */
export interface BindableProperty {
  readonly key: string;
  readonly kind: 'signal' | 'series' | 'scene' | 'report' | 'stream' | 'equips' | 'items';
}

export type WidgetEventKind = 'click';

/** Style fields a type sets differently from the common default. */
export interface StyleOverrides {
  readonly opacity?: number;
  readonly fill?: Partial<WidgetStyle['fill']>;
  readonly stroke?: Partial<WidgetStyle['stroke']>;
  readonly font?: Partial<WidgetStyle['font']>;
  readonly align?: Partial<WidgetStyle['align']>;
  readonly radius?: number;
}

interface DefinitionBase<T extends WidgetType> {
  readonly type: T;
  readonly label: LocalizedText;
  readonly category: WidgetCategory;
  readonly geometry: PositionKind;
  /** Size of a widget dropped from the palette (a circle takes the smaller side as diameter). */
  readonly defaultSize: { readonly width: number; readonly height: number };
  /** False while the canvas shows a placeholder for this type. */
  readonly implemented: boolean;
  readonly properties: readonly PropertyDescriptor[];
  readonly bindable: readonly BindableProperty[];
  readonly animations: readonly AnimationKind[];
  readonly events: readonly WidgetEventKind[];
}

export interface LeafWidgetDefinition<T extends LeafWidgetType = LeafWidgetType> extends DefinitionBase<T> {
  /** Fresh default data for a new widget of this type (§3 widget-specific defaults). */
  readonly createData: () => WidgetDataOf<T>;
  readonly style: StyleOverrides;
  /** Whether a new widget's click event starts enabled. */
  readonly eventEnabled: boolean;
}

export type GroupWidgetDefinition = DefinitionBase<'WidgetGroup'>;

export type WidgetDefinition = GroupWidgetDefinition | LeafWidgetDefinition;

/** One definition per widget type; the mapped type makes a missing type a compile error. */
export type WidgetRegistry = { readonly [T in LeafWidgetType]: LeafWidgetDefinition<T> } & {
  readonly WidgetGroup: GroupWidgetDefinition;
};
