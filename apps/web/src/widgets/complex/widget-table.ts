/** What the table widgets (alarm records, history report) share: a small table filling the widget's box. */
import type { ReactNode } from 'react';

/** The rows scroll inside `bodyHeight`, so the header and the pager stay in the box. */
export function widgetTableProps<T>(
  testId: string,
  rows: readonly T[],
  loading: boolean,
  empty: ReactNode,
  bodyHeight: number,
) {
  return {
    size: 'small' as const,
    'data-testid': testId,
    loading,
    dataSource: [...rows],
    locale: { emptyText: empty },
    scroll: { x: 'max-content' as const, y: bodyHeight },
  };
}
