/** Every widget type a page may hold (§3), in the order of the designer's palette. */
export const WIDGET_TYPES = [
  'WidgetGroup',
  'ShapeArrow',
  'ShapeCircle',
  'ShapeEllipse',
  'ShapeLine',
  'ShapeOctagon',
  'ShapeParallelogram',
  'ShapePrism',
  'ShapeRect',
  'ShapeTriangle',
  'UsualDashboard',
  'UsualButton',
  'UsualDataText',
  'UsualImage',
  'UsualPercentFill',
  'UsualScrollbar',
  'UsualText',
  'UsualTimer',
  'UsualAnimation',
  'UsualSelect',
  'UsualWebgl',
  'UsualInput',
  'UsualRadio',
  'UsualTimeSelector',
  'ComplexLine',
  'ComplexBar',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexVideo',
  'ComplexMap',
  'ComplexArea',
  'ComplexHistory',
  'ComplexAlarm',
  'ComplexXyline',
  'ComplexWeather',
  'ShapeSymbol',
  'ShapePipe',
] as const;

export type WidgetType = (typeof WIDGET_TYPES)[number];
/** Every widget type but the group: the ones a person places on the canvas. */
export type LeafWidgetType = Exclude<WidgetType, 'WidgetGroup'>;

/**
 * Marks the selection box while several widgets are selected. It is never saved; a saved page that
 * holds it is refused.
 */
export const TRANSIENT_WIDGET_TYPE = 'WidgetSelected';

export function isWidgetType(value: string): value is WidgetType {
  return (WIDGET_TYPES as readonly string[]).includes(value);
}
