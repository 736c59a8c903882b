import type { GroupWidget, PageDocument, Widget } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { unwrap } from '../model/result.ts';
import { asId, asIds, createTestDeps, createTestPage, rectAt, widgetOf } from '../testing/fixtures.ts';
import { groupWidgets, ungroupWidget } from './group.ts';
import { moveWidgets } from './move.ts';
import { resizeWidget } from './resize.ts';
import { flipWidgets, rotateWidgets } from './rotate-flip.ts';
import { placeGroupMembers, widgetBounds } from './widget-geometry.ts';

const find = (page: PageDocument, id: string): Widget => {
  const widget = page.widgets.find((candidate) => candidate.id === id);
  if (!widget) throw new Error(id);
  return widget;
};

const line = widgetOf('ShapeLine', 'line', {
  kind: 'line',
  points: [
    { x: 300, y: 300 },
    { x: 340, y: 320 },
    { x: 380, y: 300 },
  ],
});
const circle = widgetOf('ShapeCircle', 'circle', { kind: 'circle', cx: 250, cy: 250, r: 30, rotate: 0 });

describe('grouping (§4)', () => {
  const page = createTestPage([rectAt('a', 100, 100), circle, rectAt('top', 500, 500), line]);

  it('needs two or more unlocked widgets and leaves locked ones out', () => {
    expect(groupWidgets(page, asIds('a'), createTestDeps())).toMatchObject({
      ok: false,
      rejection: { reason: 'group-needs-two' },
    });
    const locked = createTestPage([rectAt('a', 100, 100), { ...rectAt('b', 300, 100), posLock: true }]);
    expect(groupWidgets(locked, asIds('a', 'b'), createTestDeps()).ok).toBe(false);
    const withLocked = createTestPage([
      rectAt('a', 100, 100),
      rectAt('c', 200, 200),
      { ...rectAt('b', 300, 100), posLock: true },
    ]);
    const grouped = unwrap(groupWidgets(withLocked, asIds('a', 'b', 'c'), createTestDeps()));
    const group = find(grouped.document, grouped.groupId) as GroupWidget;
    expect(group.children.map((child) => child.id)).toEqual(['a', 'c']);
    expect(grouped.document.widgets.map((widget) => widget.id)).toContain('b');
  });

  it('takes the paint slot of its topmost member, bounded by its members', () => {
    const grouped = unwrap(groupWidgets(page, asIds('a', 'line'), createTestDeps()));
    expect(grouped.document.widgets.map((widget) => widget.id)).toEqual(['circle', 'top', grouped.groupId]);
    const group = find(grouped.document, grouped.groupId) as GroupWidget;
    expect(group.origin).toEqual({ x: 100, y: 100, width: 280, height: 220 });
    expect(widgetBounds(group)).toEqual(group.origin);
    expect(group.widgetName).toBe('组合5');
  });

  it('ungrouping an untouched group restores the members exactly, in their place', () => {
    const grouped = unwrap(groupWidgets(page, asIds('a', 'circle', 'line'), createTestDeps()));
    const ungrouped = unwrap(ungroupWidget(grouped.document, grouped.groupId));
    expect(ungrouped.document.widgets).toEqual([
      page.widgets[2],
      page.widgets[0],
      page.widgets[1],
      page.widgets[3],
    ]);
    expect(ungrouped.memberIds).toEqual(['a', 'circle', 'line']);
  });

  it('a moved group gives back its members moved by the same amount', () => {
    const grouped = unwrap(groupWidgets(page, asIds('a', 'line'), createTestDeps()));
    const moved = unwrap(moveWidgets(grouped.document, [grouped.groupId], 10, 20));
    const ungrouped = unwrap(ungroupWidget(moved, grouped.groupId)).document;
    expect(widgetBounds(find(ungrouped, 'a'))).toEqual({ x: 110, y: 120, width: 100, height: 50 });
    expect(find(ungrouped, 'line').position).toEqual({
      kind: 'line',
      points: [
        { x: 310, y: 320 },
        { x: 350, y: 340 },
        { x: 390, y: 320 },
      ],
    });
  });

  it('a resized group gives back its members scaled into the new box', () => {
    const two = createTestPage([rectAt('a', 100, 100, 100, 100), rectAt('b', 300, 100, 100, 100)]);
    const grouped = unwrap(groupWidgets(two, asIds('a', 'b'), createTestDeps()));
    const resized = unwrap(
      resizeWidget(grouped.document, grouped.groupId, { x: 100, y: 100, width: 600, height: 200 }),
    );
    const ungrouped = unwrap(ungroupWidget(resized, grouped.groupId)).document;
    expect(widgetBounds(find(ungrouped, 'a'))).toEqual({ x: 100, y: 100, width: 200, height: 200 });
    expect(widgetBounds(find(ungrouped, 'b'))).toEqual({ x: 500, y: 100, width: 200, height: 200 });
  });

  it('a turned group gives back its members turned about the group centre', () => {
    const two = createTestPage([rectAt('a', 100, 100, 100, 20), rectAt('b', 100, 180, 100, 20)]);
    const grouped = unwrap(groupWidgets(two, asIds('a', 'b'), createTestDeps()));
    const turned = unwrap(rotateWidgets(grouped.document, [grouped.groupId], 'clockwise'));
    const ungrouped = unwrap(ungroupWidget(turned, grouped.groupId)).document;
    expect(find(ungrouped, 'a').position).toMatchObject({ rotate: 90 });
    expect(widgetBounds(find(ungrouped, 'a'))).toEqual({ x: 180, y: 100, width: 20, height: 100 });
    expect(widgetBounds(find(ungrouped, 'b'))).toEqual({ x: 100, y: 100, width: 20, height: 100 });
  });

  it('collects the bindings of its members', () => {
    const bound = {
      ...rectAt('a', 100, 100),
      binding: { ...rectAt('x', 0, 0).binding, signalId: 's1', equipId: 'e1' },
    };
    const grouped = unwrap(
      groupWidgets(createTestPage([bound, rectAt('b', 300, 300)]), asIds('a', 'b'), createTestDeps()),
    );
    expect((find(grouped.document, grouped.groupId) as GroupWidget).bind).toEqual({
      equipIds: ['e1'],
      signalIds: ['s1'],
      systemKeys: [],
      mvarIds: [],
    });
  });

  it('refuses to ungroup what is not a group', () => {
    expect(ungroupWidget(page, asId('a'))).toMatchObject({ ok: false, rejection: { reason: 'not-a-group' } });
  });
});

