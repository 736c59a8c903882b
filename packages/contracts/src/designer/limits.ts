/**
 * Limits and defaults of the page designer (§3, §4, §5, §9) that both the designer and the server
 * need: the designer enforces them while editing, the server again when a page is saved.
 */

/** At most this many widgets on one page (widgetMaxlength); group children count, groups do not. */
export const WIDGET_MAX_COUNT = 100;
/** At most this many weather widgets on one page (weatherMaxlength). */
export const WEATHER_WIDGET_MAX_COUNT = 3;
/** Only one line chart bound to a report per page. */
export const REPORT_LINE_MAX_COUNT = 1;
/** Only one WebGL scene widget per page. */
export const WEBGL_WIDGET_MAX_COUNT = 1;

/** Undo keeps this many steps; older ones are dropped. */
export const UNDO_DEPTH = 50;
/** Each paste of the same copy lands this much further right and down (the n-th paste at n × 50). */
export const PASTE_OFFSET = 50;
/** Snap distance with adsorb on, and without it. */
export const SNAP_TOLERANCE_ADSORB = 5;
export const SNAP_TOLERANCE_DEFAULT = 1;
/** Minutes between automatic saves when autosave is on. */
export const AUTOSAVE_INTERVAL_DEFAULT_MINUTES = 5;

/** New pages. */
export const PAGE_DEFAULT_WIDTH = 1024;
export const PAGE_DEFAULT_HEIGHT = 768;
export const PAGE_FIT_MODES = ['container', 'width', 'height', 'none'] as const;
export type PageFitMode = (typeof PAGE_FIT_MODES)[number];
export const PAGE_DEFAULT_FIT: PageFitMode = 'container';
export const PAGE_DEFAULT_BG_COLOR = '#ffffff';
/** Largest canvas side a page may declare; keeps a typo from creating a page nobody can render. */
export const PAGE_MAX_SIDE = 20_000;

/** Click events: size of a popup window and the default delay before feedback is read back. */
export const CLICK_WINDOW_DEFAULT_WIDTH = 600;
export const CLICK_WINDOW_DEFAULT_HEIGHT = 600;
export const CLICK_DELAY_DEFAULT_MS = 1000;

/** A drawn shape smaller than this (per §4's rule for its kind) is not created. */
export const DRAW_MIN_SIZE = 2;
/** A resized shape must stay larger than this in each resized dimension. */
export const RESIZE_MIN_SIZE = 2;
/** The pointer must stay at least this far on its own side of the edge that does not move. */
export const RESIZE_EDGE_TOLERANCE = 3;
/** A move may not bring a widget closer than this to a canvas edge. */
export const CANVAS_EDGE_MARGIN = 5;
export const CANVAS_EDGE_MARGIN_LINE = 1;
export const CANVAS_EDGE_MARGIN_TRIANGLE = 2;
/** Rotation happens in steps of this many degrees. */
export const ROTATE_STEP_DEGREES = 90;

/** Images uploaded for pages and image widgets. */
export const DESIGNER_IMAGE_MAX_BYTES = 100 * 1024;
export const DESIGNER_IMAGE_EXTENSIONS = ['jpg', 'png', 'gif', 'svg', 'ico'] as const;
export const DESIGNER_IMAGE_MIME_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/svg+xml',
  'image/x-icon',
  'image/vnd.microsoft.icon',
] as const;

/** Colours the colour picker remembers. */
export const COLOUR_PICKER_HISTORY = 20;

/** Version of the saved page document this build writes. Older ones are migrated on open. */
export const DESIGNER_DOCUMENT_VERSION = 2;
