/**
 * Column widths of the console's tables. Every column keeps at least the width its header needs
 * (a header is never cut to "最…"), time columns the width of "2026-12-07 18:07:25", and the table
 * scrolls sideways by the sum of its columns, so a column is never squeezed under the fixed action
 * column on a 1440 px screen. Kept apart from React so the rules are tested in Node.
 */
import type { ReactNode } from 'react';

/** A console table column: antd's column, whose header must say what it holds. */
export interface FitColumn {
  title?: ReactNode;
  width?: number | string;
  fixed?: boolean | 'left' | 'right' | 'start' | 'end';
  sorter?: unknown;
  filters?: unknown;
}

/** The width a column without its own width is given in the sum (it may grow, never shrink). */
export const FLEX_COLUMN_WIDTH = 160;
/** A local date and time to the second (`formatTime`), in the console's 14 px font, with padding. */
export const TIME_COLUMN_WIDTH = 180;
/** A small table's cell padding (8 px each side) and room for a sorter or filter icon. */
const CELL_PADDING = 24;
const ICON_WIDTH = 22;

/** Whether a character is drawn full width (CJK ideographs, kana, hangul, full-width forms). */
function isWide(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0xa4cf) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe30 && code <= 0xfe4f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6)
  );
}

/** How wide a line of text is drawn in the 14 px console font (full width 14 px, others 8.5 px). */
export function textWidth(text: string): number {
  let width = 0;
  for (const char of text) width += isWide(char) ? 14 : 8.5;
  return Math.ceil(width);
}

/** The plain text of a header, when it is text (a string, a number or an array of them). */
function headerText(title: ReactNode): string | null {
  if (typeof title === 'string' || typeof title === 'number') return String(title);
  if (Array.isArray(title)) {
    const parts = title.map(headerText);
    return parts.every((part) => part !== null) ? parts.join('') : null;
  }
  return null;
}

/** The width a column's header needs to be read whole. */
export function headerWidth(column: FitColumn): number {
  const text = headerText(column.title);
  const icons = (column.sorter ? ICON_WIDTH : 0) + (column.filters ? ICON_WIDTH : 0);
  return text === null ? 0 : textWidth(text) + CELL_PADDING + icons;
}

export interface FittedColumns<C> {
  columns: C[];
  /** The table's `scroll.x`: the sum of the columns' widths. */
  scrollX: number;
}

/**
 * The columns with widths no narrower than their headers, and the width the table scrolls by.
 * A column without a width stays flexible and counts `FLEX_COLUMN_WIDTH` (or its header's width).
 */
export function fitColumns<C extends FitColumn>(columns: readonly C[]): FittedColumns<C> {
  let scrollX = 0;
  const fitted = columns.map((column) => {
    const needed = headerWidth(column);
    if (typeof column.width === 'number') {
      const width = Math.max(column.width, needed);
      scrollX += width;
      return width === column.width ? column : { ...column, width };
    }
    scrollX += Math.max(FLEX_COLUMN_WIDTH, needed);
    return column;
  });
  return { columns: fitted, scrollX };
}
