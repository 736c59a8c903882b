/** One entry of the error catalogue, and how the catalogue's files write one. */
export interface CatalogueEntry {
  readonly zh: string;
  readonly en: string;
  /** HTTP status the API answers with. The envelope's `code` is what clients read. */
  readonly status: number;
}

export const entry = (zh: string, en: string, status = 400): CatalogueEntry => ({ zh, en, status });
