/**
 * The editor's whole state: the document, the selection, the history, the tool, the drag in progress
 * and the designer's local config (§3). The React editor keeps one of these in its store and feeds
 * every user action through `reduceEditor`.
 */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import {
  AUTOSAVE_INTERVAL_DEFAULT_MINUTES,
  type LeafWidget,
  type LeafWidgetType,
  type PageDocument,
  type WidgetId,
} from '@lyyp/contracts/designer';
import type { Box, Point } from '../geometry/box.ts';
import { createHistory, type History } from '../history/history.ts';
import type { Rejection } from '../model/result.ts';
import type { Clipboard } from '../operations/clipboard.ts';
import type { ResizeHandle } from '../operations/resize.ts';
import type { Guide } from '../snapping/snap.ts';

/** §3 "Designer local config", kept in the browser's local storage by the editor. */
export interface DesignerConfig {
  readonly autoSave: boolean;
  /** Minutes between automatic saves. */
  readonly saveInterval: number;
  readonly grid: boolean;
  readonly ruler: boolean;
  /** Snap to other widgets and the canvas with tolerance 5 (else 1). */
  readonly adsorb: boolean;
}

export const DEFAULT_DESIGNER_CONFIG: DesignerConfig = {
  autoSave: false,
  saveInterval: AUTOSAVE_INTERVAL_DEFAULT_MINUTES,
  grid: true,
  ruler: true,
  adsorb: true,
};

/**
 * The config as read back from local storage: any field that is missing or of the wrong kind takes
 * its default, so a stale or hand-edited entry never breaks the editor.
 */
export function readDesignerConfig(raw: unknown): DesignerConfig {
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const flag = (key: keyof DesignerConfig) => {
    const value = source[key];
    return typeof value === 'boolean' ? value : (DEFAULT_DESIGNER_CONFIG[key] as boolean);
  };
  const interval = source.saveInterval;
  return {
    autoSave: flag('autoSave'),
    saveInterval:
      typeof interval === 'number' && Number.isFinite(interval) && interval > 0
        ? interval
        : DEFAULT_DESIGNER_CONFIG.saveInterval,
    grid: flag('grid'),
    ruler: flag('ruler'),
    adsorb: flag('adsorb'),
  };
}

/** Spacing of the canvas grid, in canvas units. */
export const GRID_SIZE = 10;

export type Tool =
  { readonly kind: 'select' } | { readonly kind: 'draw'; readonly widgetType: LeafWidgetType };

/** The drag in progress, one per §4 drag mode. `base` is the document when the drag began. */
export type Drag =
  | { readonly mode: 'draw'; readonly origin: Point; readonly preview: LeafWidget }
  | {
      readonly mode: 'move';
      readonly origin: Point;
      readonly ids: readonly WidgetId[];
      readonly base: PageDocument;
      /** The pointer moved since it went down: on release this was a drag, not a click. */
      readonly moved: boolean;
    }
  | {
      readonly mode: 'resize';
      readonly origin: Point;
      readonly id: WidgetId;
      readonly handle: ResizeHandle;
      readonly startBox: Box;
      readonly base: PageDocument;
    }
  | {
      readonly mode: 'rotate';
      readonly origin: Point;
      readonly ids: readonly WidgetId[];
      readonly centre: Point;
      readonly base: PageDocument;
    }
  | {
      readonly mode: 'select';
      readonly origin: Point;
      readonly current: Point;
      readonly additive: boolean;
      readonly initial: readonly WidgetId[];
    };

export type DragMode = Drag['mode'];

export interface EditorState {
  readonly document: PageDocument;
  /** Selected top-level widgets. Not part of the document: never undone, never marks it unsaved. */
  readonly selection: readonly WidgetId[];
  readonly history: History;
  readonly tool: Tool;
  readonly drag: Drag | null;
  readonly clipboard: Clipboard | null;
  readonly config: DesignerConfig;
  readonly locale: Locale;
  /** Guide lines to draw while dragging. */
  readonly guides: readonly Guide[];
  /** Why the last action was refused, for a message; cleared by the next accepted action. */
  readonly lastRejection: Rejection | null;
  /** When the page was opened or last saved (ms), for autosave. */
  readonly lastSavedAt: number;
}

export interface CreateEditorStateOptions {
  readonly config?: Partial<DesignerConfig>;
  readonly locale?: Locale;
  readonly now?: number;
}

export function createEditorState(
  document: PageDocument,
  options: CreateEditorStateOptions = {},
): EditorState {
  return {
    document,
    selection: [],
    history: createHistory(),
    tool: { kind: 'select' },
    drag: null,
    clipboard: null,
    config: { ...DEFAULT_DESIGNER_CONFIG, ...options.config },
    locale: options.locale ?? DEFAULT_LOCALE,
    guides: [],
    lastRejection: null,
    lastSavedAt: options.now ?? 0,
  };
}

/** The page has unsaved changes: the browser should warn before leaving. */
export function hasUnsavedChanges(state: EditorState): boolean {
  return state.history.dirty;
}

/** Autosave is on, there is something to save and the interval has passed since the last save. */
export function isAutosaveDue(state: EditorState, now: number): boolean {
  return (
    state.config.autoSave &&
    state.history.dirty &&
    state.drag === null &&
    now - state.lastSavedAt >= state.config.saveInterval * 60_000
  );
}

/** The marquee of a select drag, for drawing. */
export function getMarquee(state: EditorState): Box | null {
  if (state.drag?.mode !== 'select') return null;
  const { origin, current } = state.drag;
  return {
    x: Math.min(origin.x, current.x),
    y: Math.min(origin.y, current.y),
    width: Math.abs(current.x - origin.x),
    height: Math.abs(current.y - origin.y),
  };
}
