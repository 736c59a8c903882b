import { describe, expect, it } from 'vitest';
import { setAtPath } from '../model/paths.ts';
import { unwrap } from '../model/result.ts';
import { asId, asIds, createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { addWidget, addWidgets, deleteWidgets } from './add-delete.ts';
import { copyWidgets, pasteWidgets } from './clipboard.ts';
import { groupWidgets } from './group.ts';
import { setWidgetProperty } from './properties.ts';

const box = { x: 20, y: 20, width: 100, height: 80 };

describe('§9 page limits', () => {
  it('a page holds at most 100 widgets', () => {
    const page = createTestPage(Array.from({ length: 100 }, (_, index) => rectAt(`r${index}`, 10, 10)));
    const result = addWidget(page, rectAt('one-more', 10, 10));
    expect(result).toEqual({ ok: false, rejection: { reason: 'widget-limit', params: { max: 100 } } });
  });

  it('counts members of groups, so grouping does not make room', () => {
    const members = Array.from({ length: 100 }, (_, index) => rectAt(`r${index}`, 10, 10));
    const grouped = unwrap(groupWidgets(createTestPage(members), asIds('r0', 'r1'), { createId: () => 'g' }));
    expect(addWidget(grouped.document, rectAt('extra', 10, 10)).ok).toBe(false);
  });

  it('at most 3 weather widgets', () => {
    let page = createTestPage();
    for (let index = 0; index < 3; index += 1)
      page = unwrap(addWidget(page, widgetOf('ComplexWeather', `w${index}`, box)));
    const fourth = addWidget(page, widgetOf('ComplexWeather', 'w4', box));
    expect(fourth.ok ? null : fourth.rejection).toEqual({ reason: 'weather-limit', params: { max: 3 } });
  });

  it('one WebGL scene per page', () => {
    const page = unwrap(addWidget(createTestPage(), widgetOf('UsualWebgl', 'gl1', box)));
    const second = addWidget(page, widgetOf('UsualWebgl', 'gl2', box));
    expect(second.ok ? null : second.rejection.reason).toBe('webgl-limit');
  });

  it('one line chart bound to a report; plain line charts are not limited', () => {
    const reportLine = setAtPath(widgetOf('ComplexLine', 'l1', box), 'data.dataAddon.type', 'report');
    const page = unwrap(addWidgets(createTestPage(), [reportLine, widgetOf('ComplexLine', 'l2', box)]));
    expect(addWidget(page, widgetOf('ComplexLine', 'l3', box)).ok).toBe(true);
    const secondReport = addWidget(
      page,
      setAtPath(widgetOf('ComplexLine', 'l4', box), 'data.dataAddon.type', 'report'),
    );
    expect(secondReport.ok ? null : secondReport.rejection.reason).toBe('report-line-limit');
  });

  it('refuses turning a second line chart into a report chart from the property panel', () => {
    const reportLine = setAtPath(widgetOf('ComplexLine', 'l1', box), 'data.dataAddon.type', 'report');
    const page = createTestPage([reportLine, widgetOf('ComplexLine', 'l2', box)]);
    const result = setWidgetProperty(page, asId('l2'), 'data.dataAddon.type', 'report');
    expect(result.ok ? null : result.rejection.reason).toBe('report-line-limit');
  });

  it('paste is checked too', () => {
    const page = createTestPage([widgetOf('UsualWebgl', 'gl1', box)]);
    const clipboard = unwrap(copyWidgets(page, asIds('gl1')));
    const pasted = pasteWidgets(page, clipboard, { createId: () => 'copy' });
    expect(pasted.ok ? null : pasted.rejection.reason).toBe('webgl-limit');
  });

  it('a page opened over a limit can still be edited down', () => {
    const page = createTestPage([widgetOf('UsualWebgl', 'gl1', box), widgetOf('UsualWebgl', 'gl2', box)]);
    expect(deleteWidgets(page, asIds('gl2')).ok).toBe(true);
    expect(setWidgetProperty(page, asId('gl1'), 'style.opacity', 0.5).ok).toBe(true);
  });
});

describe('adding and deleting', () => {
  it('adds on top and counts the widget', () => {
    const page = unwrap(addWidget(createTestPage([rectAt('a', 10, 10)]), rectAt('b', 10, 10)));
    expect(page.widgets.map((widget) => widget.id)).toEqual(['a', 'b']);
    expect(page.widgetCount).toBe(2);
  });

  it('deleting nothing that exists is refused', () => {
    expect(deleteWidgets(createTestPage([rectAt('a', 10, 10)]), asIds('zzz')).ok).toBe(false);
  });
});
