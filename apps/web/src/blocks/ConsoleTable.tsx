/**
 * The console's tables. `ConsoleTable` shows rows the screen already has (a section list, a
 * drawer's table); `PagedTable` shows a server-paged list from `usePagedQuery` with its total and
 * page sizes. Both show a failed load above the table in the catalogue's words, their own empty
 * text, a loading state, and fit their columns (`fitColumns`): headers read whole, time columns
 * wide enough, and the table scrolls sideways instead of hiding a column under the fixed actions.
 */
import { Table, Typography, type TableProps } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDescribeFailure } from '../features/monitor/common/catalogue-text.ts';
import type { ConsoleColumn } from './columns.tsx';
import { fitColumns } from './column-fit.ts';
import type { PageOf } from './paging.ts';
import type { PagedQuery } from './use-paged-query.ts';

type OwnTableProps<T> = Omit<TableProps<T>, 'columns' | 'dataSource' | 'loading' | 'locale'>;

export interface ConsoleTableProps<T> extends OwnTableProps<T> {
  columns: readonly (ConsoleColumn<T> | false | null | undefined)[];
  rows: readonly T[] | undefined;
  /** What an empty list says ("暂无硬件型号"). */
  emptyText: ReactNode;
  loading?: boolean;
  /** A failed load, shown above the table. */
  error?: unknown;
  /** Words a failure; the data screens' wording unless the screen has its own. */
  describeError?: (error: unknown) => string;
  /** The `data-testid` of the table. */
  testId?: string;
}

export function ConsoleTable<T extends object>({
  columns,
  rows,
  emptyText,
  loading,
  error,
  describeError,
  testId,
  rowKey = 'id',
  size = 'small',
  pagination = false,
  scroll,
  ...rest
}: ConsoleTableProps<T>) {
  const describeFailure = useDescribeFailure();
  const fitted = useMemo(
    () => fitColumns(columns.filter((column): column is ConsoleColumn<T> => Boolean(column))),
    [columns],
  );
  return (
    <>
      {error ? (
        <Typography.Paragraph type="danger" data-testid={testId ? `${testId}-error` : undefined}>
          {(describeError ?? describeFailure)(error)}
        </Typography.Paragraph>
      ) : null}
      <Table<T>
        rowKey={rowKey}
        size={size}
        data-testid={testId}
        loading={loading}
        dataSource={rows}
        pagination={pagination}
        scroll={{ ...scroll, x: Math.max(fitted.scrollX, typeof scroll?.x === 'number' ? scroll.x : 0) }}
        locale={{ emptyText }}
        columns={fitted.columns}
        {...rest}
      />
    </>
  );
}

export interface PagedTableProps<T> extends Omit<ConsoleTableProps<T>, 'rows' | 'pagination'> {
  paged: PagedQuery<T, PageOf<T>>;
  /** Offer page sizes (10/20/50/100); on unless said. */
  showSizeChanger?: boolean;
}

export function PagedTable<T extends object>({
  paged,
  showSizeChanger,
  loading,
  error,
  ...rest
}: PagedTableProps<T>) {
  const { t } = useTranslation();
  return (
    <ConsoleTable<T>
      {...rest}
      rows={paged.rows}
      loading={loading ?? paged.query.isFetching}
      error={error ?? paged.query.error}
      pagination={{
        current: paged.page,
        pageSize: paged.pageSize,
        total: paged.total,
        showSizeChanger,
        showTotal: (total) => t('monitor.common.total', { total }),
        onChange: (page, pageSize) => paged.setPage(page, pageSize),
      }}
    />
  );
}
