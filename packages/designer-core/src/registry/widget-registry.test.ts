import {
  ANIMATION_KINDS,
  LeafWidgetSchema,
  POSITION_KINDS,
  WIDGET_TYPES,
  type LeafWidgetType,
} from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { getAtPath } from '../model/paths.ts';
import { createWidget, createWidgetAt } from '../model/widget-factory.ts';
import { createTestDeps } from '../testing/fixtures.ts';
import { getWidgetDefinition, listWidgetDefinitions, WIDGET_REGISTRY } from './widget-registry.ts';

const LEAF_TYPES = WIDGET_TYPES.filter((type): type is LeafWidgetType => type !== 'WidgetGroup');

const IMPLEMENTED = new Set([
  'ComplexMap',
  'ComplexHistory',
  'ComplexAlarm',
  'WidgetGroup',
  'ShapeArrow',
  'ShapeCircle',
  'ShapeEllipse',
  'ShapeLine',
  'ShapeSymbol',
  'ShapePipe',
  'ShapeOctagon',
  'ShapeParallelogram',
  'ShapePrism',
  'ShapeRect',
  'ShapeTriangle',
  'UsualText',
  'UsualDataText',
  'UsualButton',
  'UsualImage',
  'UsualDashboard',
  'UsualPercentFill',
  'UsualScrollbar',
  'UsualTimer',
  'UsualAnimation',
  'UsualSelect',
  'UsualInput',
  'UsualRadio',
  'UsualTimeSelector',
  'ComplexLine',
  'ComplexBar',
  'ComplexArea',
  'ComplexPie',
  'ComplexRing',
  'ComplexRose',
  'ComplexXyline',
  'ComplexVideo',
  'ComplexWeather',
  'UsualWebgl',
]);

describe('widget registry', () => {
  it('registers all 36 widget types of §3 and the mimic symbol and pipe, each under its own name', () => {
    expect(WIDGET_TYPES).toHaveLength(38);
    expect(Object.keys(WIDGET_REGISTRY).sort()).toEqual([...WIDGET_TYPES].sort());
    for (const type of WIDGET_TYPES) expect(getWidgetDefinition(type).type).toBe(type);
    expect(listWidgetDefinitions()).toHaveLength(38);
  });

  it.each(WIDGET_TYPES)('%s is complete', (type) => {
    const definition = getWidgetDefinition(type);
    expect(definition.label.zh.length).toBeGreaterThan(0);
    expect(definition.label.en.length).toBeGreaterThan(0);
    expect(POSITION_KINDS).toContain(definition.geometry);
    expect(definition.properties.length).toBeGreaterThan(0);
    for (const property of definition.properties) {
      expect(property.label.zh, property.key).not.toBe('');
      expect(property.label.en, property.key).not.toBe('');
      if (property.kind === 'select') expect(property.options?.length, property.key).toBeGreaterThan(0);
    }
    for (const animation of definition.animations) expect(ANIMATION_KINDS).toContain(animation);
    expect(definition.implemented).toBe(IMPLEMENTED.has(type));
  });

  it.each(LEAF_TYPES)(
    'a new %s is a valid saved widget whose panel keys and bindable keys all exist',
    (type) => {
      const widget = createWidgetAt(type, { x: 300, y: 300 }, createTestDeps());
      expect(LeafWidgetSchema.safeParse(widget).success).toBe(true);
      const definition = getWidgetDefinition(type);
      expect(widget.position.kind).toBe(definition.geometry);
      for (const property of definition.properties) {
        expect(getAtPath(widget, property.key), `${type} ${property.key}`).not.toBeUndefined();
      }
      for (const slot of definition.bindable)
        expect(getAtPath(widget, slot.key), `${type} ${slot.key}`).not.toBeUndefined();
    },
  );

  it('gives every new widget its own copy of the defaults', () => {
    const deps = createTestDeps();
    const first = createWidget('ComplexLine', { x: 0, y: 0, width: 10, height: 10 }, deps);
    const second = createWidget('ComplexLine', { x: 0, y: 0, width: 10, height: 10 }, deps);
    expect(first.data).toEqual(second.data);
    expect(first.data.dataAddon.theme).not.toBe(second.data.dataAddon.theme);
    expect(first.animation.fillColor.colors).not.toBe(second.animation.fillColor.colors);
  });
});

