/**
 * Charts, video, map, history report, alarm records and weather widgets, registered with their §3
 * defaults.
 */
import {
  ALARM_COLUMNS,
  CHART_DATA_MODES,
  HISTORY_INTERVALS,
  LEGEND_POSITIONS,
  TIME_UNITS,
  VALUE_TYPES,
  WEATHER_THEME_COLORS,
  type WidgetDataOf,
} from '@lyyp/contracts/designer';
import { CONTROL_ANIMATIONS, defineLeaf } from './define.ts';
import { CHART_THEME } from './defaults.ts';
import { literalOptions, option, property } from './properties.ts';
import type { BindableProperty, PropertyDescriptor } from './types.ts';

export const LINE_TIME_RANGE_MINUTES = 5;
export const BAR_AREA_TIME_RANGE_MINUTES = 60;
export const HISTORY_TIME_RANGE = 720;
export const HISTORY_ROLL_TIME = 30;
export const MAP_ZOOM_DEFAULT = 12;
export const MAP_CENTRE_DEFAULT = { latitude: 39.90923, longitude: 116.397428 } as const;

const data = (key: string, kind: PropertyDescriptor['kind'], zh: string, en: string, extra = {}) =>
  property('data', `data.${key}`, kind, zh, en, extra);
const plain = { fill: { enable: false }, stroke: { enable: false } } as const;
const CHART_STYLE = ['opacity', 'fill', 'stroke', 'font'] as const;

function createTrendData(timeRange: number): WidgetDataOf<'ComplexLine'> {
  return {
    dataAddon: {
      type: 'signal',
      mode: 'adapt',
      minVal: null,
      maxVal: null,
      timeRange,
      timeFormat: 'HH:mm:ss',
      signalArray: [],
      reportId: '',
      reportSignalArray: [],
      theme: [...CHART_THEME],
    },
  };
}

const modeOptions = [
  option(CHART_DATA_MODES[0], '自适应', 'Adapt'),
  option(CHART_DATA_MODES[1], '自定义', 'Custom'),
];
const whenCustom = { visibleWhen: { key: 'data.dataAddon.mode', equals: 'custom' } };

const TREND_PROPERTIES: readonly PropertyDescriptor[] = [
  // Report mode draws a history report's values of its signals (one report-type line per page).
  data('dataAddon.type', 'select', '数据来源', 'Data from', {
    options: [option('signal', '实时变量', 'Live signals'), option('report', '报表数据', 'Report values')],
  }),
  data('dataAddon.signalArray', 'series', '曲线变量', 'Signals', {
    visibleWhen: { key: 'data.dataAddon.type', equals: 'signal' },
  }),
  data('dataAddon.reportId', 'report', '报表', 'Report', {
    visibleWhen: { key: 'data.dataAddon.type', equals: 'report' },
  }),
  data('dataAddon.reportSignalArray', 'series', '报表变量', 'Report signals', {
    visibleWhen: { key: 'data.dataAddon.type', equals: 'report' },
  }),
  data('dataAddon.mode', 'select', '纵轴范围', 'Value axis', { options: modeOptions }),
  data('dataAddon.minVal', 'number', '最小值', 'Minimum', whenCustom),
  data('dataAddon.maxVal', 'number', '最大值', 'Maximum', whenCustom),
  data('dataAddon.timeRange', 'number', '时间范围（分钟）', 'Time range (min)', {
    min: 1,
    max: 525_600,
    step: 1,
  }),
  data('dataAddon.timeFormat', 'select', '时间格式', 'Time format', {
    options: literalOptions(['HH:mm:ss', 'HH:mm', 'MM-DD HH:mm', 'YYYY-MM-DD HH:mm']),
  }),
  data('dataAddon.theme', 'colors', '配色', 'Palette'),
];
const TREND_BINDABLE: readonly BindableProperty[] = [
  { key: 'data.dataAddon.signalArray', kind: 'series' },
  { key: 'data.dataAddon.reportId', kind: 'report' },
  { key: 'data.dataAddon.reportSignalArray', kind: 'series' },
];

