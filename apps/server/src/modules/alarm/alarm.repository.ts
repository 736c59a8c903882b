/**
 * The only code of the alarm module that touches the ORM for rules, groups, preferences, engine
 * state, records and the notification queue. Writes that two nodes could race on are conditional:
 * engine state by revision, records by their unique indexes, sends by claim.
 *
 * One class in layers, a file each: configuration (`alarm-rule.repository.ts`), engine state
 * (`alarm-state.repository.ts`), records (`alarm-record.repository.ts`), the notification queue
 * (`alarm-notification.repository.ts`). Callers see only `AlarmRepository`, inside a transaction too.
 */
import type { Database } from '../../db/client.ts';
import { AlarmNotificationRepository } from './alarm-notification.repository.ts';

export type { NewNotificationRow, NotificationRow } from './alarm-notification.repository.ts';
export type {
  AlarmRecordRow,
  EvaluationWrite,
  EvaluationWritten,
  NewAlarmRecordRow,
  RecordFilter,
  RecordRelease,
} from './alarm-record.repository.ts';
export type { StateRevision, StateWrite, StoredState } from './alarm-state.repository.ts';

export class AlarmRepository extends AlarmNotificationRepository {
  transaction<T>(work: (tx: AlarmRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new AlarmRepository(tx as unknown as Database, this.nodeId)));
  }
}
