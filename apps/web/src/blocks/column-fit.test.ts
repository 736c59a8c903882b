import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FLEX_COLUMN_WIDTH, fitColumns, headerWidth, textWidth } from './column-fit.ts';

describe('column widths of the console tables', () => {
  it('widens a column to its header, so "最后上线时间" is never cut to "最…"', () => {
    const { columns } = fitColumns([{ title: '最后上线时间', width: 60 }]);
    expect(columns[0]?.width).toBe(headerWidth({ title: '最后上线时间' }));
    expect(columns[0]?.width).toBeGreaterThanOrEqual(6 * 14);
  });

  it('keeps a width already wide enough, and leaves a flexible column flexible', () => {
    const wide = { title: 'Name', width: 300 };
    const flexible = { title: 'Detail' };
    const { columns, scrollX } = fitColumns([wide, flexible]);
    expect(columns[0]).toBe(wide);
    expect(columns[1]).toBe(flexible);
    expect(scrollX).toBe(300 + FLEX_COLUMN_WIDTH);
  });

  it('counts sorter and filter icons in a header', () => {
    expect(headerWidth({ title: 'Due', sorter: true, filters: [] })).toBeGreaterThan(
      headerWidth({ title: 'Due' }),
    );
  });

  it('measures full-width characters wider than Latin ones', () => {
    expect(textWidth('时间')).toBeGreaterThan(textWidth('ab'));
  });

  it('scrolls by at least every column, the fixed action column included', () => {
    const column = fc.record({
      title: fc.string({ maxLength: 12 }),
      width: fc.option(fc.integer({ min: 20, max: 400 }), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(column, { maxLength: 12 }), (input) => {
        const { columns, scrollX } = fitColumns([...input, { title: '操作', width: 130, fixed: 'right' }]);
        let sum = 0;
        for (const fitted of columns) {
          const width = typeof fitted.width === 'number' ? fitted.width : FLEX_COLUMN_WIDTH;
          expect(width).toBeGreaterThanOrEqual(typeof fitted.width === 'number' ? headerWidth(fitted) : 0);
          sum += Math.max(width, headerWidth(fitted));
        }
        expect(scrollX).toBe(sum);
      }),
    );
  });
});
