/**
 * @lyyp/designer-core: the page designer without a screen. Layers, each depending only on those
 * above it: geometry → model (document, registry, migrations) → operations → history → snapping →
 * runtime rules → editor (state, commands, pointer gestures, TestEditor).
 */
export * from './geometry/angle.ts';
export * from './geometry/box.ts';
export * from './geometry/position.ts';

export * from './model/deps.ts';
export * from './model/result.ts';
export * from './model/equal.ts';
export * from './model/paths.ts';
export * from './model/page.ts';
export * from './model/widget-tree.ts';
export * from './model/widget-factory.ts';
export * from './model/migrations.ts';
export * from './model/document-io.ts';
export * from './model/numbering.ts';

export * from './registry/types.ts';
export * from './registry/defaults.ts';
export * from './registry/widget-registry.ts';
export {
  TIMER_FORMAT_DEFAULT,
  TIME_SELECTOR_FORMAT_DEFAULT,
  ANIMATION_CYCLE_SPEED_DEFAULT,
} from './registry/usual-widgets.ts';
export {
  LINE_TIME_RANGE_MINUTES,
  BAR_AREA_TIME_RANGE_MINUTES,
  HISTORY_TIME_RANGE,
  HISTORY_ROLL_TIME,
  MAP_ZOOM_DEFAULT,
  MAP_CENTRE_DEFAULT,
} from './registry/complex-widgets.ts';
export * from './registry/industrial-widgets.ts';

export * from './operations/widget-geometry.ts';
export * from './operations/limits.ts';
export * from './operations/add-delete.ts';
export * from './operations/move.ts';
export * from './operations/resize.ts';
export * from './operations/rotate-flip.ts';
export * from './operations/group.ts';
export * from './operations/arrange.ts';
export * from './operations/clipboard.ts';
export * from './operations/properties.ts';

export * from './history/patch.ts';
export * from './history/history.ts';

export * from './snapping/snap.ts';

export * from './runtime/values.ts';
export * from './runtime/animation.ts';
export * from './runtime/click-event.ts';
export * from './runtime/rebind.ts';
export * from './runtime/binding-transform.ts';
export * from './runtime/symbol-animation.ts';

export * from './symbols/symbol-library.ts';
export {
  SYMBOL_CATEGORIES,
  SYMBOL_CATEGORY_LABELS,
  ISA_COLOURS,
  STATE_COLOURS,
  type IndustrialSymbol,
  type SymbolCategory,
  type SymbolPartRole,
  type SymbolPartSpec,
  type SymbolPort,
} from './symbols/symbol-kit.ts';
export * from './symbols/industrial-library.ts';
export * from './symbols/symbol-widget.ts';
export * from './pipes/pipe-geometry.ts';
export * from './pipes/pipe-widget.ts';
export * from './pipes/pipe-sketch.ts';
export * from './faceplates/faceplate.ts';
export * from './demo/boiler-mimic.ts';

export * from './editor/editor-state.ts';
export * from './editor/hit-test.ts';
export * from './editor/commands.ts';
export * from './editor/key-bindings.ts';
export * from './editor/pointer.ts';
export * from './editor/reduce-editor.ts';
export * from './editor/test-editor.ts';
