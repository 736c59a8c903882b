/**
 * One React renderer per widget type, shared by the editor and the runtime viewer. A type without an
 * entry renders the marked placeholder; the registry test keeps this table and the designer's
 * `implemented` flags in step.
 */
import type { LeafWidgetType } from '@lyyp/contracts/designer';
import type { ReactElement } from 'react';
import type { WidgetRenderer, WidgetRendererProps } from './render-context.ts';
import {
  AreaChartWidget,
  BarChartWidget,
  LineChartWidget,
  PieChartWidget,
  RingChartWidget,
  RoseChartWidget,
  XylineWidget,
} from './charts/ChartWidgets.tsx';
import { PipeWidget } from './shapes/PipeWidget.tsx';
import { EllipseShape, PointsShape, PolygonShape, RectShape } from './shapes/ShapeWidgets.tsx';
import { SymbolWidget } from './shapes/SymbolWidget.tsx';
import { AnimationWidget, ImageWidget } from './usual/MediaWidgets.tsx';
import { VideoWidget } from './media/VideoWidget.tsx';
import { WeatherWidget } from './media/WeatherWidget.tsx';
import { InputWidget, RadioWidget, SelectWidget, TimeSelectorWidget } from './usual/ControlWidgets.tsx';
import { DashboardWidget, PercentFillWidget, ScrollbarWidget } from './usual/GaugeWidgets.tsx';
import { AlarmWidget } from './complex/AlarmWidget.tsx';
import { SceneWidget } from './scene/SceneWidget.tsx';
import { HistoryWidget } from './complex/HistoryWidget.tsx';
import { MapWidget } from './complex/MapWidget.tsx';
import { ButtonWidget, DataTextWidget, TextWidget, TimerWidget } from './usual/TextWidgets.tsx';

export type RendererRegistry = { readonly [T in LeafWidgetType]?: WidgetRenderer<T> };

export const WIDGET_RENDERERS: RendererRegistry = {
  ShapeArrow: PolygonShape,
  ShapeCircle: EllipseShape,
  ShapeEllipse: EllipseShape,
  ShapeLine: PointsShape,
  ShapeOctagon: PolygonShape,
  ShapeParallelogram: PolygonShape,
  ShapePrism: PolygonShape,
  ShapeRect: RectShape,
  ShapeSymbol: SymbolWidget,
  ShapePipe: PipeWidget,
  ShapeTriangle: PointsShape,
  UsualDashboard: DashboardWidget,
  UsualButton: ButtonWidget,
  UsualDataText: DataTextWidget,
  UsualImage: ImageWidget,
  UsualPercentFill: PercentFillWidget,
  UsualScrollbar: ScrollbarWidget,
  UsualText: TextWidget,
  UsualTimer: TimerWidget,
  UsualAnimation: AnimationWidget,
  UsualSelect: SelectWidget,
  UsualInput: InputWidget,
  UsualRadio: RadioWidget,
  UsualTimeSelector: TimeSelectorWidget,
  UsualWebgl: SceneWidget,
  ComplexMap: MapWidget,
  ComplexLine: LineChartWidget,
  ComplexArea: AreaChartWidget,
  ComplexBar: BarChartWidget,
  ComplexPie: PieChartWidget,
  ComplexRing: RingChartWidget,
  ComplexRose: RoseChartWidget,
  ComplexXyline: XylineWidget,
  ComplexVideo: VideoWidget,
  ComplexWeather: WeatherWidget,
  ComplexHistory: HistoryWidget,
  ComplexAlarm: AlarmWidget,
};

/** The type's renderer drawing `props`, or null when the type has none yet. */
export function renderWidgetContent(props: WidgetRendererProps): ReactElement | null {
  const Renderer = WIDGET_RENDERERS[props.widget.widgetType] as WidgetRenderer | undefined;
  return Renderer ? <Renderer {...props} /> : null;
}
