import { describe, expect, it } from 'vitest';
import type { LeafWidget, PageDocument, WidgetId } from '@lyyp/contracts/designer';
import {
  canUndo,
  createPage,
  createSequentialDeps,
  DEFAULT_DESIGNER_CONFIG,
  findWidget,
  isGroup,
  type EditorState,
} from '@lyyp/designer-core';
import { listBindingOptions, type CatalogueVariable } from '../../widgets/signal-catalogue.ts';
import { createDesignerStore } from './designer-store.ts';
import { bindingsOnDrop, widgetForTag } from './tag-drop.ts';

const variable = (
  fields: Partial<CatalogueVariable> & Pick<CatalogueVariable, 'key'>,
): CatalogueVariable => ({
  name: fields.key,
  kind: 'device',
  unit: '',
  decimals: 0,
  dataType: 'float',
  readWrite: 'read-only',
  stateMapping: [],
  ...fields,
});

const VARIABLES = [
  variable({ key: 'waterLevel', name: '汽包水位', unit: '%' }),
  variable({ key: 'burnerOn', name: '燃烧器', dataType: 'boolean' }),
  variable({ key: 'setPoint', name: '设定温度', unit: '℃', readWrite: 'read-write' }),
  variable({ key: 'pumpSwitch', name: '循环泵开关', dataType: 'boolean', readWrite: 'read-write' }),
];
const OPTIONS = listBindingOptions(VARIABLES, 'zh-CN');
const option = (key: string) => {
  const found = OPTIONS.find((candidate) => candidate.key === key);
  if (!found) throw new Error(key);
  return found;
};

function newStore() {
  return createDesignerStore(
    {
      document: createPage({ id: 'p1', productId: 'x' }),
      config: DEFAULT_DESIGNER_CONFIG,
      locale: 'zh-CN',
      version: 0,
      hasPassword: false,
    },
    createSequentialDeps(),
  );
}

/** Drops the variable on bare canvas the way the canvas does: one step, widget then bindings. */
function dropTag(store: ReturnType<typeof newStore>, key: string) {
  const made = widgetForTag(
    option(key),
    VARIABLES.find((candidate) => candidate.key === key),
  );
  const done = store.getState().runAsOneStep('drop', (run) => {
    const placed: EditorState = run({ name: 'drop', widgetType: made.widgetType, point: { x: 300, y: 200 } });
    const id = placed.selection[0] as WidgetId;
    for (const set of made.properties(id)) run({ name: 'set-property', ...set });
  });
  const editor = store.getState().editor;
  const found = findWidget(editor.document, editor.selection[0] as WidgetId);
  const widget: LeafWidget | undefined = found && !isGroup(found) ? found : undefined;
  return { done, editor, widget };
}

