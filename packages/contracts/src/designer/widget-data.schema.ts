/**
 * Widget-specific data (§3 "Widget-specific data"), one schema per kind of widget. Field names are
 * the saved ones, spelling included (`opration`, `PanTilt`, `judgCondition`).
 */
import { z } from 'zod';
import { checkedUrl } from '../validation/url.ts';
import {
  BINDING_TYPES,
  COMPARISON_SYMBOLS,
  ClickEventSchema,
  ColorSchema,
  ColourAnimationSchema,
  ConditionRuleSchema,
  DataBindingSchema,
  RotateRuleSchema,
  RuleValueSchema,
  SeriesItemSchema,
} from './widget-parts.schema.ts';

const text = (max = 500) => z.string().max(max);
const finite = z.number().finite();

export const EmptyDataSchema = z.object({});

export const TextDataSchema = z.object({ text: text() });
export const DataTextDataSchema = z.object({
  unit: text(20),
  /** Digits after the decimal point; null shows the value as received. */
  decimals: z.number().int().min(0).max(10).nullable(),
});
export const ImageDataSchema = z.object({ url: checkedUrl() });

export const DashboardDataSchema = z.object({
  dataAddon: z.object({
    min: finite,
    max: finite,
    startAngle: finite,
    endAngle: finite,
    splitNumber: z.number().int().min(1).max(100),
    /** Colour bands, each up to its value. */
    thresholds: z.array(z.object({ value: finite, color: ColorSchema })).max(20),
  }),
});

export const PERCENT_FILL_TYPES = ['rectangleChart', 'capacityChart', 'doughnutChart'] as const;
export const PERCENT_TEXT_TYPES = ['percentage', 'value', 'none'] as const;
export const PercentFillDataSchema = z.object({
  dataAddon: z.object({
    type: z.enum(PERCENT_FILL_TYPES),
    min: finite,
    max: finite,
    textType: z.enum(PERCENT_TEXT_TYPES),
  }),
});

export const ScrollbarDataSchema = z.object({
  dataAddon: z.object({ symbol: z.enum(COMPARISON_SYMBOLS), value: RuleValueSchema }),
});

export const ANIMATION_DISPLAY_TYPES = ['image', 'text'] as const;
export const AnimationDataSchema = z.object({
  dataAddon: z.object({
    type: z.enum(ANIMATION_DISPLAY_TYPES),
    imageList: z
      .array(z.object({ symbol: z.enum(COMPARISON_SYMBOLS), value: RuleValueSchema, url: checkedUrl() }))
      .max(100),
    textList: z
      .array(z.object({ symbol: z.enum(COMPARISON_SYMBOLS), value: RuleValueSchema, text: text() }))
      .max(100),
    /** Plays the frames in turn, `speed` ms each, while `value judgCondition judgVal` holds. */
    cycle: z.object({
      judgCondition: z.enum(COMPARISON_SYMBOLS),
      judgVal: RuleValueSchema,
      speed: z.number().int().min(16).max(60_000),
    }),
  }),
});

export const SelectDataSchema = z.object({
  selectDatas: z
    .array(z.object({ indexId: z.string().max(64), text: text(200), event: ClickEventSchema }))
    .max(100),
  eventType: z.literal('click'),
});

export const RadioDataSchema = z.object({
  options: z
    .array(
      z.object({ id: z.string().max(64), isChecked: z.boolean(), title: text(200), value: RuleValueSchema }),
    )
    .max(100),
});

/** dayjs format strings. */
export const FormatDataSchema = z.object({ format: text(64) });

export const INPUT_TYPES = ['number', 'text'] as const;
export const InputDataSchema = z.object({ placeholder: text(200), inputType: z.enum(INPUT_TYPES) });

/** What a scene signal does to its node: tint it, show it, or turn it. */
export const SCENE_NODE_EFFECTS = ['color', 'visible', 'rotation'] as const;
export type SceneNodeEffect = (typeof SCENE_NODE_EFFECTS)[number];
export const SCENE_ROTATION_AXES = ['x', 'y', 'z'] as const;
export type SceneRotationAxis = (typeof SCENE_ROTATION_AXES)[number];

