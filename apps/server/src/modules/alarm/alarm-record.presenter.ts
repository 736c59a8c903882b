/** Alarm records as the API and the live channel show them (`alarmRecordSchema`), from stored rows. */
import { alarmStateOf, type AlarmRecord, type AlarmReleaseReason } from '@lyyp/contracts/alarm';
import type { AlarmRecordRow } from './alarm.repository.ts';

export function presentRecord(row: AlarmRecordRow): AlarmRecord {
  return {
    id: row.id,
    deviceId: row.deviceId,
    type: row.type,
    ruleId: row.ruleId,
    name: row.name,
    message: row.message,
    value: row.value ?? null,
    since: row.since.getTime(),
    raisedAt: row.raisedAt.getTime(),
    late: row.late,
    releasedAt: row.releasedAt?.getTime() ?? null,
    releaseReason: (row.releaseReason as AlarmReleaseReason | null) ?? null,
    ...(row.releasedAt ? { releaseValue: row.releaseValue ?? null } : {}),
    acknowledgedAt: row.acknowledgedAt?.getTime() ?? null,
    acknowledgedBy: row.acknowledgedBy,
    acknowledgeComment: row.acknowledgeComment,
  };
}

export function presentRecordItem(
  row: AlarmRecordRow,
  deviceName: string,
  acknowledgedByName: string | null,
) {
  const record = presentRecord(row);
  return { ...record, state: alarmStateOf(record), deviceName, acknowledgedByName };
}
