import type { GroupWidget, LeafWidget, SeriesItem } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../model/result.ts';
import { setAtPath } from '../model/paths.ts';
import { groupWidgets } from '../operations/group.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { asIds, createTestDeps, createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { bindSymbolParts, createSymbolWidget } from '../symbols/symbol-widget.ts';
import { createPipe } from '../pipes/pipe-widget.ts';
import { rebindPage } from './rebind.ts';

const box = { x: 10, y: 10, width: 200, height: 100 };
const binding = (signalId: string, title: string) => ({
  ...createEmptyBinding(),
  signalId,
  equipId: 'old-device',
  title,
});
const series = (signalId: string): SeriesItem => ({
  title: signalId,
  subTitle: '',
  signalId,
  equipId: 'e',
  color: '#000',
});

const catalogue = {
  signals: [
    { signalId: 'new-temp', equipId: 'device-2', title: 'Temperature' },
    { signalId: 'pressure', equipId: 'device-2', title: 'Pressure' },
  ],
  reportIds: ['report-1'],
};

describe('rebinding (§4)', () => {
  it('matches a binding whose signal is gone by its title', () => {
    const widget = { ...rectAt('r', 10, 10), binding: binding('old-temp', 'Temperature') };
    const result = rebindPage(createTestPage([widget]), catalogue);
    expect(result.document.widgets[0]).toMatchObject({
      binding: { signalId: 'new-temp', equipId: 'device-2' },
    });
    expect(result.remapped).toBe(1);
  });

  it('select items whose signal title is not found lose their binding', () => {
    const select = widgetOf('UsualSelect', 'select', box);
    const withItems = setAtPath(
      setAtPath(select, 'data.selectDatas.0.event.binding', binding('x', 'Pressure')),
      'data.selectDatas.1.event.binding',
      binding('y', 'Flow'),
    );
    const result = rebindPage(createTestPage([withItems]), catalogue);
    const items = (result.document.widgets[0] as LeafWidget & { widgetType: 'UsualSelect' }).data.selectDatas;
    expect(items[0]?.event.binding).toMatchObject({ signalId: 'pressure', equipId: 'device-2' });
    expect(items[1]?.event.binding).toEqual(createEmptyBinding());
    expect(result.cleared).toBe(1);
  });

  it('charts drop series whose signal no longer exists; reports lose a report that is gone', () => {
    const chart = setAtPath(widgetOf('ComplexLine', 'chart', box), 'data.dataAddon.signalArray', [
      series('pressure'),
      series('gone'),
    ]);
    const history = setAtPath(
      widgetOf('ComplexHistory', 'history', box),
      'data.dataAddon.reportId',
      'report-0',
    );
    const result = rebindPage(createTestPage([chart, history]), catalogue);
    expect(result.document.widgets[0]).toMatchObject({
      data: { dataAddon: { signalArray: [series('pressure')] } },
    });
    expect(result.document.widgets[1]).toMatchObject({ data: { dataAddon: { reportId: '' } } });
    expect(result.cleared).toBe(2);
  });

  it('rebinds group members and recomputes the group’s binding lists', () => {
    const member = { ...rectAt('a', 10, 10), binding: binding('old-temp', 'Temperature') };
    const grouped = unwrap(
      groupWidgets(createTestPage([member, rectAt('b', 300, 10)]), asIds('a', 'b'), createTestDeps()),
    );
    const result = rebindPage(grouped.document, catalogue);
    const group = result.document.widgets[0] as GroupWidget;
    expect(group.bind.signalIds).toEqual(['new-temp']);
    expect(group.bind.equipIds).toEqual(['device-2']);
  });

  it('rebinds the parts of a library symbol and the flow of a pipe', () => {
    const deps = createTestDeps();
    const pump = bindSymbolParts(createSymbolWidget('pump-centrifugal', { x: 300, y: 300 }, deps)!, {
      body: binding('old-run', 'Pressure'),
      rotor: binding('old-temp', 'Temperature'),
    });
    const pipe = createPipe(
      [
        { x: 20, y: 20 },
        { x: 200, y: 20 },
      ],
      deps,
    );
    const flowing = setAtPath(pipe, 'data.flow.running.binding', binding('old-temp', 'Temperature'));
    const result = rebindPage(createTestPage([pump, flowing]), catalogue);
    expect(result.remapped).toBe(3);
    expect(JSON.stringify(result.document.widgets)).not.toContain('old-');
    expect(result.document.widgets[1]).toMatchObject({
      data: { flow: { running: { binding: { signalId: 'new-temp', equipId: 'device-2' } } } },
    });
  });
});
