/**
 * Grouping (§4): a group needs 2 or more unlocked widgets (locked ones are left out); members keep
 * their page coordinates inside the group's `origin`, so ungrouping an untouched group gives back
 * exactly the widgets that went in.
 */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import type { GroupWidget, PageDocument, Widget, WidgetId } from '@lyyp/contracts/designer';
import { unionBoxes } from '../geometry/box.ts';
import { positionFromBox } from '../geometry/position.ts';
import type { DesignerDeps } from '../model/deps.ts';
import { findWidget } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { computeGroupBind, toWidgetId } from '../model/widget-tree.ts';
import { createWidgetName } from '../model/widget-factory.ts';
import { isGroup, placeGroupMembers, widgetBounds } from './widget-geometry.ts';

export interface GroupResult {
  readonly document: PageDocument;
  readonly groupId: WidgetId;
}

export function groupWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  deps: Pick<DesignerDeps, 'createId'>,
  locale: Locale = DEFAULT_LOCALE,
): Result<GroupResult> {
  const wanted = new Set(ids);
  const members = document.widgets.filter((widget) => wanted.has(widget.id) && !widget.posLock);
  if (members.length < 2) return reject('group-needs-two');
  const number = document.widgetCount + 1;
  const group = createGroup(members, deps, createWidgetName('WidgetGroup', number, locale));
  // The group takes the paint slot of its topmost member.
  const memberIds = new Set(members.map((member) => member.id));
  const topmost = members[members.length - 1] as Widget;
  const widgets = document.widgets.flatMap((widget) => {
    if (widget.id === topmost.id) return [group];
    return memberIds.has(widget.id) ? [] : [widget];
  });
  return accept({ document: { ...document, widgets, widgetCount: number }, groupId: group.id });
}

/** A group holding `members` where they stand (its box is theirs), for grouping and symbols. */
export function createGroup(
  members: readonly Widget[],
  deps: Pick<DesignerDeps, 'createId'>,
  name: string,
): GroupWidget {
  const origin = unionBoxes(members.map(widgetBounds));
  const position = positionFromBox('rect', origin);
  if (position.kind !== 'rect') throw new Error('A group is a rectangle');
  return {
    id: toWidgetId(deps.createId()),
    ref: '',
    widgetType: 'WidgetGroup',
    widgetName: name,
    posLock: false,
    authRegion: [],
    textId: deps.createId(),
    position,
    origin,
    children: [...members],
    bind: computeGroupBind(members),
  };
}

export interface UngroupResult {
  readonly document: PageDocument;
  readonly memberIds: WidgetId[];
}

/** Replaces the group by its members, placed where the group shows them, in the group's paint slot. */
export function ungroupWidget(document: PageDocument, groupId: WidgetId): Result<UngroupResult> {
  const group = findWidget(document, groupId);
  if (!group) return reject('widget-not-found');
  if (!isGroup(group)) return reject('not-a-group');
  const members = placeGroupMembers(group);
  const widgets = document.widgets.flatMap((widget) => (widget.id === groupId ? members : [widget]));
  return accept({ document: { ...document, widgets }, memberIds: members.map((member) => member.id) });
}