/**
 * One signal of a WebGL scene, bound to a node of the model by name. `color` tints the node with
 * `color` while `live symbol value` holds; `visible` shows the node only while it holds; `rotation`
 * turns the node by the live value in degrees about `axis`. The node fields are optional: signals
 * saved before they existed bind no node.
 */
export const SceneSignalSchema = SeriesItemSchema.extend({
  node: z.string().max(200).optional(),
  effect: z.enum(SCENE_NODE_EFFECTS).optional(),
  symbol: z.enum(COMPARISON_SYMBOLS).optional(),
  value: RuleValueSchema.optional(),
  axis: z.enum(SCENE_ROTATION_AXES).optional(),
});
export type SceneSignal = z.infer<typeof SceneSignalSchema>;

export const WebglDataSchema = z.object({
  dataAddon: z.object({
    type: z.literal('scene'),
    /** The uploaded scene model (its file id); empty until one is chosen. */
    sceneId: z.string().max(64),
    signalArray: z.array(SceneSignalSchema).max(100),
  }),
});

export const CHART_DATA_MODES = ['adapt', 'custom'] as const;
/** Line, area and bar charts. A line chart whose `type` is `report` draws a history report. */
export const TrendChartDataSchema = z.object({
  dataAddon: z.object({
    type: z.enum(BINDING_TYPES),
    /** adapt: the axis follows the data; custom: minVal..maxVal. */
    mode: z.enum(CHART_DATA_MODES),
    minVal: finite.nullable(),
    maxVal: finite.nullable(),
    /** Minutes of data shown. */
    timeRange: z.number().int().min(1).max(525_600),
    timeFormat: text(64),
    signalArray: z.array(SeriesItemSchema).max(100),
    reportId: z.string().max(64),
    reportSignalArray: z.array(SeriesItemSchema).max(100),
    theme: z.array(ColorSchema).max(50),
  }),
});

export const VALUE_TYPES = ['value', 'percent'] as const;
export const LEGEND_POSITIONS = ['top', 'bottom', 'left', 'right', 'none'] as const;
/** Pie, ring and rose charts. */
export const ProportionChartDataSchema = z.object({
  dataAddon: z.object({
    signalArray: z.array(SeriesItemSchema).max(100),
    valueType: z.enum(VALUE_TYPES),
    legend: z.enum(LEGEND_POSITIONS),
    theme: z.array(ColorSchema).max(50),
  }),
});

/** X-Y line: the first signal gives x, the second y. */
export const XylineDataSchema = z.object({
  dataAddon: z.object({
    modeX: z.enum(CHART_DATA_MODES),
    modeY: z.enum(CHART_DATA_MODES),
    signalArray: z.array(SeriesItemSchema).max(2),
    theme: z.array(ColorSchema).max(50),
  }),
});

export const DIMENSION_TYPES = ['time', 'equip'] as const;
export const TIME_UNITS = ['minute', 'hour', 'day'] as const;
/**
 * Rows of the history report table: every stored sample (`raw`), or a report's statistics by hour,
 * day or month (the report's granularities).
 */
export const HISTORY_INTERVALS = ['raw', 'hour', 'day', 'month'] as const;
export type HistoryInterval = (typeof HISTORY_INTERVALS)[number];
export const HistoryDataSchema = z.object({
  dataAddon: z.object({
    /** Absent in pages saved before the table was drawn: raw without a report, else hourly. */
    interval: z.enum(HISTORY_INTERVALS).optional(),
    /** The variables of the raw table (absent in pages saved before the table was drawn). */
    signalArray: z.array(SeriesItemSchema).max(100).optional(),
    reportId: z.string().max(64),
    customReportId: z.string().max(64),
    dimensionType: z.enum(DIMENSION_TYPES),
    showPage: z.boolean(),
    filterTime: z.boolean(),
    exportExcel: z.boolean(),
    timeRange: z.number().int().min(1).max(525_600),
    rollTime: z.number().int().min(1).max(86_400),
    timeUnit: z.enum(TIME_UNITS),
  }),
});

