/**
 * The only code of the report module that touches the ORM: report definitions, computation
 * progress (locked per (report, device) while a node computes), stored rows, the ingest
 * invalidation log and the hour/day summaries refreshed from it.
 *
 * One class in layers, a file each: definitions and the devices reports read
 * (`report-definition.repository.ts`), progress and what a computation reads
 * (`report-progress.repository.ts`), the invalidation log and summaries
 * (`history-summary.repository.ts`), stored rows (`report-rows.repository.ts`). Callers see only
 * `ReportRepository`, inside a transaction too.
 */
import type { Database } from '../../db/client.ts';
import { ReportRowsRepository } from './report-rows.repository.ts';

export { markDirtyStatement, type DirtyMark } from './history-summary.repository.ts';
export type { ReportDeviceRow, StoredReport } from './report-definition.repository.ts';
export type { ProgressRow } from './report-progress.repository.ts';
export type { StoredRow } from './report-rows.repository.ts';

export class ReportRepository extends ReportRowsRepository {
  transaction<T>(work: (tx: ReportRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ReportRepository(tx as unknown as Database)));
  }
}
