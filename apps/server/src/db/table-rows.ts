/**
 * Rows a statement answered outside Drizzle's query builder (`runInOneTransaction` answers the
 * database driver's rows), made what Drizzle's own `select` or `returning()` answers: keyed by
 * field name, each value through its column's mapping (timestamps as dates, JSON parsed). The
 * statement must return every column of the table (`returning()` with no arguments).
 */
import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

export function tableRows<T extends Table>(
  table: T,
  rows: readonly Record<string, unknown>[],
): InferSelectModel<T>[] {
  const columns = Object.entries(getTableColumns(table));
  return rows.map((raw) => {
    const row: Record<string, unknown> = {};
    for (const [field, column] of columns) {
      if (!(column.name in raw)) throw new Error(`the answer has no column ${column.name}`);
      const value = raw[column.name];
      row[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row as InferSelectModel<T>;
  });
}
