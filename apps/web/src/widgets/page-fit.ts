/**
 * How a page scales into the space the viewer gives it (§3 `fit`): `container` shows it whole,
 * `width` and `height` fill one side (the other may scroll), `none` shows it at its own size.
 */
import type { PageFitMode } from '@lyyp/contracts/designer';

export interface Size {
  readonly width: number;
  readonly height: number;
}

const FIT_SCALES: Readonly<Record<PageFitMode, (page: Size, space: Size) => number>> = {
  container: (page, space) => Math.min(space.width / page.width, space.height / page.height),
  width: (page, space) => space.width / page.width,
  height: (page, space) => space.height / page.height,
  none: () => 1,
};

/** The scale to draw the page at; 1 while the space is not measured yet. */
export function computeFitScale(fit: PageFitMode, page: Size, space: Size): number {
  if (page.width <= 0 || page.height <= 0 || space.width <= 0 || space.height <= 0) return 1;
  const scale = FIT_SCALES[fit](page, space);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}