function createProportionData(): WidgetDataOf<'ComplexPie'> {
  return { dataAddon: { signalArray: [], valueType: 'value', legend: 'bottom', theme: [...CHART_THEME] } };
}

const PROPORTION_PROPERTIES: readonly PropertyDescriptor[] = [
  data('dataAddon.signalArray', 'series', '变量', 'Signals'),
  data('dataAddon.valueType', 'select', '显示', 'Shows', {
    options: [option(VALUE_TYPES[0], '数值', 'Values'), option(VALUE_TYPES[1], '百分比', 'Percentages')],
  }),
  data('dataAddon.legend', 'select', '图例位置', 'Legend', { options: literalOptions(LEGEND_POSITIONS) }),
  data('dataAddon.theme', 'colors', '配色', 'Palette'),
];
const SERIES_BINDABLE: readonly BindableProperty[] = [{ key: 'data.dataAddon.signalArray', kind: 'series' }];

// The three trend charts (and the three proportion charts) share one data shape.
const trend = <T extends 'ComplexLine' | 'ComplexBar' | 'ComplexArea'>(
  type: T,
  label: [string, string],
  timeRange: number,
) =>
  defineLeaf<T>({
    type,
    label,
    category: 'complex',
    geometry: 'chart',
    size: [400, 260],
    implemented: true,
    createData: () => createTrendData(timeRange) as WidgetDataOf<T>,
    style: plain,
    styleParts: CHART_STYLE,
    dataProperties: TREND_PROPERTIES,
    bindable: TREND_BINDABLE,
    animations: CONTROL_ANIMATIONS,
  });

const proportion = <T extends 'ComplexPie' | 'ComplexRing' | 'ComplexRose'>(
  type: T,
  label: [string, string],
) =>
  defineLeaf<T>({
    type,
    label,
    category: 'complex',
    geometry: 'chart',
    size: [320, 260],
    implemented: true,
    createData: () => createProportionData() as WidgetDataOf<T>,
    style: plain,
    styleParts: CHART_STYLE,
    dataProperties: PROPORTION_PROPERTIES,
    bindable: SERIES_BINDABLE,
    animations: CONTROL_ANIMATIONS,
  });

