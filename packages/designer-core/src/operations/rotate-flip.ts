/**
 * Rotation in 90° steps and flips (§4). Locked widgets are neither turned nor flipped; shapes with an
 * angle keep it within [0, 360), lines and triangles turn their points about their centre.
 */
import {
  ROTATE_STEP_DEGREES,
  type GroupWidget,
  type PageDocument,
  type Widget,
  type WidgetId,
} from '@lyyp/contracts/designer';
import { normalizeDegrees } from '../geometry/angle.ts';
import { boxCentre } from '../geometry/box.ts';
import { boundsOf, flipPosition, rotatePositionAbout, type FlipAxis } from '../geometry/position.ts';
import { pickWidgets, replaceWidgets } from '../model/page.ts';
import { accept, reject, type Result } from '../model/result.ts';
import { isGroup, withPosition } from './widget-geometry.ts';

export type RotateDirection = 'clockwise' | 'anticlockwise';

function pickUnlocked(document: PageDocument, ids: readonly WidgetId[]): Result<Widget[]> {
  const selected = pickWidgets(document, ids);
  if (selected.length === 0) return reject('nothing-selected');
  const unlocked = selected.filter((widget) => !widget.posLock);
  return unlocked.length === 0 ? reject('locked') : accept(unlocked);
}

export function rotateWidget<W extends Widget>(widget: W, degrees: number): W {
  const centre = boxCentre(boundsOf(widget.position));
  return withPosition(widget, rotatePositionAbout(widget.position, degrees, centre));
}

/** Turns each unlocked widget about its own centre by `steps` quarter turns. */
export function rotateWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  direction: RotateDirection,
  steps = 1,
): Result<PageDocument> {
  const picked = pickUnlocked(document, ids);
  if (!picked.ok) return picked;
  const degrees = (direction === 'clockwise' ? 1 : -1) * ROTATE_STEP_DEGREES * steps;
  return accept(
    replaceWidgets(
      document,
      picked.value.map((widget) => rotateWidget(widget, degrees)),
    ),
  );
}

/** A group mirrors its members inside its own box and turns the other way; its box does not move. */
function flipGroup(group: GroupWidget, axis: FlipAxis): GroupWidget {
  const pivot = boxCentre(group.origin);
  const children = group.children.map((child) =>
    withPosition(child, flipPosition(child.position, axis, pivot)),
  );
  return {
    ...group,
    children,
    position: { ...group.position, rotate: normalizeDegrees(-group.position.rotate) },
  };
}

export function flipWidget<W extends Widget>(widget: W, axis: FlipAxis): W {
  if (isGroup(widget)) return flipGroup(widget, axis) as W;
  return withPosition(widget, flipPosition(widget.position, axis, boxCentre(boundsOf(widget.position))));
}

export function flipWidgets(
  document: PageDocument,
  ids: readonly WidgetId[],
  axis: FlipAxis,
): Result<PageDocument> {
  const picked = pickUnlocked(document, ids);
  if (!picked.ok) return picked;
  return accept(
    replaceWidgets(
      document,
      picked.value.map((widget) => flipWidget(widget, axis)),
    ),
  );
}
