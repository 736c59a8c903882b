import { describe, expect, it } from 'vitest';
import { PageFileSchema, type GroupWidget, type LeafWidget } from '@lyyp/contracts/designer';
import { TestEditor } from '../editor/test-editor.ts';
import { toPageFile } from '../model/document-io.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { evaluateAnimation } from '../runtime/animation.ts';
import { createValueReader } from '../runtime/values.ts';
import { SYMBOL_IDS, getSymbolDefinition, listSymbolDefinitions, symbolBounds } from './symbol-library.ts';

const binding = (signalId: string) => ({ ...createEmptyBinding(), signalId, title: signalId });

describe('symbol library', () => {
  it('offers the common industrial symbols, each labelled in Chinese and English', () => {
    expect(SYMBOL_IDS).toEqual(expect.arrayContaining(['tank', 'pump', 'valve', 'pipe', 'motor', 'fan']));
    for (const symbol of listSymbolDefinitions()) {
      expect(symbol.label.zh, symbol.id).not.toBe('');
      expect(symbol.label.en, symbol.id).not.toBe('');
      expect(symbol.parts.length, symbol.id).toBeGreaterThanOrEqual(2);
      for (const part of symbol.parts) expect(part.name.en, symbol.id).not.toBe('');
    }
  });

  it.each(SYMBOL_IDS)('inserts a %s as one group that saves, whose fill a member binds and follows', (id) => {
    const editor = new TestEditor();
    editor.run({ name: 'insert-symbol', symbol: id, point: { x: 300, y: 300 } });
    expect(editor.lastRejection).toBeNull();
    expect(editor.widgets).toHaveLength(1);
    const group = editor.widgets[0] as GroupWidget;
    expect(group.widgetType).toBe('WidgetGroup');
    expect(editor.selection).toEqual([group.id]);
    expect(group.widgetName).toBe(`${getSymbolDefinition(id).label.zh}1`);
    // Centred where it was dropped, the size of the symbol.
    const { width, height } = symbolBounds(getSymbolDefinition(id));
    expect(group.position).toMatchObject({
      x: Math.round(300 - width / 2),
      y: Math.round(300 - height / 2),
      width,
      height,
    });

    // A member with a fill takes a fill colour rule bound to a signal, edited through the group.
    const member = group.children.find((child) => (child as LeafWidget).style.fill.enable) as LeafWidget;
    expect(member).toBeDefined();
    editor.run({ name: 'set-property', id: member.id, key: 'animation.fillColor.enable', value: true });
    editor.run({
      name: 'set-property',
      id: member.id,
      key: 'animation.fillColor.colors',
      value: [{ symbol: '>', value: 50, color: '#ff0000' }],
    });
    editor.run({
      name: 'set-property',
      id: member.id,
      key: 'animation.fillColor.binding',
      value: binding('level'),
    });
    expect(editor.lastRejection).toBeNull();
    const after = editor.widgets[0] as GroupWidget;
    const bound = after.children.find((child) => child.id === member.id) as LeafWidget;
    expect(bound.animation.fillColor.binding.signalId).toBe('level');
    expect(after.bind.signalIds).toContain('level');
    expect(evaluateAnimation(bound, createValueReader({ level: 80 })).fillColor).toBe('#ff0000');
    expect(evaluateAnimation(bound, createValueReader({ level: 20 })).fillColor).not.toBe('#ff0000');

    // The page with the symbol is a valid saved page.
    expect(PageFileSchema.safeParse(toPageFile(editor.document)).success).toBe(true);
  });

  it('keeps the animations members come with: a pump impeller turns, a tank level fills', () => {
    const editor = new TestEditor();
    editor.run({ name: 'insert-symbol', symbol: 'pump', point: { x: 200, y: 200 } });
    editor.run({ name: 'insert-symbol', symbol: 'tank', point: { x: 500, y: 300 } });
    const [pump, tank] = editor.widgets as GroupWidget[];
    const impeller = pump!.children.find((child) => child.widgetName === '叶轮') as LeafWidget;
    expect(impeller.animation.rotate).toMatchObject({ enable: true, value: 1, speed: 60 });
    const rotate = { ...impeller.animation.rotate, binding: binding('pumpRunning') };
    const spinning = { ...impeller, animation: { ...impeller.animation, rotate } };
    expect(evaluateAnimation(spinning, createValueReader({ pumpRunning: 1 })).spin).toMatchObject({
      speed: 60,
    });
    expect(evaluateAnimation(spinning, createValueReader({ pumpRunning: 0 })).spin).toBeNull();
    const casing = pump!.children.find((child) => child.widgetName === '泵壳') as LeafWidget;
    expect(casing.animation.fillColor.enable).toBe(true);
    expect(tank!.children.some((child) => child.widgetType === 'UsualPercentFill')).toBe(true);
    expect(tank!.widgetName).toBe('储罐2');
  });

  it('names members in English for an English editor, and is refused when the page is full', () => {
    const editor = new TestEditor({ locale: 'en-US' });
    editor.run({ name: 'insert-symbol', symbol: 'fan', point: { x: 200, y: 200 } });
    const fan = editor.widgets[0] as GroupWidget;
    expect(fan.widgetName).toBe('Fan 1');
    expect(fan.children.map((child) => child.widgetName)).toEqual(['Guard', 'Blade 1', 'Blade 2', 'Hub']);
    for (let index = 0; index < 30; index += 1)
      editor.run({ name: 'insert-symbol', symbol: 'pump', point: { x: 200, y: 200 } });
    expect(editor.lastRejection?.reason).toBe('widget-limit');
  });
});
