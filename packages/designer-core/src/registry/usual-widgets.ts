/** Everyday widgets: texts, values, gauges, images and input controls (§3 widget-specific data). */
import {
  ANIMATION_DISPLAY_TYPES,
  COMPARISON_SYMBOLS,
  INPUT_TYPES,
  PERCENT_FILL_TYPES,
  PERCENT_TEXT_TYPES,
} from '@lyyp/contracts/designer';
import {
  CONTROL_ANIMATIONS,
  defineLeaf,
  IMAGE_ANIMATIONS,
  SIGNAL_BINDING,
  TEXT_ANIMATIONS,
} from './define.ts';
import { createDefaultClickEvent } from './defaults.ts';
import { literalOptions, option, property } from './properties.ts';
import type { StylePart } from './properties.ts';

const TEXT_STYLE: readonly StylePart[] = ['opacity', 'fill', 'stroke', 'font', 'align', 'radius'];
const transparent = { fill: { enable: false }, stroke: { enable: false } } as const;

export const TIMER_FORMAT_DEFAULT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_SELECTOR_FORMAT_DEFAULT = 'YYYY-MM-DD HH:mm';
export const ANIMATION_CYCLE_SPEED_DEFAULT = 300;

const data = (key: string, kind: Parameters<typeof property>[2], zh: string, en: string, extra = {}) =>
  property('data', `data.${key}`, kind, zh, en, extra);
const symbolOptions = { options: literalOptions(COMPARISON_SYMBOLS) };