describe('rotation and flips (§4)', () => {
  it('turns rectangles in 90° steps, wrapping into [0, 360)', () => {
    const page = createTestPage([rectAt('r', 100, 100)]);
    const back = unwrap(rotateWidgets(page, asIds('r'), 'anticlockwise'));
    expect(find(back, 'r').position).toMatchObject({ rotate: 270 });
    const round = unwrap(rotateWidgets(page, asIds('r'), 'clockwise', 4));
    expect(find(round, 'r').position).toMatchObject({ rotate: 0 });
  });

  it('turns a line about its centre', () => {
    const page = createTestPage([line]);
    const turned = unwrap(rotateWidgets(page, asIds('line'), 'clockwise'));
    expect(widgetBounds(find(turned, 'line'))).toEqual({ x: 330, y: 270, width: 20, height: 80 });
  });

  it('locked widgets cannot be turned or flipped', () => {
    const page = createTestPage([{ ...rectAt('r', 100, 100), posLock: true }]);
    expect(rotateWidgets(page, asIds('r'), 'clockwise')).toMatchObject({
      ok: false,
      rejection: { reason: 'locked' },
    });
    expect(flipWidgets(page, asIds('r'), 'horizontal')).toMatchObject({
      ok: false,
      rejection: { reason: 'locked' },
    });
  });

  it('flipping twice gives back the widget', () => {
    const page = createTestPage([
      line,
      widgetOf('ShapeTriangle', 'tri', { x: 10, y: 10, width: 30, height: 40 }),
    ]);
    const once = unwrap(flipWidgets(page, asIds('line', 'tri'), 'horizontal'));
    expect(once).not.toEqual(page);
    expect(unwrap(flipWidgets(once, asIds('line', 'tri'), 'horizontal'))).toEqual(page);
  });

  it('a flipped arrow is mirrored, not just turned', () => {
    const page = createTestPage([
      widgetOf('ShapeArrow', 'arrow', { x: 100, y: 100, width: 120, height: 40 }),
    ]);
    const flipped = unwrap(flipWidgets(page, asIds('arrow'), 'horizontal'));
    expect(find(flipped, 'arrow').position).toMatchObject({ flipX: true, flipY: false, x: 100, y: 100 });
  });

  it('a flipped group mirrors its members inside its box', () => {
    const page = createTestPage([rectAt('a', 100, 100, 50, 50), rectAt('b', 300, 100, 100, 50)]);
    const grouped = unwrap(groupWidgets(page, asIds('a', 'b'), createTestDeps()));
    const flipped = unwrap(flipWidgets(grouped.document, [grouped.groupId], 'horizontal'));
    const members = placeGroupMembers(find(flipped, grouped.groupId) as GroupWidget);
    expect(widgetBounds(members[0] as Widget)).toEqual({ x: 350, y: 100, width: 50, height: 50 });
    expect(widgetBounds(members[1] as Widget)).toEqual({ x: 100, y: 100, width: 100, height: 50 });
  });
});
