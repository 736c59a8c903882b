import { describe, expect, it } from 'vitest';
import {
  PageDocumentSchema,
  type GroupWidget,
  type LeafWidget,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import { TestEditor } from '../editor/test-editor.ts';
import { createSequentialDeps } from '../model/deps.ts';
import { flattenWidgets, listBindings } from '../model/widget-tree.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { readTransformed } from '../runtime/binding-transform.ts';
import { createDeviceValueReader } from '../runtime/values.ts';
import { createTestPage } from '../testing/fixtures.ts';
import {
  listFaceplateInstances,
  placeFaceplate,
  resolveFaceplateWidgets,
  templateFromGroup,
  updateFaceplateInstances,
} from './faceplate.ts';

const DEVICES = [
  { equipId: 'boiler-1', title: '1号锅炉' },
  { equipId: 'boiler-2', title: '2号锅炉' },
  { equipId: 'boiler-3', title: '3号锅炉' },
];

/** A drawn group: a pump whose body shows the run state and a data text of the outlet temperature. */
function drawnGroup(): GroupWidget {
  const editor = new TestEditor()
    .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 300, y: 300 } })
    .drop('UsualDataText', 300, 380);
  const [pump, text] = editor.widgets as [WidgetOf<'ShapeSymbol'>, WidgetOf<'UsualDataText'>];
  const bound = (signalId: string) => ({
    ...createEmptyBinding(),
    signalId,
    equipId: 'drawn-on',
    title: signalId,
    subTitle: '样机',
  });
  const parts = pump.data.parts.map((rules) =>
    rules.fillColor ? { ...rules, fillColor: { ...rules.fillColor, binding: bound('run') } } : rules,
  );
  editor.run({ name: 'set-property', id: pump.id, key: 'data.parts', value: parts });
  editor.run({ name: 'set-property', id: text.id, key: 'binding', value: bound('temp') });
  editor.select(pump.id, text.id).run({ name: 'group' });
  return editor.widgets[0] as GroupWidget;
}

const equipIdsOf = (group: GroupWidget) =>
  new Set(
    flattenWidgets(group.children)
      .filter((widget): widget is LeafWidget => widget.widgetType !== 'WidgetGroup')
      .flatMap(listBindings)
      .filter((binding) => binding.signalId)
      .map((binding) => binding.equipId),
  );

describe('faceplates', () => {
  const deps = createSequentialDeps('f');
  const template = templateFromGroup(drawnGroup(), {
    id: 'pump-panel',
    title: '泵面板',
    parameterize: { 'drawn-on': 'device' },
  });

  it('saves a group as a template whose bindings name the parameter', () => {
    expect(template.ok).toBe(true);
    if (!template.ok) return;
    expect(template.value).toMatchObject({ version: 1, parameters: ['device'] });
    const references = JSON.stringify(template.value.widgets);
    expect(references).not.toContain('drawn-on');
    expect(references).toContain('"equipId":"$device"');
  });

  it('places one instance per device, each resolving to its own device, and shows each its own value', () => {
    if (!template.ok) throw new Error('no template');
    let page = createTestPage();
    for (const [index, device] of DEVICES.entries()) {
      const placed = placeFaceplate(page, template.value, { x: 20 + index * 200, y: 40 }, { device }, deps);
      expect(placed.ok).toBe(true);
      if (placed.ok) page = placed.value.document;
    }
    expect(PageDocumentSchema.safeParse(page).success).toBe(true);
    const instances = listFaceplateInstances(page, 'pump-panel');
    expect(instances.map((instance) => instance.widgetName)).toEqual(['泵面板1', '泵面板2', '泵面板3']);
    instances.forEach((instance, index) => {
      expect(equipIdsOf(instance)).toEqual(new Set([DEVICES[index]!.equipId]));
      expect(instance.bind.equipIds).toEqual([DEVICES[index]!.equipId]);
    });
    const read = createDeviceValueReader({ 'boiler-1/temp': 71, 'boiler-2/temp': 82, 'boiler-3/temp': 93 });
    const shown = instances.map((instance) => {
      const text = instance.children.find((child) => child.widgetType === 'UsualDataText') as LeafWidget;
      return readTransformed(read, text.binding).text;
    });
    expect(shown).toEqual(['71', '82', '93']);
  });

  it('one change to the template reaches every instance, each still bound to its own device', () => {
    if (!template.ok) throw new Error('no template');
    let page = createTestPage();
    for (const [index, device] of DEVICES.entries()) {
      const placed = placeFaceplate(page, template.value, { x: 20 + index * 200, y: 40 }, { device }, deps);
      if (placed.ok) page = placed.value.document;
    }
    // Version 2: the temperature gets a unit and one decimal.
    const widgets = template.value.widgets.map((widget) =>
      widget.widgetType === 'UsualDataText' ? { ...widget, data: { unit: '℃', decimals: 1 } } : widget,
    );
    const next = { ...template.value, version: 2, widgets };
    const updated = updateFaceplateInstances(page, next, deps);
    expect(updated.ok).toBe(true);
    if (!updated.ok) return;
    const instances = listFaceplateInstances(updated.value, 'pump-panel');
    expect(instances).toHaveLength(3);
    instances.forEach((instance, index) => {
      const before = listFaceplateInstances(page, 'pump-panel')[index]!;
      expect(instance.faceplate?.version).toBe(2);
      expect(instance.position).toEqual(before.position);
      expect(instance.id).toBe(before.id);
      const text = instance.children.find(
        (child) => child.widgetType === 'UsualDataText',
      ) as WidgetOf<'UsualDataText'>;
      expect(text.data).toEqual({ unit: '℃', decimals: 1 });
      expect(equipIdsOf(instance)).toEqual(new Set([DEVICES[index]!.equipId]));
    });
    expect(PageDocumentSchema.safeParse(updated.value).success).toBe(true);
    // Applying the same version again changes nothing.
    expect(updateFaceplateInstances(updated.value, next, deps)).toEqual({ ok: true, value: updated.value });
  });

  it('refuses an instance with a parameter bound to no device', () => {
    if (!template.ok) throw new Error('no template');
    expect(resolveFaceplateWidgets(template.value, {})).toMatchObject({
      ok: false,
      rejection: { reason: 'faceplate-parameter-missing', params: { parameter: 'device' } },
    });
    const page = createTestPage();
    expect(placeFaceplate(page, template.value, { x: 0, y: 0 }, {}, deps).ok).toBe(false);
  });
});
