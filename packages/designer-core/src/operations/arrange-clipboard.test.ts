import type { PageDocument } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { collectWidgetIds } from '../model/widget-tree.ts';
import { unwrap } from '../model/result.ts';
import { asId, asIds, createTestDeps, createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { alignWidgets, distributeWidgets, reorderWidgets } from './arrange.ts';
import {
  clipboardText,
  copyWidgets,
  mergeClipboard,
  nextFreeName,
  pasteWidgets,
  readClipboardText,
} from './clipboard.ts';
import { groupWidgets } from './group.ts';
import { setWidgetProperty, setWidgetsLocked, updatePageSettings } from './properties.ts';
import { widgetBounds } from './widget-geometry.ts';

const boxes = (page: PageDocument) => page.widgets.map(widgetBounds);
const order = (page: PageDocument) => page.widgets.map((widget) => widget.id);

describe('alignment', () => {
  const page = createTestPage([rectAt('a', 100, 100, 100, 50), rectAt('b', 300, 250, 50, 30)]);

  it.each([
    ['left', [100, 100]],
    ['right', [250, 300]],
    ['centre', [175, 200]],
  ] as const)('%s', (alignment, xs) => {
    expect(boxes(unwrap(alignWidgets(page, asIds('a', 'b'), alignment))).map((box) => box.x)).toEqual(xs);
  });

  it.each([
    ['top', [100, 100]],
    ['bottom', [230, 250]],
    ['middle', [165, 175]],
  ] as const)('%s', (alignment, ys) => {
    expect(boxes(unwrap(alignWidgets(page, asIds('a', 'b'), alignment))).map((box) => box.y)).toEqual(ys);
  });

  it('needs two widgets; locked ones stay and are lined up with', () => {
    expect(alignWidgets(page, asIds('a'), 'left').ok).toBe(false);
    const locked = createTestPage([{ ...rectAt('a', 100, 100), posLock: true }, rectAt('b', 300, 250)]);
    expect(boxes(unwrap(alignWidgets(locked, asIds('a', 'b'), 'right'))).map((box) => box.x)).toEqual([
      100, 300,
    ]);
    expect(boxes(unwrap(alignWidgets(locked, asIds('a', 'b'), 'left'))).map((box) => box.x)).toEqual([
      100, 100,
    ]);
  });
});

describe('uniform distribution', () => {
  it('needs more than 2 widgets', () => {
    const page = createTestPage([rectAt('a', 10, 10), rectAt('b', 300, 10)]);
    expect(distributeWidgets(page, asIds('a', 'b'), 'horizontal')).toMatchObject({
      ok: false,
      rejection: { reason: 'distribute-needs-three' },
    });
  });

  it('spaces widgets with equal gaps between the outer two', () => {
    const page = createTestPage([
      rectAt('a', 10, 10, 50),
      rectAt('c', 500, 10, 100),
      rectAt('b', 100, 10, 50),
    ]);
    const spread = boxes(unwrap(distributeWidgets(page, asIds('a', 'b', 'c'), 'horizontal')));
    expect(spread.map((box) => box.x)).toEqual([10, 500, 255]);
    const vertical = createTestPage([rectAt('a', 10, 10), rectAt('b', 10, 20), rectAt('c', 10, 410)]);
    expect(
      boxes(unwrap(distributeWidgets(vertical, asIds('a', 'b', 'c'), 'vertical'))).map((box) => box.y),
    ).toEqual([10, 210, 410]);
  });
});

describe('paint order', () => {
  const page = createTestPage(['a', 'b', 'c', 'd'].map((id) => rectAt(id, 10, 10)));

  it.each([
    ['front', ['a', 'c', 'd', 'b']],
    ['back', ['b', 'a', 'c', 'd']],
    ['forward', ['a', 'c', 'b', 'd']],
    ['backward', ['b', 'a', 'c', 'd']],
  ] as const)('%s', (move, expected) => {
    expect(order(unwrap(reorderWidgets(page, asIds('b'), move)))).toEqual(expected);
  });

  it('keeps the relative order of several widgets moved together', () => {
    expect(order(unwrap(reorderWidgets(page, asIds('a', 'b'), 'forward')))).toEqual(['c', 'a', 'b', 'd']);
    expect(order(unwrap(reorderWidgets(page, asIds('c', 'd'), 'backward')))).toEqual(['a', 'c', 'd', 'b']);
    expect(order(unwrap(reorderWidgets(page, asIds('d'), 'forward')))).toEqual(['a', 'b', 'c', 'd']);
  });
});

describe('copy and paste (§4)', () => {
  it('each paste gets new ids and lands 50 further: the n-th paste at n × 50', () => {
    const circle = widgetOf('ShapeCircle', 'c', { kind: 'circle', cx: 100, cy: 100, r: 20, rotate: 0 });
    const page = createTestPage([circle]);
    const deps = createTestDeps();
    let clipboard = unwrap(copyWidgets(page, asIds('c')));
    let current = page;
    for (const n of [1, 2, 3]) {
      const pasted = unwrap(pasteWidgets(current, clipboard, deps));
      current = pasted.document;
      clipboard = pasted.clipboard;
      const copy = current.widgets.find((widget) => widget.id === pasted.pastedIds[0]);
      expect(copy?.position).toMatchObject({ cx: 100 + 50 * n, cy: 100 + 50 * n });
      expect(copy?.id).not.toBe('c');
    }
    expect(new Set(collectWidgetIds(current.widgets)).size).toBe(4);
  });

  it('a pasted group gets new ids for its members too', () => {
    const page = createTestPage([rectAt('a', 10, 10), rectAt('b', 200, 10)]);
    const grouped = unwrap(groupWidgets(page, asIds('a', 'b'), createTestDeps()));
    const clipboard = unwrap(copyWidgets(grouped.document, [grouped.groupId]));
    const pasted = unwrap(
      pasteWidgets(grouped.document, clipboard, {
        createId: (() => {
          let n = 0;
          return () => `p${++n}`;
        })(),
      }),
    );
    const ids = collectWidgetIds(pasted.document.widgets);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(6);
  });

  it('pasted widgets take names and reference names not yet used on the page', () => {
    const named = { ...rectAt('a', 10, 10), widgetName: '水泵3', ref: 'pump' };
    const plain = { ...rectAt('b', 200, 10), widgetName: 'Tank', ref: '' };
    const page = createTestPage([named, plain]);
    let clipboard = unwrap(copyWidgets(page, asIds('a', 'b')));
    let current = page;
    const deps = createTestDeps();
    for (let n = 0; n < 2; n += 1) {
      const pasted = unwrap(pasteWidgets(current, clipboard, deps));
      current = pasted.document;
      clipboard = pasted.clipboard;
    }
    expect(current.widgets.map((widget) => [widget.widgetName, widget.ref])).toEqual([
      ['水泵3', 'pump'],
      ['Tank', ''],
      ['水泵4', 'pump_2'],
      ['Tank 2', ''],
      ['水泵5', 'pump_3'],
      ['Tank 3', ''],
    ]);
  });

  it('a free name keeps within the length limit', () => {
    const long = 'x'.repeat(100);
    expect(nextFreeName(long, new Set([long]))).toBe(`${'x'.repeat(99)}2`);
    expect(nextFreeName('Pump', new Set())).toBe('Pump');
  });

  it('refuses with nothing copied', () => {
    expect(pasteWidgets(createTestPage(), null, createTestDeps())).toMatchObject({
      ok: false,
      rejection: { reason: 'clipboard-empty' },
    });
  });
});

describe('copy and paste through the system clipboard', () => {
  const page = createTestPage([rectAt('a', 10, 10), rectAt('b', 200, 10)]);
  const grouped = unwrap(groupWidgets(page, asIds('a', 'b'), createTestDeps()));
  const copied = unwrap(copyWidgets(grouped.document, [grouped.groupId]));

  it('reads back what another page copied, group and members, ready to paste with new ids', () => {
    const read = unwrap(readClipboardText(clipboardText(copied)));
    expect(read).toEqual({ widgets: copied.widgets, pasteCount: 0 });
    const target = createTestPage([rectAt('x', 0, 0)]);
    const pasted = unwrap(pasteWidgets(target, read, createTestDeps()));
    const ids = collectWidgetIds(pasted.document.widgets);
    expect(ids).toHaveLength(4);
    expect(new Set(ids).size).toBe(4);
  });

  it('keeps stepping 50 further when the same copy is pasted again, starts afresh for another', () => {
    const afterOnePaste = { ...copied, pasteCount: 1 };
    const again = unwrap(readClipboardText(clipboardText(copied)));
    expect(mergeClipboard(afterOnePaste, again)).toBe(afterOnePaste);
    const other = unwrap(readClipboardText(clipboardText(unwrap(copyWidgets(page, asIds('a'))))));
    expect(mergeClipboard(afterOnePaste, other)).toBe(other);
    expect(mergeClipboard(null, other)).toBe(other);
  });

  it('refuses text that is not widgets, another format, and widgets the schema refuses', () => {
    const unreadable = { ok: false, rejection: { reason: 'clipboard-unreadable' } };
    expect(readClipboardText('hello')).toMatchObject(unreadable);
    expect(readClipboardText('null')).toMatchObject(unreadable);
    expect(readClipboardText(JSON.stringify({ format: 'other', version: 1, widgets: [] }))).toMatchObject(
      unreadable,
    );
    const text = JSON.parse(clipboardText(copied)) as { widgets: Array<Record<string, unknown>> };
    expect(readClipboardText(JSON.stringify({ ...text, version: 2 }))).toMatchObject(unreadable);
    expect(readClipboardText(JSON.stringify({ ...text, widgets: [] }))).toMatchObject({
      ok: false,
      rejection: { reason: 'clipboard-empty' },
    });
    const broken = { ...text, widgets: [{ ...text.widgets[0], widgetType: 'NoSuchWidget' }] };
    expect(readClipboardText(JSON.stringify(broken))).toMatchObject(unreadable);
  });
});

describe('properties and page settings', () => {
  const page = createTestPage([rectAt('r', 100, 100)]);

  it('writes a valid value at a key path', () => {
    const updated = unwrap(setWidgetProperty(page, asId('r'), 'style.fill.color', '#123456'));
    expect(updated.widgets[0]).toMatchObject({ style: { fill: { color: '#123456' } } });
  });

  it('edits a member of a group without taking the group apart, but never moves it alone', () => {
    const grouped = unwrap(
      groupWidgets(
        createTestPage([rectAt('a', 10, 10), rectAt('b', 200, 10)]),
        asIds('a', 'b'),
        createTestDeps(),
      ),
    );
    const updated = unwrap(setWidgetProperty(grouped.document, asId('b'), 'style.fill.color', '#654321'));
    expect(updated.widgets).toHaveLength(1);
    const [group] = updated.widgets;
    expect(group).toMatchObject({ id: grouped.groupId, widgetType: 'WidgetGroup' });
    const members = (group as { children: Array<{ id: string; style: { fill: { color: string } } }> })
      .children;
    expect(members.map((member) => [member.id, member.style.fill.color])).toEqual([
      ['a', expect.not.stringMatching('#654321')],
      ['b', '#654321'],
    ]);
    expect(setWidgetProperty(grouped.document, asId('b'), 'position.x', 400)).toMatchObject({
      ok: false,
      rejection: { reason: 'invalid-property', params: { key: 'position.x' } },
    });
    expect(setWidgetProperty(grouped.document, asId('nobody'), 'style.fill.color', '#000000')).toMatchObject({
      ok: false,
      rejection: { reason: 'widget-not-found' },
    });
  });

  it('refuses unknown keys, read-only keys and invalid values', () => {
    for (const [key, value] of [
      ['style.nothing', 1],
      ['id', 'other'],
      ['position.kind', 'circle'],
      ['style.opacity', 2],
      ['event.action', 'explode'],
    ] as const) {
      expect(setWidgetProperty(page, asId('r'), key, value), key).toMatchObject({
        ok: false,
        rejection: { reason: 'invalid-property' },
      });
    }
  });

  it('refuses a script link or background with the catalogue code of the URL rule', () => {
    expect(setWidgetProperty(page, asId('r'), 'event.link', 'javascript:alert(1)')).toEqual({
      ok: false,
      rejection: { reason: 'unsafe-url', code: '1650', params: { field: 'event.link' } },
    });
    expect(unwrap(setWidgetProperty(page, asId('r'), 'event.link', '/help/start')).widgets[0]).toMatchObject({
      event: { link: '/help/start' },
    });
    expect(updatePageSettings(page, { bgImage: 'data:image/png;base64,AAAA' })).toMatchObject({
      ok: false,
      rejection: { reason: 'unsafe-url', params: { field: 'bgImage' } },
    });
  });

  it('a locked widget keeps its position but can still be restyled', () => {
    const locked = unwrap(setWidgetsLocked(page, asIds('r'), true));
    expect(setWidgetProperty(locked, asId('r'), 'position.x', 5)).toMatchObject({
      ok: false,
      rejection: { reason: 'locked' },
    });
    expect(setWidgetProperty(locked, asId('r'), 'style.opacity', 0.5).ok).toBe(true);
  });

  it('updates page settings within the schema', () => {
    expect(unwrap(updatePageSettings(page, { title: 'Boiler room', bgColor: '#000000' }))).toMatchObject({
      title: 'Boiler room',
      bgColor: '#000000',
    });
    expect(updatePageSettings(page, { width: 0 }).ok).toBe(false);
    expect(updatePageSettings(page, { id: 'x' } as never).ok).toBe(false);
  });
});
