/**
 * A server-paged list: `queryKey` holds the screen's filters; a change of them goes back to page 1.
 * The previous page stays on screen while the next one loads.
 */
import { hashKey, keepPreviousData, useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { pageFor, shownPage, type PageOf, type PageRequest } from './paging.ts';

export interface PagedQueryOptions<T, P extends PageOf<T> = PageOf<T>> {
  /** The list's key with its filters, e.g. `['hardware-models', name]`. */
  queryKey: readonly unknown[];
  /** Fetches one page under the current filters. */
  fetch: (paging: PageRequest) => Promise<P>;
  /** The first page size (10 unless said). */
  pageSize?: number;
  /** False while the filters cannot be asked (a time range over the limit). */
  enabled?: boolean;
}

export interface PagedQuery<T, P extends PageOf<T> = PageOf<T>> {
  /** The query of the shown page (with what else the page answer carries). */
  query: UseQueryResult<P>;
  rows: readonly T[];
  total: number;
  /** The page shown and its size. */
  page: number;
  pageSize: number;
  setPage: (page: number, pageSize?: number) => void;
  /** Fetches the shown page again (after an add, edit or delete). */
  refetch: () => Promise<unknown>;
}

export function usePagedQuery<T, P extends PageOf<T> = PageOf<T>>({
  queryKey,
  fetch,
  pageSize = 10,
  enabled = true,
}: PagedQueryOptions<T, P>): PagedQuery<T, P> {
  const filters = hashKey(queryKey);
  const [state, setState] = useState({ page: 1, pageSize, filters });
  const asked = pageFor(state, filters);
  const query = useQuery({
    queryKey: [...queryKey, asked],
    queryFn: () => fetch(asked),
    enabled,
    placeholderData: keepPreviousData,
  });
  const shown = shownPage(asked, query.data);
  const setPage = (page: number, nextSize?: number) =>
    setState((current) => ({ page, pageSize: nextSize ?? current.pageSize, filters }));
  return {
    query,
    rows: query.data?.list ?? [],
    total: query.data?.total ?? 0,
    page: shown.page,
    pageSize: shown.pageSize,
    setPage,
    refetch: () => query.refetch(),
  };
}
