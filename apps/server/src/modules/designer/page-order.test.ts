import { describe, expect, it } from 'vitest';
import { becomesStartPage, findSuccessorStartPage, nextSortOrder, type OrderedPage } from './page-order.ts';

const page = (id: string, kind: OrderedPage['kind'], isStart = false, sortOrder = 0): OrderedPage => ({
  id,
  kind,
  isStart,
  sortOrder,
});

describe('page order', () => {
  it('puts new pages after the last one', () => {
    expect(nextSortOrder([])).toBe(0);
    expect(nextSortOrder([page('a', 'main', true, 0), page('b', 'child', false, 7)])).toBe(8);
  });

  it('makes the first main page the start page, and only that one', () => {
    expect(becomesStartPage([], 'main')).toBe(true);
    expect(becomesStartPage([], 'child')).toBe(false);
    expect(becomesStartPage([page('c', 'child')], 'main')).toBe(true);
    expect(becomesStartPage([page('a', 'main', true)], 'main')).toBe(false);
  });

  it('hands the start over to the next main page, else the one before', () => {
    const pages = [
      page('a', 'main', false, 0),
      page('b', 'main', true, 1),
      page('c', 'child', false, 2),
      page('d', 'main', false, 3),
    ];
    expect(findSuccessorStartPage(pages, 'b')).toBe('d');
    expect(findSuccessorStartPage(pages.slice(0, 3), 'b')).toBe('a');
    expect(findSuccessorStartPage([page('b', 'main', true), page('c', 'child')], 'b')).toBeUndefined();
  });
});
