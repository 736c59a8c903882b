/** New widgets built from their registry definition: §3 common fields plus the type's defaults. */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import type { LeafWidgetType, Position, WidgetOf, WidgetType } from '@lyyp/contracts/designer';
import { boundsOf, positionFromBox } from '../geometry/position.ts';
import type { Box } from '../geometry/box.ts';
import {
  createDefaultAnimation,
  createDefaultClickEvent,
  createDefaultStyle,
  createEmptyBinding,
} from '../registry/defaults.ts';
import { getWidgetDefinition } from '../registry/widget-registry.ts';
import type { DesignerDeps } from './deps.ts';
import { toWidgetId } from './widget-tree.ts';

export interface CreateWidgetOptions {
  /** Shown in the layer list; defaults to the type's label and `number`. */
  readonly name?: string;
  /** Number in the default name, usually the page's widget count after adding. */
  readonly number?: number;
  readonly locale?: Locale;
}

/** The name a new widget gets: `矩形3` in Chinese, `Rectangle 3` in English. */
export function createWidgetName(
  type: WidgetType,
  number: number | undefined,
  locale: Locale = DEFAULT_LOCALE,
): string {
  const label = getWidgetDefinition(type).label;
  if (number === undefined) return locale === 'en-US' ? label.en : label.zh;
  return locale === 'en-US' ? `${label.en} ${number}` : `${label.zh}${number}`;
}

/**
 * A new widget of `type` placed in `placement`: a box (filled by the type's shape) or a position of
 * the type's own kind (a drawn line, say).
 */
export function createWidget<T extends LeafWidgetType>(
  type: T,
  placement: Box | Position,
  deps: Pick<DesignerDeps, 'createId'>,
  options: CreateWidgetOptions = {},
): WidgetOf<T> {
  const definition = getWidgetDefinition<LeafWidgetType>(type);
  const given = 'kind' in placement ? placement : undefined;
  const position =
    given?.kind === definition.geometry
      ? given
      : positionFromBox(definition.geometry, given ? boundsOf(given) : (placement as Box));
  const widget = {
    id: toWidgetId(deps.createId()),
    ref: '',
    widgetType: type,
    widgetName: options.name ?? createWidgetName(type, options.number, options.locale),
    posLock: false,
    position,
    authRegion: [],
    style: createDefaultStyle(definition.style),
    animation: createDefaultAnimation(),
    event: createDefaultClickEvent(definition.eventEnabled),
    binding: createEmptyBinding(),
    textId: deps.createId(),
    data: definition.createData(),
  };
  // The definition's geometry decides the position kind, which is what the schema pairs with T.
  return widget as unknown as WidgetOf<T>;
}

/** A widget of `type` at its default size, centred on `centre` (a drop from the palette). */
export function createWidgetAt<T extends LeafWidgetType>(
  type: T,
  centre: { x: number; y: number },
  deps: Pick<DesignerDeps, 'createId'>,
  options: CreateWidgetOptions = {},
): WidgetOf<T> {
  const { width, height } = getWidgetDefinition<LeafWidgetType>(type).defaultSize;
  return createWidget(
    type,
    { x: Math.round(centre.x - width / 2), y: Math.round(centre.y - height / 2), width, height },
    deps,
    options,
  );
}
