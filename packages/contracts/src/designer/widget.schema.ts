/**
 * The saved form of a widget: the common fields of §3, a position whose shape is fixed by the
 * widget type, and that type's data. Groups hold their children in the coordinates the children
 * had when grouped (`origin`); the group's own position maps that box onto the canvas.
 */
import { z } from 'zod';
import {
  ChartPositionSchema,
  CirclePositionSchema,
  EllipsePositionSchema,
  LinePositionSchema,
  RectPositionSchema,
  TrianglePositionSchema,
} from './position.schema.ts';
import {
  AlarmDataSchema,
  AnimationDataSchema,
  DashboardDataSchema,
  DataTextDataSchema,
  EmptyDataSchema,
  FormatDataSchema,
  HistoryDataSchema,
  ImageDataSchema,
  InputDataSchema,
  MapDataSchema,
  PercentFillDataSchema,
  PipeDataSchema,
  ProportionChartDataSchema,
  RadioDataSchema,
  ScrollbarDataSchema,
  SelectDataSchema,
  SymbolDataSchema,
  TextDataSchema,
  TrendChartDataSchema,
  VideoDataSchema,
  WeatherDataSchema,
  WebglDataSchema,
  XylineDataSchema,
} from './widget-data.schema.ts';
import {
  AnimationSchema,
  AuthRegionSchema,
  BoxSchema,
  ClickEventSchema,
  DataBindingSchema,
  StyleSchema,
  WidgetIdSchema,
} from './widget-parts.schema.ts';
import type { LeafWidgetType } from './widget-types.ts';

const commonFields = {
  id: WidgetIdSchema,
  /** A free reference name scripts and other widgets may use. */
  ref: z.string().max(64),
  widgetName: z.string().max(100),
  posLock: z.boolean(),
  authRegion: AuthRegionSchema,
  /** Stable id of the widget's translatable text. */
  textId: z.string().max(64),
};

function leaf<T extends LeafWidgetType, P extends z.ZodType, D extends z.ZodType>(
  widgetType: T,
  position: P,
  data: D,
) {
  return z.object({
    ...commonFields,
    widgetType: z.literal(widgetType),
    position,
    style: StyleSchema,
    animation: AnimationSchema,
    event: ClickEventSchema,
    binding: DataBindingSchema,
    data,
  });
}

const rect = RectPositionSchema;
const chart = ChartPositionSchema;

export const LeafWidgetSchema = z.discriminatedUnion('widgetType', [
  leaf('ShapeArrow', rect, EmptyDataSchema),
  leaf('ShapeCircle', CirclePositionSchema, EmptyDataSchema),
  leaf('ShapeEllipse', EllipsePositionSchema, EmptyDataSchema),
  leaf('ShapeLine', LinePositionSchema, EmptyDataSchema),
  leaf('ShapeOctagon', rect, EmptyDataSchema),
  leaf('ShapeParallelogram', rect, EmptyDataSchema),
  leaf('ShapePrism', rect, EmptyDataSchema),
  leaf('ShapeRect', rect, EmptyDataSchema),
  leaf('ShapeTriangle', TrianglePositionSchema, EmptyDataSchema),
  leaf('UsualDashboard', rect, DashboardDataSchema),
  leaf('UsualButton', rect, TextDataSchema),
  leaf('UsualDataText', rect, DataTextDataSchema),
  leaf('UsualImage', rect, ImageDataSchema),
  leaf('UsualPercentFill', rect, PercentFillDataSchema),
  leaf('UsualScrollbar', rect, ScrollbarDataSchema),
  leaf('UsualText', rect, TextDataSchema),
  leaf('UsualTimer', rect, FormatDataSchema),
  leaf('UsualAnimation', rect, AnimationDataSchema),
  leaf('UsualSelect', rect, SelectDataSchema),
  leaf('UsualWebgl', rect, WebglDataSchema),
  leaf('UsualInput', rect, InputDataSchema),
  leaf('UsualRadio', rect, RadioDataSchema),
  leaf('UsualTimeSelector', rect, FormatDataSchema),
  leaf('ComplexLine', chart, TrendChartDataSchema),
  leaf('ComplexBar', chart, TrendChartDataSchema),
  leaf('ComplexPie', chart, ProportionChartDataSchema),
  leaf('ComplexRing', chart, ProportionChartDataSchema),
  leaf('ComplexRose', chart, ProportionChartDataSchema),
  leaf('ComplexVideo', rect, VideoDataSchema),
  leaf('ComplexMap', rect, MapDataSchema),
  leaf('ComplexArea', chart, TrendChartDataSchema),
  leaf('ComplexHistory', rect, HistoryDataSchema),
  leaf('ComplexAlarm', rect, AlarmDataSchema),
  leaf('ComplexXyline', chart, XylineDataSchema),
  leaf('ComplexWeather', rect, WeatherDataSchema),
  leaf('ShapeSymbol', rect, SymbolDataSchema),
  leaf('ShapePipe', LinePositionSchema, PipeDataSchema),
]);

export type LeafWidget = z.infer<typeof LeafWidgetSchema>;
/** The leaf widget of one type: `WidgetOf<'ShapeCircle'>['position']` is a circle. */
export type WidgetOf<T extends LeafWidgetType> = Extract<LeafWidget, { widgetType: T }>;
export type WidgetDataOf<T extends LeafWidgetType> = WidgetOf<T>['data'];

/** What the group's members are bound to, kept so the page's bindings can be checked. */
export const GroupBindSchema = z.object({
  equipIds: z.array(z.string().max(64)),
  signalIds: z.array(z.string().max(64)),
  systemKeys: z.array(z.string().max(200)),
  mvarIds: z.array(z.string().max(64)),
});
export type GroupBind = z.infer<typeof GroupBindSchema>;

/** The device a faceplate instance gives one of its template's parameters. */
export const FaceplateParameterValueSchema = z.object({
  equipId: z.string().max(64),
  title: z.string().max(200),
});
export type FaceplateParameterValue = z.infer<typeof FaceplateParameterValueSchema>;

/** A group placed from a faceplate template: which template, which version, which devices. */
export const FaceplateRefSchema = z.object({
  templateId: z.string().min(1).max(64),
  version: z.number().int().min(1),
  parameters: z.record(z.string().max(32), FaceplateParameterValueSchema),
});
export type FaceplateRef = z.infer<typeof FaceplateRefSchema>;

const GroupFieldsSchema = z.object({
  ...commonFields,
  widgetType: z.literal('WidgetGroup'),
  position: RectPositionSchema,
  /** The members' bounding box when grouped: children are stored in these coordinates. */
  origin: BoxSchema,
  bind: GroupBindSchema,
  faceplate: FaceplateRefSchema.optional(),
});

export type GroupWidget = z.infer<typeof GroupFieldsSchema> & { children: Widget[] };
export type Widget = LeafWidget | GroupWidget;

export const GroupWidgetSchema: z.ZodType<GroupWidget> = GroupFieldsSchema.extend({
  children: z.array(z.lazy(() => WidgetSchema)).min(1),
});

export const WidgetSchema: z.ZodType<Widget> = z.union([LeafWidgetSchema, GroupWidgetSchema]);