describe('variables dropped from the tag browser', () => {
  it('make a widget suited to the variable, bound to it, in one undo step', () => {
    const cases = [
      ['waterLevel', 'UsualDataText'],
      ['burnerOn', 'ShapeCircle'],
      ['setPoint', 'UsualInput'],
      ['pumpSwitch', 'UsualButton'],
    ] as const;
    for (const [key, type] of cases) {
      const store = newStore();
      const { done, widget, editor } = dropTag(store, key);
      expect(done).toBe(true);
      expect(widget?.widgetType).toBe(type);
      const bound = type === 'ShapeCircle' ? widget?.animation.fillColor : widget;
      expect(bound?.binding.signalId).toBe(key);
      expect(editor.history.undoStack).toHaveLength(1);
      store.getState().run({ name: 'undo' });
      expect(store.getState().editor.document.widgets).toHaveLength(0);
      expect(canUndo(store.getState().editor.history)).toBe(false);
    }
  });

  it('a number keeps its unit; a writable switch toggles on press; a switch lamp is green at 1', () => {
    const text = dropTag(newStore(), 'waterLevel').widget;
    expect(text?.widgetType === 'UsualDataText' && text.data.unit).toBe('%');
    const button = dropTag(newStore(), 'pumpSwitch').widget;
    expect(button?.event).toMatchObject({
      enable: true,
      action: 'write',
      writeType: 'press',
      pressType: 'toggle',
    });
    const lamp = dropTag(newStore(), 'burnerOn').widget;
    expect(lamp?.animation.fillColor.colors).toEqual([
      { symbol: '==', value: 1, color: '#52c41a' },
      { symbol: '==', value: 0, color: '#bfbfbf' },
    ]);
  });

  it('dropped on a widget bind its value and every animation it has on, members of a group alike', () => {
    const store = newStore();
    store.getState().run({ name: 'insert-symbol', symbol: 'tank', point: { x: 400, y: 300 } });
    const document: PageDocument = store.getState().editor.document;
    const tank = document.widgets[0];
    if (!tank) throw new Error('no tank');
    const sets = bindingsOnDrop(tank, option('waterLevel'));
    expect(sets.length).toBeGreaterThan(0);
    expect(new Set(sets.map((set) => (set.value as { signalId: string }).signalId))).toEqual(
      new Set(['waterLevel']),
    );
    expect(
      store.getState().runAsOneStep('bind', (run) => {
        for (const set of sets) run({ name: 'set-property', ...set });
      }),
    ).toBe(true);
    expect(store.getState().editor.history.undoStack).toHaveLength(2);
  });

  it('a widget that shows no value takes no binding, and a refused step changes nothing', () => {
    const store = newStore();
    store.getState().run({ name: 'drop', widgetType: 'ShapeRect', point: { x: 300, y: 200 } });
    const rect = store.getState().editor.document.widgets[0];
    if (!rect) throw new Error('no rect');
    expect(bindingsOnDrop(rect, option('waterLevel'))).toEqual([]);
    const before = store.getState().editor;
    const done = store.getState().runAsOneStep('bind', (run) => {
      run({ name: 'set-property', id: rect.id, key: 'style.opacity', value: 0.5 });
      run({ name: 'set-property', id: rect.id, key: 'no.such.key', value: 1 });
    });
    expect(done).toBe(false);
    expect(store.getState().editor.document).toBe(before.document);
    expect(store.getState().editor.history).toBe(before.history);
    expect(store.getState().editor.lastRejection?.reason).toBe('invalid-property');
  });
});

describe('variables dropped on library symbols and pipes', () => {
  it('bind every part rule of a symbol, and a pipe flows while the variable is not 0', () => {
    const store = newStore();
    store
      .getState()
      .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 200, y: 200 } });
    store.getState().run({ name: 'drop', widgetType: 'ShapePipe', point: { x: 500, y: 400 } });
    const [pump, pipe] = store.getState().editor.document.widgets;
    if (!pump || !pipe) throw new Error('nothing placed');
    const done = store.getState().runAsOneStep('bind', (run) => {
      for (const widget of [pump, pipe])
        for (const set of bindingsOnDrop(widget, option('burnerOn'))) run({ name: 'set-property', ...set });
    });
    expect(done).toBe(true);
    const [boundPump, boundPipe] = store.getState().editor.document.widgets;
    if (boundPump?.widgetType !== 'ShapeSymbol' || boundPipe?.widgetType !== 'ShapePipe')
      throw new Error('types changed');
    const rules = boundPump.data.parts.flatMap((part) =>
      [part.fillColor, part.rotate, part.level, part.visiable].filter((rule) => rule !== undefined),
    );
    expect(rules.length).toBeGreaterThan(1);
    expect(rules.every((rule) => rule.binding.signalId === 'burnerOn')).toBe(true);
    expect(boundPipe.data.flow.running).toMatchObject({
      enable: true,
      symbol: '!=',
      value: 0,
      binding: { signalId: 'burnerOn' },
    });
    expect(store.getState().editor.history.undoStack).toHaveLength(3);
  });
});
