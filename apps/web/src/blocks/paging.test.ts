import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageFor, shownPage } from './paging.ts';

describe('server paging', () => {
  it('keeps the chosen page under the same filters and starts again at page 1 under new ones', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 500 }),
        fc.constantFrom(10, 20, 50, 100),
        fc.string(),
        fc.string(),
        (page, pageSize, chosenUnder, asked) => {
          const next = pageFor({ page, pageSize, filters: chosenUnder }, asked);
          expect(next).toEqual({ page: chosenUnder === asked ? page : 1, pageSize });
        },
      ),
    );
  });

  it('shows the page the server says it served, else the one asked for', () => {
    expect(shownPage({ page: 3, pageSize: 10 }, undefined)).toEqual({ page: 3, pageSize: 10 });
    expect(shownPage({ page: 3, pageSize: 10 }, { list: [], total: 5, page: 1, pageSize: 10 })).toEqual({
      page: 1,
      pageSize: 10,
    });
    expect(shownPage({ page: 2, pageSize: 20 }, { list: [], total: 5 })).toEqual({ page: 2, pageSize: 20 });
  });
});
