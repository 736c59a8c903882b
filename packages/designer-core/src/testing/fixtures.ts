/** Small builders for tests: pages and widgets with predictable ids. Not exported by the package. */
import type {
  LeafWidgetType,
  PageDocument,
  Position,
  Widget,
  WidgetId,
  WidgetOf,
} from '@lyyp/contracts/designer';
import type { Box } from '../geometry/box.ts';
import { createSequentialDeps, type DesignerDeps } from '../model/deps.ts';
import { createPage } from '../model/page.ts';
import { createWidget } from '../model/widget-factory.ts';

export function createTestDeps(): DesignerDeps {
  return createSequentialDeps('w');
}

export function createTestPage(widgets: readonly Widget[] = []): PageDocument {
  return {
    ...createPage({ id: 'page-1', productId: 'product-1' }),
    widgets: [...widgets],
    widgetCount: widgets.length,
  };
}

/** A widget of `type` at `placement`, id `id` (text id `id-text`). */
export function widgetOf<T extends LeafWidgetType>(
  type: T,
  id: string,
  placement: Box | Position,
): WidgetOf<T> {
  let calls = 0;
  return createWidget(type, placement, { createId: () => (calls++ === 0 ? id : `${id}-text`) });
}

export function rectAt(id: string, x: number, y: number, width = 100, height = 50): WidgetOf<'ShapeRect'> {
  return widgetOf('ShapeRect', id, { x, y, width, height });
}

export function asIds(...values: string[]): WidgetId[] {
  return values as WidgetId[];
}

export function asId(value: string): WidgetId {
  return value as WidgetId;
}