export const USUAL_WIDGETS = {
  UsualDashboard: defineLeaf({
    type: 'UsualDashboard',
    label: ['仪表盘', 'Dashboard'],
    category: 'usual',
    geometry: 'rect',
    size: [200, 200],
    implemented: true,
    createData: () => ({
      dataAddon: {
        min: 0,
        max: 100,
        startAngle: 225,
        endAngle: -45,
        splitNumber: 10,
        thresholds: [
          { value: 100, color: '#f5222d' },
          { value: 75, color: '#fa8c16' },
          { value: 50, color: '#fadb14' },
          { value: 25, color: '#52c41a' },
        ],
      },
    }),
    style: transparent,
    styleParts: ['opacity', 'font'],
    dataProperties: [
      data('dataAddon.min', 'number', '最小值', 'Minimum'),
      data('dataAddon.max', 'number', '最大值', 'Maximum'),
      data('dataAddon.startAngle', 'number', '起始角度', 'Start angle', { min: -360, max: 360 }),
      data('dataAddon.endAngle', 'number', '结束角度', 'End angle', { min: -360, max: 360 }),
      data('dataAddon.splitNumber', 'number', '分割段数', 'Divisions', { min: 1, max: 100, step: 1 }),
      data('dataAddon.thresholds', 'colors', '多段颜色', 'Colour bands'),
    ],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
  UsualButton: defineLeaf({
    type: 'UsualButton',
    label: ['按钮', 'Button'],
    category: 'usual',
    geometry: 'rect',
    size: [100, 40],
    implemented: true,
    createData: () => ({ text: 'Button' }),
    style: { fill: { color: '#1890ff' }, stroke: { enable: false }, font: { color: '#ffffff' }, radius: 4 },
    styleParts: TEXT_STYLE,
    dataProperties: [data('text', 'text', '文字', 'Text', { maxLength: 500 })],
    animations: TEXT_ANIMATIONS,
    events: ['click'],
    eventEnabled: true,
  }),
  UsualDataText: defineLeaf({
    type: 'UsualDataText',
    label: ['数据文本', 'Data text'],
    category: 'usual',
    geometry: 'rect',
    size: [120, 40],
    implemented: true,
    createData: () => ({ unit: '', decimals: null }),
    style: transparent,
    styleParts: TEXT_STYLE,
    dataProperties: [
      data('unit', 'text', '单位', 'Unit', { maxLength: 20 }),
      data('decimals', 'number', '小数位数', 'Decimals', { min: 0, max: 10, step: 1 }),
    ],
    bindable: SIGNAL_BINDING,
    animations: TEXT_ANIMATIONS,
    events: ['click'],
  }),
  UsualImage: defineLeaf({
    type: 'UsualImage',
    label: ['图片', 'Image'],
    category: 'usual',
    geometry: 'rect',
    size: [120, 120],
    implemented: true,
    createData: () => ({ url: '' }),
    style: transparent,
    styleParts: ['opacity', 'stroke', 'radius'],
    dataProperties: [data('url', 'image', '图片', 'Image')],
    animations: IMAGE_ANIMATIONS,
    events: ['click'],
  }),
  UsualPercentFill: defineLeaf({
    type: 'UsualPercentFill',
    label: ['百分比填充', 'Percent fill'],
    category: 'usual',
    geometry: 'rect',
    size: [120, 160],
    implemented: true,
    createData: () => ({ dataAddon: { type: 'rectangleChart', min: 0, max: 100, textType: 'percentage' } }),
    style: { fill: { color: '#1890ff' } },
    styleParts: ['opacity', 'fill', 'stroke', 'font'],
    dataProperties: [
      data('dataAddon.type', 'select', '样式', 'Kind', {
        options: [
          option(PERCENT_FILL_TYPES[0], '矩形', 'Rectangle'),
          option(PERCENT_FILL_TYPES[1], '容器', 'Tank'),
          option(PERCENT_FILL_TYPES[2], '圆环', 'Doughnut'),
        ],
      }),
      data('dataAddon.min', 'number', '最小值', 'Minimum'),
      data('dataAddon.max', 'number', '最大值', 'Maximum'),
      data('dataAddon.textType', 'select', '文字显示', 'Label', {
        options: [
          option(PERCENT_TEXT_TYPES[0], '百分比', 'Percentage'),
          option(PERCENT_TEXT_TYPES[1], '数值', 'Value'),
          option(PERCENT_TEXT_TYPES[2], '不显示', 'None'),
        ],
      }),
    ],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
  UsualScrollbar: defineLeaf({
    type: 'UsualScrollbar',
    label: ['滚动条', 'Scroll bar'],
    category: 'usual',
    geometry: 'rect',
    size: [200, 30],
    implemented: true,
    createData: () => ({ dataAddon: { symbol: '!=', value: 0 } }),
    style: { fill: { color: '#52c41a' } },
    styleParts: ['opacity', 'fill', 'stroke', 'radius'],
    dataProperties: [
      data('dataAddon.symbol', 'select', '滚动条件', 'Scrolls when', symbolOptions),
      data('dataAddon.value', 'text', '比较值', 'Value'),
    ],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
  UsualText: defineLeaf({
    type: 'UsualText',
    label: ['文本', 'Text'],
    category: 'usual',
    geometry: 'rect',
    size: [120, 40],
    implemented: true,
    createData: () => ({ text: 'Text' }),
    style: transparent,
    styleParts: TEXT_STYLE,
    dataProperties: [data('text', 'textarea', '文字', 'Text', { maxLength: 500 })],
    animations: TEXT_ANIMATIONS,
    events: ['click'],
  }),
  UsualTimer: defineLeaf({
    type: 'UsualTimer',
    label: ['时间', 'Clock'],
    category: 'usual',
    geometry: 'rect',
    size: [200, 40],
    implemented: true,
    createData: () => ({ format: TIMER_FORMAT_DEFAULT }),
    style: transparent,
    styleParts: TEXT_STYLE,
    dataProperties: [
      data('format', 'select', '格式', 'Format', {
        options: literalOptions([TIMER_FORMAT_DEFAULT, 'YYYY-MM-DD', 'HH:mm:ss', 'YYYY/MM/DD HH:mm']),
      }),
    ],
    animations: TEXT_ANIMATIONS,
  }),
  UsualAnimation: defineLeaf({
    type: 'UsualAnimation',
    label: ['动画', 'Animation'],
    category: 'usual',
    geometry: 'rect',
    size: [120, 120],
    implemented: true,
    createData: () => ({
      dataAddon: {
        type: 'image',
        imageList: [],
        textList: [],
        cycle: { judgCondition: '==', judgVal: 1, speed: ANIMATION_CYCLE_SPEED_DEFAULT },
      },
    }),
    style: transparent,
    styleParts: ['opacity', 'font'],
    dataProperties: [
      data('dataAddon.type', 'select', '显示类型', 'Shows', {
        options: [
          option(ANIMATION_DISPLAY_TYPES[0], '图片', 'Images'),
          option(ANIMATION_DISPLAY_TYPES[1], '文字', 'Texts'),
        ],
      }),
      data('dataAddon.imageList', 'items', '图片列表', 'Images', {
        visibleWhen: { key: 'data.dataAddon.type', equals: 'image' },
      }),
      data('dataAddon.textList', 'items', '文字列表', 'Texts', {
        visibleWhen: { key: 'data.dataAddon.type', equals: 'text' },
      }),
      data('dataAddon.cycle.judgCondition', 'select', '轮播条件', 'Cycles when', symbolOptions),
      data('dataAddon.cycle.judgVal', 'text', '轮播比较值', 'Cycle value'),
      data('dataAddon.cycle.speed', 'number', '轮播间隔（毫秒）', 'Frame time (ms)', {
        min: 16,
        max: 60_000,
        step: 10,
      }),
    ],
    bindable: SIGNAL_BINDING,
    animations: IMAGE_ANIMATIONS,
  }),
  UsualSelect: defineLeaf({
    type: 'UsualSelect',
    label: ['下拉选择', 'Select'],
    category: 'usual',
    geometry: 'rect',
    size: [160, 36],
    implemented: true,
    createData: () => ({
      selectDatas: [
        { indexId: '1', text: 'Option 1', event: createDefaultClickEvent(true) },
        { indexId: '2', text: 'Option 2', event: createDefaultClickEvent(true) },
      ],
      eventType: 'click' as const,
    }),
    style: { radius: 4 },
    styleParts: TEXT_STYLE,
    dataProperties: [data('selectDatas', 'items', '选项', 'Options')],
    bindable: [...SIGNAL_BINDING, { key: 'data.selectDatas', kind: 'items' }],
    animations: CONTROL_ANIMATIONS,
  }),
  UsualWebgl: defineLeaf({
    type: 'UsualWebgl',
    label: ['三维场景', 'WebGL scene'],
    category: 'usual',
    geometry: 'rect',
    size: [400, 300],
    implemented: true,
    createData: () => ({ dataAddon: { type: 'scene' as const, sceneId: '', signalArray: [] } }),
    style: transparent,
    styleParts: ['opacity'],
    dataProperties: [
      data('dataAddon.sceneId', 'scene', '场景模型', 'Scene model'),
      // Each signal acts on one node of the model, picked from the model's node list.
      data('dataAddon.signalArray', 'scene-signals', '节点绑定', 'Node bindings'),
    ],
    bindable: [
      { key: 'data.dataAddon.sceneId', kind: 'scene' },
      { key: 'data.dataAddon.signalArray', kind: 'series' },
    ],
    animations: CONTROL_ANIMATIONS,
  }),
  UsualInput: defineLeaf({
    type: 'UsualInput',
    label: ['输入框', 'Input'],
    category: 'usual',
    geometry: 'rect',
    size: [160, 36],
    implemented: true,
    createData: () => ({ placeholder: '', inputType: 'number' }),
    style: { radius: 4, font: { color: '#333333' } },
    styleParts: TEXT_STYLE,
    dataProperties: [
      data('placeholder', 'text', '占位提示', 'Placeholder', { maxLength: 200 }),
      data('inputType', 'select', '输入类型', 'Input type', {
        options: [option(INPUT_TYPES[0], '数字', 'Number'), option(INPUT_TYPES[1], '文本', 'Text')],
      }),
    ],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
  UsualRadio: defineLeaf({
    type: 'UsualRadio',
    label: ['单选框', 'Radio'],
    category: 'usual',
    geometry: 'rect',
    size: [200, 36],
    implemented: true,
    createData: () => ({
      options: [
        { id: '1', isChecked: true, title: 'Off', value: 0 },
        { id: '2', isChecked: false, title: 'On', value: 1 },
      ],
    }),
    style: transparent,
    styleParts: ['opacity', 'font', 'align'],
    dataProperties: [data('options', 'items', '选项', 'Options')],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
  UsualTimeSelector: defineLeaf({
    type: 'UsualTimeSelector',
    label: ['时间选择器', 'Time picker'],
    category: 'usual',
    geometry: 'rect',
    size: [200, 36],
    implemented: true,
    createData: () => ({ format: TIME_SELECTOR_FORMAT_DEFAULT }),
    style: { radius: 4 },
    styleParts: TEXT_STYLE,
    dataProperties: [
      data('format', 'select', '格式', 'Format', {
        options: literalOptions([TIME_SELECTOR_FORMAT_DEFAULT, 'YYYY-MM-DD', 'YYYY-MM-DD HH:mm:ss', 'HH:mm']),
      }),
    ],
    bindable: SIGNAL_BINDING,
    animations: CONTROL_ANIMATIONS,
  }),
} as const;
