/**
 * Server paging state: the page and page size asked for, and the filters they were asked under.
 * A change of filters starts again at the first page without an effect or a reset call: the page
 * kept for other filters simply does not apply.
 */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** A page as the platform answers it (`list`, `total`, and the page it served when it says so). */
export interface PageOf<T> {
  list: readonly T[];
  total: number;
  page?: number;
  pageSize?: number;
}

export interface PagingState extends PageRequest {
  /** The filters (hashed query key) the page was chosen under. */
  filters: string;
}

/** The page to ask for under `filters`: the chosen one, or the first when the filters changed. */
export function pageFor(state: PagingState, filters: string): PageRequest {
  return state.filters === filters
    ? { page: state.page, pageSize: state.pageSize }
    : { page: 1, pageSize: state.pageSize };
}

/** The page the table shows: the one the server says it served, else the one asked for. */
export function shownPage(asked: PageRequest, answer: PageOf<unknown> | undefined): PageRequest {
  return { page: answer?.page ?? asked.page, pageSize: answer?.pageSize ?? asked.pageSize };
}
