import { describe, expect, it } from 'vitest';
import { LeafWidgetSchema, type WidgetOf } from '@lyyp/contracts/designer';
import { createSequentialDeps } from '../model/deps.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { evaluateSymbolParts, levelBox } from '../runtime/symbol-animation.ts';
import { createValueReader } from '../runtime/values.ts';
import {
  getIndustrialSymbol,
  groupSymbolsByCategory,
  listIndustrialSymbols,
  searchSymbols,
} from './industrial-library.ts';
import { ISA_COLOURS, SYMBOL_CATEGORIES, STATE_COLOURS } from './symbol-kit.ts';
import { createSymbolWidget, symbolPortsOnCanvas } from './symbol-widget.ts';

/** The little of jsdom's XML parser the test uses (the package ships no types). */
interface XmlElement {
  readonly tagName: string;
  getAttribute(name: string): string | null;
  querySelectorAll(selector: string): ArrayLike<XmlElement>;
}
interface XmlDocument {
  readonly documentElement: XmlElement;
  getElementsByTagName(name: string): ArrayLike<XmlElement>;
}
type XmlParser = new () => { parseFromString(text: string, type: 'image/svg+xml'): XmlDocument };
// jsdom ships no types: loaded by a name the compiler does not resolve, typed by the lines above.
const JSDOM_MODULE: string = 'jsdom';
const { JSDOM: Dom } = (await import(JSDOM_MODULE)) as {
  JSDOM: new (html: string) => { window: { DOMParser: XmlParser } };
};
const { DOMParser } = new Dom('').window;
const SYMBOLS = listIndustrialSymbols();
const binding = (signalId: string) => ({ ...createEmptyBinding(), signalId, title: signalId });

function bindPart(widget: WidgetOf<'ShapeSymbol'>, part: string, signalId: string): WidgetOf<'ShapeSymbol'> {
  const parts = widget.data.parts.map((rules) => {
    if (rules.part !== part) return rules;
    return {
      ...rules,
      ...(rules.fillColor ? { fillColor: { ...rules.fillColor, binding: binding(signalId) } } : {}),
      ...(rules.level ? { level: { ...rules.level, binding: binding(signalId) } } : {}),
      ...(rules.rotate ? { rotate: { ...rules.rotate, binding: binding(signalId) } } : {}),
      ...(rules.visiable ? { visiable: { ...rules.visiable, binding: binding(signalId) } } : {}),
    };
  });
  return { ...widget, data: { ...widget.data, parts } };
}

describe('industrial symbol library', () => {
  it('holds at least 300 symbols with unique ids in every category', () => {
    expect(SYMBOLS.length).toBeGreaterThanOrEqual(300);
    expect(new Set(SYMBOLS.map((symbol) => symbol.id)).size).toBe(SYMBOLS.length);
    const groups = groupSymbolsByCategory();
    expect(groups.map((group) => group.category)).toEqual([...SYMBOL_CATEGORIES]);
    expect(groups.reduce((sum, group) => sum + group.symbols.length, 0)).toBe(SYMBOLS.length);
    // Valves of every kind come in both orientations and with their actuators.
    expect(SYMBOLS.filter((symbol) => symbol.category === 'valve').length).toBeGreaterThanOrEqual(100);
  });

  it.each(SYMBOLS.map((symbol) => [symbol.id, symbol] as const))(
    '%s is a valid SVG with its named parts, names in both languages and ports on its box',
    (_id, symbol) => {
      const document = new DOMParser().parseFromString(symbol.svg, 'image/svg+xml');
      expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
      const root = document.documentElement;
      expect(root.tagName).toBe('svg');
      expect(root.getAttribute('viewBox')).toBe(`0 0 ${symbol.width} ${symbol.height}`);
      expect(symbol.parts.length).toBeGreaterThan(0);
      for (const part of symbol.parts) {
        const found = root.querySelectorAll(`[data-part="${part.name}"]`);
        expect(found.length, `${symbol.id} part ${part.name}`).toBe(1);
        if (part.role === 'level') {
          expect(found[0]!.tagName).toBe('rect');
          expect(part.area).toBeDefined();
        }
        if (part.role === 'rotor') expect(part.centre).toBeDefined();
        expect(part.label.zh && part.label.en).toBeTruthy();
      }
      expect(symbol.name.zh).not.toBe('');
      expect(symbol.name.en).not.toBe('');
      expect(symbol.name.zh).not.toBe(symbol.name.en);
      for (const port of symbol.ports) {
        expect(port.x, `${symbol.id} ${port.id}`).toBeGreaterThanOrEqual(0);
        expect(port.y, `${symbol.id} ${port.id}`).toBeGreaterThanOrEqual(0);
        expect(port.x, `${symbol.id} ${port.id}`).toBeLessThanOrEqual(symbol.width);
        expect(port.y, `${symbol.id} ${port.id}`).toBeLessThanOrEqual(symbol.height);
      }
      expect(new Set(symbol.ports.map((port) => port.id)).size).toBe(symbol.ports.length);
    },
  );

  it('finds symbols by their Chinese or English name, any case, every word', () => {
    const zh = searchSymbols('离心泵');
    expect(zh.map((symbol) => symbol.id)).toContain('pump-centrifugal');
    expect(zh.every((symbol) => symbol.name.zh.includes('离心泵'))).toBe(true);
    expect(searchSymbols('CENTRIFUGAL pump').map((symbol) => symbol.id)).toEqual([
      'pump-centrifugal',
      'pump-centrifugal-left',
    ]);
    expect(searchSymbols('ball valve motorised vertical').map((symbol) => symbol.id)).toEqual([
      'valve-ball-motor-vertical',
    ]);
    expect(searchSymbols('球阀', 'valve').every((symbol) => symbol.category === 'valve')).toBe(true);
    expect(searchSymbols('no such thing')).toEqual([]);
    expect(searchSymbols('')).toHaveLength(SYMBOLS.length);
    // Whole-name matches first: "tank" ranks tanks before vessels that only carry the keyword.
    expect(searchSymbols('tank')[0]!.name.en.toLowerCase()).toContain('tank');
  });
});

