/**
 * Order and start-page rules of a product's pages (§3 Configuration page). A product with at least
 * one main page has exactly one start page, and it is a main page; a product with only child pages
 * has none. Pure: the service applies these inside a transaction that holds the product's pages.
 */
import type { PageKind } from '@lyyp/contracts';

export { PAGE_KINDS, type PageKind } from '@lyyp/contracts';

export interface OrderedPage {
  id: string;
  kind: PageKind;
  isStart: boolean;
  sortOrder: number;
}

/** New and copied pages go to the end of the list. */
export function nextSortOrder(pages: readonly OrderedPage[]): number {
  return pages.reduce((highest, page) => Math.max(highest, page.sortOrder + 1), 0);
}

/** A main page becomes the start page when the product has none yet (its first main page). */
export function becomesStartPage(pages: readonly OrderedPage[], kind: PageKind): boolean {
  return kind === 'main' && !pages.some((page) => page.isStart);
}

/**
 * The page that takes over when the start page `leavingId` goes: the next main page in list order,
 * else the nearest one before it; undefined when no main page remains.
 */
export function findSuccessorStartPage(pages: readonly OrderedPage[], leavingId: string): string | undefined {
  const position = pages.findIndex((page) => page.id === leavingId);
  const after = pages.slice(position + 1);
  const before = pages.slice(0, Math.max(position, 0)).reverse();
  return [...after, ...before].find((page) => page.kind === 'main' && page.id !== leavingId)?.id;
}