describe('§3 widget-specific defaults', () => {
  const dataOf = <T extends LeafWidgetType>(type: T) => getWidgetDefinition(type).createData();

  it('dashboard: 0 to 100, 225° to -45°, 10 divisions, bands at 100, 75, 50, 25', () => {
    const { dataAddon } = dataOf('UsualDashboard');
    expect(dataAddon).toMatchObject({ min: 0, max: 100, startAngle: 225, endAngle: -45, splitNumber: 10 });
    expect(dataAddon.thresholds.map((band) => band.value)).toEqual([100, 75, 50, 25]);
  });

  it('percent fill: rectangle chart, 0 to 100, shown as a percentage', () => {
    expect(dataOf('UsualPercentFill').dataAddon).toEqual({
      type: 'rectangleChart',
      min: 0,
      max: 100,
      textType: 'percentage',
    });
  });

  it('scroll bar: scrolls while the value != 0', () => {
    expect(dataOf('UsualScrollbar').dataAddon).toEqual({ symbol: '!=', value: 0 });
  });

  it('animation: images, cycling every 300 ms', () => {
    expect(dataOf('UsualAnimation').dataAddon).toMatchObject({ type: 'image', cycle: { speed: 300 } });
  });

  it('timer and time selector formats', () => {
    expect(dataOf('UsualTimer').format).toBe('YYYY-MM-DD HH:mm:ss');
    expect(dataOf('UsualTimeSelector').format).toBe('YYYY-MM-DD HH:mm');
  });

  it('select: items with their own click event, event type click', () => {
    const data = dataOf('UsualSelect');
    expect(data.eventType).toBe('click');
    expect(data.selectDatas[0]).toMatchObject({ indexId: '1', event: { action: 'write' } });
  });

  it('line chart 5 minutes, bar and area 60, all adapting, with a 10-colour palette', () => {
    expect(dataOf('ComplexLine').dataAddon).toMatchObject({ mode: 'adapt', timeRange: 5, type: 'signal' });
    expect(dataOf('ComplexBar').dataAddon).toMatchObject({ mode: 'adapt', timeRange: 60 });
    expect(dataOf('ComplexArea').dataAddon).toMatchObject({ mode: 'adapt', timeRange: 60 });
    expect(dataOf('ComplexLine').dataAddon.theme).toHaveLength(10);
    expect(new Set(dataOf('ComplexLine').dataAddon.theme).size).toBe(10);
  });

  it('pie, ring and rose show values', () => {
    for (const type of ['ComplexPie', 'ComplexRing', 'ComplexRose'] as const) {
      expect(dataOf(type).dataAddon.valueType).toBe('value');
    }
  });

  it('history report: raw samples over 720 hours by time, rolling every 30', () => {
    expect(dataOf('ComplexHistory').dataAddon).toMatchObject({
      interval: 'raw',
      signalArray: [],
      timeRange: 720,
      rollTime: 30,
      timeUnit: 'hour',
      dimensionType: 'time',
    });
  });

  it('alarm records show the seven §3 columns', () => {
    expect(dataOf('ComplexAlarm').dataAddon.columns).toEqual([
      'equipTitle',
      'type',
      'gmtTrigger',
      'gmtRelease',
      'value',
      'msg',
      'opration',
    ]);
  });

  it('map zoom 12, weather theme white, video a stream, webgl a scene', () => {
    expect(dataOf('ComplexMap').map.zoom).toBe(12);
    expect(dataOf('ComplexWeather').themeColor).toBe('white');
    expect(dataOf('ComplexVideo').dataAddon).toMatchObject({
      type: 'stream',
      PanTilt: false,
      channelNumber: 1,
    });
    expect(dataOf('UsualWebgl').dataAddon).toEqual({ type: 'scene', sceneId: '', signalArray: [] });
  });

  it('radio options carry id, checked flag, title and value', () => {
    expect(dataOf('UsualRadio').options[0]).toEqual({ id: '1', isChecked: true, title: 'Off', value: 0 });
  });

  it('click event: write, 600 × 600 window, delay 1000 ms on, feedback on, set / set1', () => {
    const widget = createWidgetAt('UsualButton', { x: 100, y: 100 }, createTestDeps());
    expect(widget.event).toMatchObject({
      enable: true,
      action: 'write',
      window: { width: 600, height: 600 },
      delay: { enable: true, value: 1000 },
      feedback: true,
      writeType: 'set',
      pressType: 'set1',
    });
  });

  it('animation rules compare with == and colour rules default to 0 red, 1 yellow', () => {
    const widget = createWidgetAt('ShapeRect', { x: 100, y: 100 }, createTestDeps());
    expect(widget.animation.visiable.symbol).toBe('==');
    expect(widget.animation.fillColor.colors).toEqual([
      { symbol: '==', value: 0, color: '#ff0000' },
      { symbol: '==', value: 1, color: '#ffff00' },
    ]);
  });

  it('names new widgets after their type and number, in the chosen language', () => {
    const deps = createTestDeps();
    expect(createWidgetAt('ShapeRect', { x: 0, y: 0 }, deps, { number: 3 }).widgetName).toBe('矩形3');
    expect(createWidgetAt('ShapeRect', { x: 0, y: 0 }, deps, { number: 3, locale: 'en-US' }).widgetName).toBe(
      'Rectangle 3',
    );
  });
});