describe('symbol widgets', () => {
  const deps = createSequentialDeps('s');

  it('places one schema-valid widget per symbol, every part with its rule, ports on the canvas', () => {
    for (const symbol of SYMBOLS) {
      const widget = createSymbolWidget(symbol.id, { x: 400, y: 300 }, deps, { number: 2, locale: 'en-US' });
      expect(widget, symbol.id).toBeDefined();
      expect(LeafWidgetSchema.safeParse(widget).success, symbol.id).toBe(true);
      expect(widget!.widgetName).toBe(`${symbol.name.en} 2`);
      expect(widget!.data.parts.map((rules) => rules.part)).toEqual(symbol.parts.map((part) => part.name));
      expect(symbolPortsOnCanvas(widget!)).toHaveLength(symbol.ports.length);
    }
    expect(createSymbolWidget('no-such-symbol', { x: 0, y: 0 }, deps)).toBeUndefined();
  });

  it('fills a level part by value and colours a state part by state; unbound parts rest', () => {
    const tank = createSymbolWidget('tank-vertical', { x: 100, y: 100 }, deps)!;
    const resting = evaluateSymbolParts(tank, createValueReader({}));
    expect(resting['level']).toEqual({ visible: true, fill: null, level: null, spin: null });
    const bound = bindPart(bindPart(tank, 'level', 'lv'), 'shell', 'alarm');
    const read = createValueReader({ lv: 25, alarm: 2 });
    const state = evaluateSymbolParts(bound, read);
    expect(state['level']!.level).toBe(0.25);
    expect(state['shell']!.fill).toBe(ISA_COLOURS.fault);
    expect(evaluateSymbolParts(bound, createValueReader({ lv: 140 }))['level']!.level).toBe(1);
    expect(evaluateSymbolParts(bound, createValueReader({ lv: -5 }))['level']!.level).toBe(0);
    const area = getIndustrialSymbol('tank-vertical')!.parts.find((part) => part.role === 'level')!.area!;
    expect(levelBox(area, 0.25)).toEqual({
      x: area.x,
      y: area.y + area.height * 0.75,
      width: area.width,
      height: area.height * 0.25,
    });

    const pump = bindPart(
      bindPart(createSymbolWidget('pump-centrifugal', { x: 100, y: 100 }, deps)!, 'body', 'run'),
      'rotor',
      'run',
    );
    const running = evaluateSymbolParts(pump, createValueReader({ run: 1 }));
    expect(running['body']!.fill).toBe(STATE_COLOURS[1]!.color);
    expect(running['rotor']!.spin).toEqual({ direction: 'clockwise', speed: 60 });
    const stopped = evaluateSymbolParts(pump, createValueReader({ run: 0 }));
    expect(stopped['body']!.fill).toBe(ISA_COLOURS.stopped);
    expect(stopped['rotor']!.spin).toBeNull();

    const burner = bindPart(createSymbolWidget('burner-gas', { x: 100, y: 100 }, deps)!, 'flame', 'fire');
    expect(evaluateSymbolParts(burner, createValueReader({ fire: 1 }))['flame']!.visible).toBe(true);
    expect(evaluateSymbolParts(burner, createValueReader({ fire: 0 }))['flame']!.visible).toBe(false);
  });

  it('puts ports where the widget is drawn: scaled, flipped and turned', () => {
    const valve = createSymbolWidget('valve-gate', { x: 140, y: 130 }, deps)!;
    // 80 × 60 drawn at (100, 100): ports at the left and right ends, 42 down.
    expect(symbolPortsOnCanvas(valve).map(({ port, x, y }) => [port, x, y])).toEqual([
      ['in', 100, 142],
      ['out', 180, 142],
    ]);
    const doubled = { ...valve, position: { ...valve.position, width: 160, height: 120 } };
    expect(symbolPortsOnCanvas(doubled)[1]).toMatchObject({ x: 260, y: 184 });
    const flipped = { ...valve, position: { ...valve.position, flipX: true } };
    expect(symbolPortsOnCanvas(flipped)[0]).toMatchObject({ x: 180, y: 142 });
    const turned = { ...valve, position: { ...valve.position, rotate: 90 } };
    // Turned a quarter about its centre (140, 130): the inlet comes to the top.
    expect(symbolPortsOnCanvas(turned)[0]).toMatchObject({ x: 128, y: 90 });
  });
});