export const COMPLEX_WIDGETS = {
  ComplexLine: trend('ComplexLine', ['折线图', 'Line chart'], LINE_TIME_RANGE_MINUTES),
  ComplexBar: trend('ComplexBar', ['柱状图', 'Bar chart'], BAR_AREA_TIME_RANGE_MINUTES),
  ComplexArea: trend('ComplexArea', ['面积图', 'Area chart'], BAR_AREA_TIME_RANGE_MINUTES),
  ComplexPie: proportion('ComplexPie', ['饼图', 'Pie chart']),
  ComplexRing: proportion('ComplexRing', ['环形图', 'Ring chart']),
  ComplexRose: proportion('ComplexRose', ['玫瑰图', 'Rose chart']),
  ComplexXyline: defineLeaf({
    type: 'ComplexXyline',
    label: ['XY 曲线', 'X-Y line'],
    category: 'complex',
    geometry: 'chart',
    size: [400, 260],
    implemented: true,
    createData: () => ({
      dataAddon: { modeX: 'adapt', modeY: 'adapt', signalArray: [], theme: [...CHART_THEME] },
    }),
    style: plain,
    styleParts: CHART_STYLE,
    dataProperties: [
      data('dataAddon.signalArray', 'series', 'X / Y 变量', 'X / Y signals', { max: 2 }),
      data('dataAddon.modeX', 'select', 'X 轴范围', 'X axis', { options: modeOptions }),
      data('dataAddon.modeY', 'select', 'Y 轴范围', 'Y axis', { options: modeOptions }),
      data('dataAddon.theme', 'colors', '配色', 'Palette'),
    ],
    bindable: SERIES_BINDABLE,
    animations: CONTROL_ANIMATIONS,
  }),
  ComplexVideo: defineLeaf({
    type: 'ComplexVideo',
    label: ['视频', 'Video'],
    category: 'complex',
    geometry: 'rect',
    size: [400, 240],
    implemented: true,
    createData: () => ({
      dataAddon: {
        type: 'stream' as const,
        PanTilt: false,
        serialNumber: '',
        channelNumber: 1,
        flvReserve: '',
        hlsReserve: '',
        rtmpReserve: '',
      },
    }),
    style: { fill: { color: '#000000' }, stroke: { enable: false } },
    styleParts: ['opacity', 'stroke'],
    dataProperties: [
      data('dataAddon.serialNumber', 'text', '设备序列号', 'Camera serial number', { maxLength: 64 }),
      data('dataAddon.channelNumber', 'number', '通道号', 'Channel', { min: 1, max: 256, step: 1 }),
      data('dataAddon.PanTilt', 'boolean', '云台控制', 'Pan and tilt'),
      data('dataAddon.flvReserve', 'text', 'FLV 地址', 'FLV address', { maxLength: 2000 }),
      data('dataAddon.hlsReserve', 'text', 'HLS 地址', 'HLS address', { maxLength: 2000 }),
      data('dataAddon.rtmpReserve', 'text', 'RTMP 地址', 'RTMP address', { maxLength: 2000 }),
    ],
    bindable: [{ key: 'data.dataAddon', kind: 'stream' }],
    animations: CONTROL_ANIMATIONS,
  }),
  ComplexMap: defineLeaf({
    type: 'ComplexMap',
    label: ['地图', 'Map'],
    category: 'complex',
    geometry: 'rect',
    size: [400, 300],
    implemented: true,
    createData: () => ({
      dataAddon: { equipments: [], totalCount: 0, equipProportion: 0 },
      map: { zoom: MAP_ZOOM_DEFAULT, center: { ...MAP_CENTRE_DEFAULT }, address: '' },
    }),
    style: plain,
    styleParts: ['opacity', 'stroke'],
    dataProperties: [
      data('dataAddon.equipments', 'equips', '设备', 'Devices'),
      data('map.zoom', 'number', '缩放级别', 'Zoom', { min: 1, max: 20, step: 1 }),
      data('map.center.latitude', 'number', '中心纬度', 'Centre latitude', { min: -90, max: 90 }),
      data('map.center.longitude', 'number', '中心经度', 'Centre longitude', { min: -180, max: 180 }),
      data('map.address', 'text', '地址', 'Address', { maxLength: 200 }),
    ],
    bindable: [{ key: 'data.dataAddon.equipments', kind: 'equips' }],
    animations: CONTROL_ANIMATIONS,
  }),
  ComplexHistory: defineLeaf({
    type: 'ComplexHistory',
    label: ['历史报表', 'History report'],
    category: 'complex',
    geometry: 'rect',
    size: [560, 320],
    implemented: true,
    createData: () => ({
      dataAddon: {
        interval: 'raw',
        signalArray: [],
        reportId: '',
        customReportId: '',
        dimensionType: 'time',
        showPage: true,
        filterTime: true,
        exportExcel: true,
        timeRange: HISTORY_TIME_RANGE,
        rollTime: HISTORY_ROLL_TIME,
        timeUnit: 'hour',
      },
    }),
    style: plain,
    styleParts: ['opacity', 'fill', 'stroke', 'font'],
    // Rows by device (`dimensionType` `equip`) is kept in the data but not offered: the table reads
    // one device, the page's.
    dataProperties: [
      data('dataAddon.interval', 'select', '数据行', 'Rows', {
        options: [
          option(HISTORY_INTERVALS[0], '原始数据', 'Raw samples'),
          option(HISTORY_INTERVALS[1], '报表 · 按小时', 'Report by hour'),
          option(HISTORY_INTERVALS[2], '报表 · 按天', 'Report by day'),
          option(HISTORY_INTERVALS[3], '报表 · 按月', 'Report by month'),
        ],
      }),
      data('dataAddon.signalArray', 'series', '变量', 'Signals', {
        visibleWhen: { key: 'data.dataAddon.interval', equals: 'raw' },
      }),
      data('dataAddon.reportId', 'report', '报表', 'Report', {
        visibleWhen: { key: 'data.dataAddon.interval', equals: HISTORY_INTERVALS.slice(1) },
      }),
      data('dataAddon.timeRange', 'number', '时间范围', 'Time range', { min: 1, max: 525_600, step: 1 }),
      data('dataAddon.timeUnit', 'select', '时间单位', 'Time unit', {
        options: [
          option(TIME_UNITS[0], '分钟', 'Minutes'),
          option(TIME_UNITS[1], '小时', 'Hours'),
          option(TIME_UNITS[2], '天', 'Days'),
        ],
      }),
      data('dataAddon.rollTime', 'number', '滚动刷新（秒）', 'Refresh (s)', { min: 1, max: 86_400, step: 1 }),
      data('dataAddon.showPage', 'boolean', '分页', 'Paging'),
      data('dataAddon.filterTime', 'boolean', '时间筛选', 'Time filter'),
      data('dataAddon.exportExcel', 'boolean', '导出 Excel', 'Excel export'),
    ],
    bindable: [
      { key: 'data.dataAddon.signalArray', kind: 'series' },
      { key: 'data.dataAddon.reportId', kind: 'report' },
    ],
    animations: CONTROL_ANIMATIONS,
  }),
  ComplexAlarm: defineLeaf({
    type: 'ComplexAlarm',
    label: ['报警记录', 'Alarm records'],
    category: 'complex',
    geometry: 'rect',
    size: [560, 300],
    implemented: true,
    createData: () => ({ dataAddon: { equips: [], columns: [...ALARM_COLUMNS] } }),
    style: plain,
    styleParts: ['opacity', 'fill', 'stroke', 'font'],
    dataProperties: [
      data('dataAddon.equips', 'equips', '设备（空：页面的设备）', "Devices (none: the page's)"),
      data('dataAddon.columns', 'select', '显示列', 'Columns', {
        multiple: true,
        options: [
          option('equipTitle', '设备', 'Device'),
          option('type', '类型', 'Type'),
          option('gmtTrigger', '触发时间', 'Raised'),
          option('gmtRelease', '解除时间', 'Released'),
          option('value', '数值', 'Value'),
          option('msg', '内容', 'Message'),
          option('opration', '操作', 'Actions'),
        ],
      }),
    ],
    bindable: [{ key: 'data.dataAddon.equips', kind: 'equips' }],
    animations: CONTROL_ANIMATIONS,
  }),
  ComplexWeather: defineLeaf({
    type: 'ComplexWeather',
    label: ['天气', 'Weather'],
    category: 'complex',
    geometry: 'rect',
    size: [260, 120],
    implemented: true,
    createData: () => ({ provinceId: '', cityId: '', countyId: '', title: '', themeColor: 'white' }),
    style: plain,
    styleParts: ['opacity', 'font'],
    dataProperties: [
      data('provinceId', 'text', '省份', 'Province', { maxLength: 32 }),
      data('cityId', 'text', '城市', 'City', { maxLength: 32 }),
      data('countyId', 'text', '区县', 'County', { maxLength: 32 }),
      data('title', 'text', '标题', 'Title', { maxLength: 100 }),
      data('themeColor', 'select', '主题色', 'Theme', {
        options: [
          option(WEATHER_THEME_COLORS[0], '白色', 'White'),
          option(WEATHER_THEME_COLORS[1], '蓝色', 'Blue'),
          option(WEATHER_THEME_COLORS[2], '橙色', 'Orange'),
          option(WEATHER_THEME_COLORS[3], '黄色', 'Yellow'),
        ],
      }),
    ],
    animations: CONTROL_ANIMATIONS,
  }),
} as const;
