/**
 * The demo boiler's process mimic: the page the demo product ships as its start page, drawn from
 * the symbol library and bound to the demo boiler's variables. Return water comes in through a
 * check valve to the circulation pump and on to the steam drum; the drum feeds the water-tube
 * boiler fired by a gas burner behind a control valve; supply water leaves through a motorised
 * valve; flue gas goes to the stack. Pipes flow while the pump runs (water) or the boiler fires
 * (gas, flue); live values sit beside the instruments; buttons write the temperature set-point, start
 * and stop the pump and reset alarms; an alarm banner along the top shows the boiler's alarm bits.
 */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import {
  PAGE_DEFAULT_HEIGHT,
  PAGE_DEFAULT_WIDTH,
  type DataBinding,
  type LeafWidget,
  type PageDocument,
  type Widget,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import type { Box, Point } from '../geometry/box.ts';
import { createSequentialDeps, type DesignerDeps } from '../model/deps.ts';
import { createPage } from '../model/page.ts';
import { createWidget } from '../model/widget-factory.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { createPipe } from '../pipes/pipe-widget.ts';
import { ISA_COLOURS } from '../symbols/symbol-kit.ts';
import { bindSymbolParts, createSymbolWidget, symbolPortsOnCanvas } from '../symbols/symbol-widget.ts';

/** The page's grey background (ISA-101: equipment greys on light grey, colour kept for alarms). */
export const MIMIC_BACKGROUND = '#e4e4e4';

export interface BoilerMimicOptions {
  readonly id: string;
  readonly productId: string;
  readonly locale?: Locale;
  readonly deps?: Pick<DesignerDeps, 'createId'>;
}

type Texts = Readonly<Record<string, readonly [zh: string, en: string]>>;

const TEXTS = {
  title: ['锅炉房工艺流程', 'Boiler house process'],
  returnWater: ['回水', 'Return water'],
  supplyWater: ['供水', 'Supply water'],
  gas: ['燃气', 'Gas'],
  flue: ['烟气', 'Flue gas'],
  supplyTemperature: ['出水温度', 'Supply temperature'],
  returnTemperature: ['回水温度', 'Return temperature'],
  steamPressure: ['蒸汽压力', 'Steam pressure'],
  waterLevel: ['汽包水位', 'Drum level'],
  flueTemperature: ['排烟温度', 'Flue temperature'],
  flame: ['火焰强度', 'Flame intensity'],
  heatOutput: ['瞬时热功率', 'Heat output'],
  setpoint: ['出水温度设定', 'Supply temperature set-point'],
  changeSetpoint: ['修改设定值', 'Change set-point'],
  confirmSetpoint: ['确认修改出水温度设定值？', 'Change the supply temperature set-point?'],
  pump: ['循环泵启停', 'Start / stop pump'],
  confirmPump: ['确认切换循环泵启停？', 'Start or stop the circulation pump?'],
  reset: ['报警复位', 'Reset alarms'],
  confirmReset: ['确认复位报警？', 'Reset the alarms?'],
  lowWater: ['低水位报警', 'LOW WATER'],
  overPressure: ['超压报警', 'OVER-PRESSURE'],
  flameFailure: ['熄火报警', 'FLAME FAILURE'],
} as const satisfies Texts;

type TextKey = keyof typeof TEXTS;

class MimicBuilder {
  readonly widgets: Widget[] = [];
  private readonly titles: ReadonlyMap<string, string>;

  constructor(
    readonly locale: Locale,
    readonly deps: Pick<DesignerDeps, 'createId'>,
  ) {
    this.titles = new Map(demoBoilerModel().variables.map((variable) => [variable.key, variable.name]));
  }

  text(key: TextKey): string {
    const [zh, en] = TEXTS[key];
    return this.locale === 'en-US' ? en : zh;
  }

  signal(key: string): DataBinding {
    return { ...createEmptyBinding(), signalId: key, title: this.titles.get(key) ?? key };
  }

  add<W extends Widget>(widget: W): W {
    this.widgets.push(widget);
    return widget;
  }

  symbol(symbolId: string, centre: Point, parts: Readonly<Record<string, string>>, number = 1) {
    const widget = createSymbolWidget(symbolId, centre, this.deps, { number, locale: this.locale });
    if (!widget) throw new Error(`The library has no symbol ${symbolId}`);
    const bindings = Object.fromEntries(Object.entries(parts).map(([part, key]) => [part, this.signal(key)]));
    return this.add(bindSymbolParts(widget, bindings));
  }

  port(widget: WidgetOf<'ShapeSymbol'>, id: string): Point {
    const port = symbolPortsOnCanvas(widget).find((candidate) => candidate.port === id);
    if (!port) throw new Error(`${widget.data.symbolId} has no port ${id}`);
    return { x: port.x, y: port.y };
  }

  /** A pipe through the points, flowing while `running` is not 0; ends attach to the given ports. */
  pipe(
    points: readonly Point[],
    running: string,
    ends: { start?: [WidgetOf<'ShapeSymbol'>, string]; end?: [WidgetOf<'ShapeSymbol'>, string] } = {},
    colours: { color?: string; flowColor?: string } = {},
  ) {
    const pipe = createPipe(points, this.deps, { locale: this.locale, number: this.pipeCount() + 1 });
    const flow = pipe.data.flow;
    return this.add({
      ...pipe,
      data: {
        ...pipe.data,
        ...colours,
        start: ends.start ? { widgetId: ends.start[0].id, port: ends.start[1] } : null,
        end: ends.end ? { widgetId: ends.end[0].id, port: ends.end[1] } : null,
        flow: { ...flow, running: { ...flow.running, enable: true, binding: this.signal(running) } },
      },
    });
  }

  private pipeCount(): number {
    return this.widgets.filter((widget) => widget.widgetType === 'ShapePipe').length;
  }

  label(box: Box, content: string, options: { size?: number; align?: 'left' | 'center' } = {}) {
    const widget = createWidget('UsualText', box, this.deps, { locale: this.locale, name: content });
    return this.add({
      ...widget,
      style: {
        ...widget.style,
        font: { ...widget.style.font, size: options.size ?? 14, color: ISA_COLOURS.text },
        align: { ...widget.style.align, horizontal: options.align ?? 'left' },
      },
      data: { text: content },
    });
  }

  value(box: Box, key: string) {
    const widget = createWidget('UsualDataText', box, this.deps, {
      locale: this.locale,
      name: this.titles.get(key) ?? key,
    });
    return this.add({
      ...widget,
      binding: this.signal(key),
      style: {
        ...widget.style,
        fill: { enable: true, color: '#ffffff' },
        stroke: { ...widget.style.stroke, enable: true, color: '#9e9e9e' },
        font: { ...widget.style.font, size: 16, weight: 'bold', color: '#0d47a1' },
      },
    });
  }

  /** A labelled live value: the label above, the value below. */
  reading(at: Point, label: TextKey, key: string) {
    this.label({ x: at.x, y: at.y, width: 130, height: 20 }, this.text(label), { size: 13 });
    this.value({ x: at.x, y: at.y + 22, width: 130, height: 30 }, key);
  }

  button(box: Box, content: TextKey, key: string, event: Partial<LeafWidget['event']>, confirm: TextKey) {
    const widget = createWidget('UsualButton', box, this.deps, {
      locale: this.locale,
      name: this.text(content),
    });
    return this.add({
      ...widget,
      data: { text: this.text(content) },
      event: {
        ...widget.event,
        enable: true,
        action: 'write',
        binding: this.signal(key),
        hint: true,
        hintValue: this.text(confirm),
        ...event,
      },
    });
  }

  /** A red banner text shown (and flashing) while the alarm bit is 1. */
  alarm(box: Box, content: TextKey, key: string) {
    const widget = this.label(box, this.text(content), { size: 15, align: 'center' });
    const when = { enable: true, binding: this.signal(key), symbol: '==' as const, value: 1 };
    this.widgets[this.widgets.length - 1] = {
      ...widget,
      style: {
        ...widget.style,
        fill: { enable: true, color: ISA_COLOURS.fault },
        font: { ...widget.style.font, color: '#ffffff', weight: 'bold' },
      },
      animation: { ...widget.animation, visiable: when, twinkle: when },
    };
  }
}

function drawBanner(b: MimicBuilder): void {
  const strip = createWidget('ShapeRect', { x: 10, y: 10, width: 1004, height: 44 }, b.deps, {
    locale: b.locale,
    name: b.text('title'),
  });
  b.add({
    ...strip,
    posLock: true,
    style: {
      ...strip.style,
      fill: { enable: true, color: '#d0d0d0' },
      stroke: { ...strip.style.stroke, enable: false },
    },
  });
  b.label({ x: 24, y: 17, width: 360, height: 30 }, b.text('title'), { size: 20 });
  b.alarm({ x: 520, y: 16, width: 150, height: 32 }, 'lowWater', 'lowWaterAlarm');
  b.alarm({ x: 680, y: 16, width: 150, height: 32 }, 'overPressure', 'overPressureAlarm');
  b.alarm({ x: 840, y: 16, width: 160, height: 32 }, 'flameFailure', 'flameFailure');
}

function drawProcess(b: MimicBuilder): void {
  const drum = b.symbol('vessel-drum', { x: 500, y: 200 }, { level: 'waterLevel', shell: 'lowWaterAlarm' });
  const boiler = b.symbol('boiler-water-tube', { x: 500, y: 400 }, { flame: 'running' });
  const burner = b.symbol('burner-gas', { x: 400, y: 460 }, { body: 'burnerEnable', flame: 'running' });
  const gasValve = b.symbol('valve-control-pneumatic', { x: 260, y: 452 }, { body: 'burnerEnable' });
  const pump = b.symbol(
    'pump-circulation',
    { x: 260, y: 250 },
    { body: 'pumpRunning', rotor: 'pumpRunning' },
  );
  const check = b.symbol('valve-check', { x: 140, y: 239 }, { body: 'pumpRunning' });
  const supplyValve = b.symbol('valve-gate-motor', { x: 700, y: 188 }, { body: 'pumpRunning' });
  const stack = b.symbol('stack', { x: 820, y: 400 }, {});
  b.symbol('instrument-tt-field', { x: 800, y: 120 }, {});
  b.symbol('instrument-pt-field', { x: 540, y: 105 }, { bubble: 'overPressureAlarm' });
  b.symbol('instrument-lt-field', { x: 380, y: 130 }, { bubble: 'lowWaterAlarm' });

  const water = { color: '#9e9e9e', flowColor: '#4f8fd1' };
  const gas = { color: '#b0a27a', flowColor: '#f2b134' };
  const flue = { color: '#7a7a7a', flowColor: '#b5b5b5' };
  const checkIn = b.port(check, 'in');
  b.pipe([{ x: 20, y: checkIn.y }, checkIn], 'pumpRunning', { end: [check, 'in'] }, water);
  b.pipe(
    [b.port(check, 'out'), b.port(pump, 'suction')],
    'pumpRunning',
    { start: [check, 'out'], end: [pump, 'suction'] },
    water,
  );
  const discharge = b.port(pump, 'discharge');
  const drumFeed = b.port(drum, 'feed');
  b.pipe(
    [discharge, { x: 362, y: discharge.y }, { x: 362, y: drumFeed.y }, drumFeed],
    'pumpRunning',
    { start: [pump, 'discharge'], end: [drum, 'feed'] },
    water,
  );
  b.pipe(
    [b.port(drum, 'downcomer'), b.port(boiler, 'steam')],
    'pumpRunning',
    { start: [drum, 'downcomer'], end: [boiler, 'steam'] },
    water,
  );
  b.pipe(
    [b.port(drum, 'riser'), b.port(supplyValve, 'in')],
    'pumpRunning',
    { start: [drum, 'riser'], end: [supplyValve, 'in'] },
    water,
  );
  const supplyOut = b.port(supplyValve, 'out');
  b.pipe([supplyOut, { x: 1004, y: supplyOut.y }], 'pumpRunning', { start: [supplyValve, 'out'] }, water);
  const gasIn = b.port(gasValve, 'in');
  b.pipe([{ x: 20, y: gasIn.y }, gasIn], 'running', { end: [gasValve, 'in'] }, gas);
  b.pipe(
    [b.port(gasValve, 'out'), b.port(burner, 'fuel')],
    'running',
    { start: [gasValve, 'out'], end: [burner, 'fuel'] },
    gas,
  );
  const flueOut = b.port(boiler, 'flue');
  const stackIn = b.port(stack, 'flue');
  b.pipe(
    [flueOut, { x: 680, y: flueOut.y }, { x: 680, y: stackIn.y }, stackIn],
    'running',
    { start: [boiler, 'flue'], end: [stack, 'flue'] },
    flue,
  );

  b.label({ x: 24, y: checkIn.y - 34, width: 80, height: 22 }, b.text('returnWater'), { size: 13 });
  b.label({ x: 900, y: supplyOut.y - 34, width: 100, height: 22 }, b.text('supplyWater'), { size: 13 });
  b.label({ x: 24, y: gasIn.y - 34, width: 80, height: 22 }, b.text('gas'), { size: 13 });
  b.label({ x: 700, y: stackIn.y - 120, width: 80, height: 22 }, b.text('flue'), { size: 13 });
}

function drawReadings(b: MimicBuilder): void {
  b.reading({ x: 860, y: 92 }, 'supplyTemperature', 'waterTemperature');
  b.reading({ x: 40, y: 290 }, 'returnTemperature', 'returnTemperature');
  b.reading({ x: 600, y: 70 }, 'steamPressure', 'steamPressure');
  b.reading({ x: 200, y: 100 }, 'waterLevel', 'waterLevel');
  b.reading({ x: 860, y: 330 }, 'flueTemperature', 'flueTemperature');
  b.reading({ x: 300, y: 510 }, 'flame', 'flameIntensity');
  b.reading({ x: 600, y: 510 }, 'heatOutput', 'heatOutput');
}

function drawControls(b: MimicBuilder): void {
  const panel = createWidget('ShapeRect', { x: 10, y: 600, width: 1004, height: 150 }, b.deps, {
    locale: b.locale,
    name: b.text('setpoint'),
  });
  b.add({
    ...panel,
    posLock: true,
    style: {
      ...panel.style,
      fill: { enable: true, color: '#d8d8d8' },
      stroke: { ...panel.style.stroke, color: '#b0b0b0' },
    },
  });
  b.reading({ x: 40, y: 630 }, 'setpoint', 'temperatureSetpoint');
  b.button(
    { x: 190, y: 652, width: 140, height: 36 },
    'changeSetpoint',
    'temperatureSetpoint',
    { writeType: 'input' },
    'confirmSetpoint',
  );
  b.button(
    { x: 420, y: 652, width: 140, height: 36 },
    'pump',
    'pumpCommand',
    { writeType: 'press', pressType: 'toggle' },
    'confirmPump',
  );
  b.button(
    { x: 620, y: 652, width: 140, height: 36 },
    'reset',
    'alarmReset',
    { writeType: 'set', writeValue: 1 },
    'confirmReset',
  );
}

/** The demo boiler's mimic page, every widget on the page and within the §9 limits. */
export function buildBoilerMimicPage(options: BoilerMimicOptions): PageDocument {
  const locale = options.locale ?? DEFAULT_LOCALE;
  const builder = new MimicBuilder(locale, options.deps ?? createSequentialDeps('mimic-'));
  drawBanner(builder);
  drawProcess(builder);
  drawReadings(builder);
  drawControls(builder);
  const page = createPage({
    id: options.id,
    productId: options.productId,
    title: builder.text('title'),
    width: PAGE_DEFAULT_WIDTH,
    height: PAGE_DEFAULT_HEIGHT,
    bgColor: MIMIC_BACKGROUND,
  });
  return { ...page, widgets: builder.widgets, widgetCount: builder.widgets.length };
}
