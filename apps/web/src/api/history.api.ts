/**
 * History of a device's variables: the table (one row per second, newest first), its CSV and XLSX
 * export, and curves that come as raw points or as min/max buckets sized to the plot's width.
 * Requests and answers are the contract's (`@lyyp/contracts`, src/api/history.ts).
 */
import type {
  CurveAnswer,
  HistoryCurveRequest,
  HistoryPage,
  HistoryRange,
  SheetFormat,
} from '@lyyp/contracts';
import { fileApi } from './catalogue.api.ts';
import type { FileApi } from './catalogue-files.ts';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export type {
  CurveAnswer,
  CurveSeries,
  HistoryCurveRequest as CurveRequest,
  HistoryPage,
  HistoryRange,
  HistoryRow,
  HistoryValue,
} from '@lyyp/contracts';

export const HISTORY_PATHS = {
  query: '/history/query',
  export: '/history/export',
  curve: '/history/curve',
} as const;

export function createHistoryApi(client: ApiClient, files: FileApi) {
  return {
    queryHistory: (range: HistoryRange, page: number, pageSize: number) =>
      client.post<HistoryPage>(HISTORY_PATHS.query, { ...range, page, pageSize }),
    exportHistory: (range: HistoryRange, format: SheetFormat, timeZone: string) =>
      files.download(HISTORY_PATHS.export, { ...range, format, timeZone }, `history.${format}`),
    queryCurve: (request: HistoryCurveRequest, signal?: AbortSignal) =>
      client.post<CurveAnswer>(HISTORY_PATHS.curve, { ...request }, signal ? { signal } : undefined),
  };
}

export type HistoryApi = ReturnType<typeof createHistoryApi>;

export const historyApi = createHistoryApi(apiClient, fileApi);
