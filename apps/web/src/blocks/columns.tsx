/**
 * Columns the console's tables share: a time column that stays wide enough for its value, and the
 * row actions fixed at the right. Every column has a header (`title` is required).
 */
import type { TableColumnType } from 'antd';
import type { ReactNode } from 'react';
import { formatTime } from '../features/monitor/common/format-time.ts';
import { TIME_COLUMN_WIDTH } from './column-fit.ts';

/** A table column with its header text. */
export type ConsoleColumn<T> = TableColumnType<T> & { title: ReactNode };

/** A local date and time to the second (or a dash), never narrower than its value. */
export function timeColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  extra: Partial<ConsoleColumn<T>> = {},
): ConsoleColumn<T> {
  const render = (value: string | number | null | undefined) => formatTime(value);
  return textColumn(title, dataIndex, { width: TIME_COLUMN_WIDTH, render, ...extra });
}

/** The row actions, fixed at the right of a table that scrolls under it. */
export function actionColumn<T>(
  title: string,
  render: (row: T, index: number) => ReactNode,
  width = 130,
): ConsoleColumn<T> {
  return {
    title,
    key: 'actions',
    width,
    fixed: 'right',
    render: (_value: unknown, row: T, index: number) => render(row, index),
  };
}

/** A plain value, or a dash when the row has none. */
export function textColumn<T>(
  title: string,
  dataIndex: keyof T & string,
  extra: Partial<ConsoleColumn<T>> = {},
): ConsoleColumn<T> {
  return {
    title,
    dataIndex,
    render: (value: ReactNode) => (value === null || value === undefined || value === '' ? '—' : value),
    ...extra,
  };
}
