/**
 * Geometry of whole widgets: bounds, margins to the canvas edge, and a group's members placed on
 * the canvas (children are stored in the group's `origin` box and follow the group's position).
 */
import {
  CANVAS_EDGE_MARGIN,
  CANVAS_EDGE_MARGIN_LINE,
  CANVAS_EDGE_MARGIN_TRIANGLE,
  type GroupWidget,
  type Position,
  type Widget,
} from '@lyyp/contracts/designer';
import { normalizeDegrees } from '../geometry/angle.ts';
import { boxCentre, boxesEqual, type Box } from '../geometry/box.ts';
import {
  boundsOf,
  dropCollinearPoints,
  flipPosition,
  rotatePositionAbout,
  roundPosition,
  scalePosition,
  unrotatedBox,
} from '../geometry/position.ts';
import { isDeepEqual } from '../model/equal.ts';
import { isGroup } from '../model/widget-tree.ts';

export function widgetBounds(widget: Widget): Box {
  return boundsOf(widget.position);
}

/**
 * The widget with a new position. Callers pass a position derived from the widget's own, so the
 * kind (and with it the pairing of type and shape the schema demands) is unchanged.
 */
export function withPosition<W extends Widget>(widget: W, position: Position): W {
  if (position.kind !== widget.position.kind)
    throw new Error(`A ${widget.widgetType} cannot take a ${position.kind} position`);
  return { ...widget, position };
}

/** How close to a canvas edge a move may bring the widget (§4: 5, lines 1, triangles 2). */
export function canvasMarginFor(widget: Widget): number {
  if (widget.position.kind === 'line') return CANVAS_EDGE_MARGIN_LINE;
  if (widget.position.kind === 'triangle') return CANVAS_EDGE_MARGIN_TRIANGLE;
  return CANVAS_EDGE_MARGIN;
}

/** True when the group draws its members exactly where they were stored. */
export function isGroupUntransformed(group: GroupWidget): boolean {
  const position = group.position;
  return (
    boxesEqual(group.origin, unrotatedBox(position)) &&
    normalizeDegrees(position.rotate) === 0 &&
    !position.flipX &&
    !position.flipY
  );
}

function placeMember(member: Widget, group: GroupWidget): Widget {
  const box = unrotatedBox(group.position);
  const centre = boxCentre(box);
  let position: Position = scalePosition(member.position, group.origin, box);
  if (group.position.flipX) position = flipPosition(position, 'horizontal', centre);
  if (group.position.flipY) position = flipPosition(position, 'vertical', centre);
  if (normalizeDegrees(group.position.rotate) !== 0)
    position = rotatePositionAbout(position, group.position.rotate, centre);
  return withPosition(member, position);
}

/**
 * The group's members as they appear on the canvas. An untouched group gives its members back
 * unchanged (so ungrouping restores them exactly); a moved, resized, flipped or turned one gives
 * them transformed and rounded to whole units.
 */
export function placeGroupMembers(group: GroupWidget): Widget[] {
  if (isGroupUntransformed(group)) return group.children;
  return group.children.map((member) => finishWidgetGeometry(placeMember(member, group), false));
}

/** Rounds a widget's coordinates; after a resize, lines also lose nearly collinear middle points. */
export function finishWidgetGeometry<W extends Widget>(widget: W, afterResize: boolean): W {
  let position = roundPosition(widget.position);
  if (afterResize && position.kind === 'line')
    position = { ...position, points: dropCollinearPoints(position.points) };
  // An already whole widget is returned as is, so unchanged widgets stay shared between versions.
  return isDeepEqual(position, widget.position) ? widget : withPosition(widget, position);
}

export { isGroup };