export const ALARM_COLUMNS = [
  'equipTitle',
  'type',
  'gmtTrigger',
  'gmtRelease',
  'value',
  'msg',
  'opration',
] as const;
const EquipRefSchema = z.object({ equipmentId: z.string().max(64), title: text(200) });
export const AlarmDataSchema = z.object({
  dataAddon: z.object({
    equips: z.array(EquipRefSchema).max(500),
    columns: z.array(z.enum(ALARM_COLUMNS)).max(ALARM_COLUMNS.length),
  }),
});

export const MapDataSchema = z.object({
  dataAddon: z.object({
    equipments: z.array(EquipRefSchema).max(5000),
    totalCount: z.number().int().min(0),
    equipProportion: z.number().min(0),
  }),
  map: z.object({
    zoom: z.number().int().min(1).max(20),
    center: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
    address: text(200),
  }),
});

export const WEATHER_THEME_COLORS = ['white', 'blue', 'orange', 'yellow'] as const;
export const WeatherDataSchema = z.object({
  provinceId: z.string().max(32),
  cityId: z.string().max(32),
  countyId: z.string().max(32),
  title: text(100),
  themeColor: z.enum(WEATHER_THEME_COLORS),
});

export const VideoDataSchema = z.object({
  dataAddon: z.object({
    type: z.literal('stream'),
    /** The camera can pan and tilt. */
    PanTilt: z.boolean(),
    serialNumber: z.string().max(64),
    channelNumber: z.number().int().min(1).max(256),
    /** HTTP-FLV and HLS addresses: http(s) or on this site. */
    flvReserve: checkedUrl(),
    hlsReserve: checkedUrl(),
    /** RTMP is never opened by the browser; only rtmp(s) addresses are kept. */
    rtmpReserve: checkedUrl({ schemes: ['rtmp:', 'rtmps:'], relative: false }),
  }),
});

/** A symbol part's level: the part fills from its bottom by (value − min) / (max − min). */
export const SymbolLevelRuleSchema = z.object({
  enable: z.boolean(),
  binding: DataBindingSchema,
  min: finite,
  max: finite,
});
export type SymbolLevelRule = z.infer<typeof SymbolLevelRuleSchema>;

/** The animation rules of one named part of a library symbol (the widget's own rules drive the whole). */
export const SymbolPartRulesSchema = z.object({
  part: z.string().min(1).max(64),
  visiable: ConditionRuleSchema.optional(),
  rotate: RotateRuleSchema.optional(),
  fillColor: ColourAnimationSchema.optional(),
  level: SymbolLevelRuleSchema.optional(),
});
export type SymbolPartRules = z.infer<typeof SymbolPartRulesSchema>;

export const SYMBOL_PART_RULES_MAX = 30;
/** A symbol of the industrial library (`symbolId`) and the rules bound to its parts. */
export const SymbolDataSchema = z.object({
  symbolId: z.string().min(1).max(100),
  parts: z.array(SymbolPartRulesSchema).max(SYMBOL_PART_RULES_MAX),
});

export const PIPE_ROUTINGS = ['polyline', 'orthogonal'] as const;
export type PipeRouting = (typeof PIPE_ROUTINGS)[number];
export const PIPE_WIDTH_MAX = 100;
export const PIPE_FLOW_SPEED_MAX = 1000;

/** A pipe end attached to a symbol's port, or (`port` empty) joined onto another pipe: a tee. */
export const PipeEndSchema = z.object({ widgetId: z.string().max(64), port: z.string().max(64) });
export type PipeEnd = z.infer<typeof PipeEndSchema>;

/**
 * A pipe: its points are the widget's line position. The medium flows from the first point to the
 * last while `running` holds, backwards while `reverse` holds; `speed` is canvas units a second,
 * or the bound value's magnitude when `speed.binding` is bound (a negative value flows backwards).
 */
export const PipeDataSchema = z.object({
  routing: z.enum(PIPE_ROUTINGS),
  width: z.number().min(1).max(PIPE_WIDTH_MAX),
  color: ColorSchema,
  flowColor: ColorSchema,
  start: PipeEndSchema.nullable(),
  end: PipeEndSchema.nullable(),
  flow: z.object({
    running: ConditionRuleSchema,
    reverse: ConditionRuleSchema,
    speed: z.object({ value: z.number().min(0).max(PIPE_FLOW_SPEED_MAX), binding: DataBindingSchema }),
  }),
});
export type PipeData = z.infer<typeof PipeDataSchema>;
