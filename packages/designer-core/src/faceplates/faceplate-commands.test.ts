/**
 * Faceplates through the editor's commands, as the designer's faceplate panel uses them: placing a
 * template once per device and updating every instance with one command, one undo step each.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PageDocumentSchema,
  type FaceplateTemplate,
  type GroupWidget,
  type LeafWidget,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import { TestEditor } from '../editor/test-editor.ts';
import { flattenWidgets, listBindings } from '../model/widget-tree.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { listFaceplateInstances, templateFromGroup } from './faceplate.ts';

function pumpTemplate(): FaceplateTemplate {
  const editor = new TestEditor().drop('UsualDataText', 200, 200).drop('ShapeRect', 200, 260);
  const [text] = editor.widgets as [WidgetOf<'UsualDataText'>];
  editor.run({
    name: 'set-property',
    id: text.id,
    key: 'binding',
    value: { ...createEmptyBinding(), signalId: 'temp', equipId: 'drawn', title: 'temp', subTitle: '样机' },
  });
  editor.run({ name: 'select-all' }).run({ name: 'group' });
  const template = templateFromGroup(editor.widgets[0] as GroupWidget, {
    id: 'pump',
    title: 'Pump',
    parameterize: { drawn: 'device' },
  });
  if (!template.ok) throw new Error('no template');
  return template.value;
}

const devicesOf = (group: GroupWidget) =>
  flattenWidgets(group.children)
    .filter((widget): widget is LeafWidget => widget.widgetType !== 'WidgetGroup')
    .flatMap(listBindings)
    .filter((binding) => binding.signalId)
    .map((binding) => binding.equipId);

const place = (editor: TestEditor, template: FaceplateTemplate, index: number) =>
  editor.run({
    name: 'place-faceplate',
    template,
    point: { x: 150 + index * 150, y: 200 },
    parameters: { device: { equipId: `dev-${index}`, title: `Device ${index}` } },
  });

describe('faceplate commands', () => {
  it('one change to the template reaches every instance in one undo step', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 4 }), (count, decimals) => {
        const template = pumpTemplate();
        const editor = new TestEditor();
        for (let index = 0; index < count; index += 1) place(editor, template, index);
        expect(editor.lastRejection).toBeNull();
        const before = editor.document;

        const widgets = template.widgets.map((widget) =>
          widget.widgetType === 'UsualDataText' ? { ...widget, data: { unit: '℃', decimals } } : widget,
        );
        editor.run({ name: 'update-faceplates', template: { ...template, version: 2, widgets } });

        const instances = listFaceplateInstances(editor.document, 'pump');
        expect(instances).toHaveLength(count);
        instances.forEach((instance, index) => {
          expect(instance.faceplate?.version).toBe(2);
          expect(devicesOf(instance)).toEqual([`dev-${index}`]);
          const text = instance.children.find((child) => child.widgetType === 'UsualDataText');
          expect((text as WidgetOf<'UsualDataText'>).data).toEqual({ unit: '℃', decimals });
        });
        expect(PageDocumentSchema.safeParse(editor.document).success).toBe(true);
        editor.undo();
        expect(editor.document).toEqual(before);
      }),
      { numRuns: 20 },
    );
  });

  it('refuses an instance without a device for its parameter and changes nothing', () => {
    const editor = new TestEditor();
    editor.run({
      name: 'place-faceplate',
      template: pumpTemplate(),
      point: { x: 200, y: 200 },
      parameters: {},
    });
    expect(editor.lastRejection?.reason).toBe('faceplate-parameter-missing');
    expect(editor.widgets).toEqual([]);
  });

  it('places the instance wholly on the canvas and selects it', () => {
    const editor = new TestEditor();
    place(editor, pumpTemplate(), 0);
    const editorAtEdge = new TestEditor();
    editorAtEdge.run({
      name: 'place-faceplate',
      template: pumpTemplate(),
      point: { x: 0, y: 0 },
      parameters: { device: { equipId: 'd', title: 'D' } },
    });
    const [group] = editorAtEdge.widgets as [GroupWidget];
    expect(group.position.x).toBeGreaterThanOrEqual(5);
    expect(group.position.y).toBeGreaterThanOrEqual(5);
    expect(editor.selection).toEqual([editor.widgets[0]!.id]);
  });
});
