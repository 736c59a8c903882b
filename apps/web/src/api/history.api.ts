/**
 * History of a device's variables: the table (one row per second, newest first), its CSV and XLSX
 * export, and curves that come as raw points or as min/max buckets sized to the plot's width.
 */
import type { SheetFormat } from './catalogue.types.ts';
import { fileApi } from './catalogue.api.ts';
import type { FileApi } from './catalogue-files.ts';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export const HISTORY_PATHS = {
  query: '/history/query',
  export: '/history/export',
  curve: '/history/curve',
} as const;

export type HistoryValue = number | string | boolean | null;

export interface HistoryRow {
  ts: number;
  values: Record<string, HistoryValue>;
}

export interface HistoryRange {
  equipmentId: string;
  keys: string[];
  /** Epoch ms. */
  start: number;
  end: number;
}

export interface HistoryPage {
  list: HistoryRow[];
  total: number;
  page: number;
  pageSize: number;
}

export type CurveSeries =
  | { key: string; mode: 'raw'; points: Array<[number, HistoryValue]> }
  | { key: string; mode: 'bucket'; buckets: Array<[number, number, number]> };

export interface CurveAnswer {
  /** Null when none of the variables has data yet. */
  start: number | null;
  end: number | null;
  series: CurveSeries[];
}

export interface CurveRequest {
  equipmentId: string;
  keys: string[];
  /** Without a range the server picks the one holding the latest points. */
  start?: number;
  end?: number;
  /** Plot width in pixels: buckets are sized so one falls on each. */
  width: number;
}

export function createHistoryApi(client: ApiClient, files: FileApi) {
  return {
    queryHistory: (range: HistoryRange, page: number, pageSize: number) =>
      client.post<HistoryPage>(HISTORY_PATHS.query, { ...range, page, pageSize }),
    exportHistory: (range: HistoryRange, format: SheetFormat, timeZone: string) =>
      files.download(HISTORY_PATHS.export, { ...range, format, timeZone }, `history.${format}`),
    queryCurve: (request: CurveRequest, signal?: AbortSignal) =>
      client.post<CurveAnswer>(HISTORY_PATHS.curve, { ...request }, signal ? { signal } : undefined),
  };
}

export type HistoryApi = ReturnType<typeof createHistoryApi>;

export const historyApi = createHistoryApi(apiClient, fileApi);
