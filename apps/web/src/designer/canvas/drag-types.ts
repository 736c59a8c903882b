/** What the side panels carry while something is dragged onto the canvas (HTML drag and drop). */

/** A palette widget type. */
export const WIDGET_DRAG_TYPE = 'application/x-lyyp-widget';
/** A symbol of the library (its id). */
export const SYMBOL_DRAG_TYPE = 'application/x-lyyp-symbol';
/** A symbol of the industrial library (its id): one `ShapeSymbol` widget. */
export const LIBRARY_SYMBOL_DRAG_TYPE = 'application/x-lyyp-library-symbol';
/** A variable of the tag browser (its binding option value, `signal:<key>`). */
export const TAG_DRAG_TYPE = 'application/x-lyyp-tag';

export const CANVAS_DRAG_TYPES = [
  WIDGET_DRAG_TYPE,
  SYMBOL_DRAG_TYPE,
  LIBRARY_SYMBOL_DRAG_TYPE,
  TAG_DRAG_TYPE,
] as const;
