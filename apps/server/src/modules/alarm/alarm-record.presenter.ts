/**
 * Alarm records as the API and the live channel show them (`alarmRecordSchema`), from stored rows:
 * `name` and `message` in the reader's language, `texts` in every language (the live channel
 * reaches readers of both, and each console picks its own).
 */
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lyyp/contracts';
import {
  alarmStateOf,
  recordTextIn,
  type AlarmRecord,
  type AlarmRecordTexts,
  type AlarmReleaseReason,
} from '@lyyp/contracts/alarm';
import type { AlarmRecordRow } from './alarm.repository.ts';

/** The row's texts in every language; a row raised before they were kept has its Chinese only. */
export function recordTextsOf(row: Pick<AlarmRecordRow, 'name' | 'message' | 'texts'>): AlarmRecordTexts {
  if (row.texts) return row.texts;
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, { name: row.name, message: row.message }]),
  ) as AlarmRecordTexts;
}

export function presentRecord(row: AlarmRecordRow, locale: Locale = DEFAULT_LOCALE): AlarmRecord {
  const texts = recordTextsOf(row);
  const text = recordTextIn({ ...row, texts }, locale);
  return {
    id: row.id,
    deviceId: row.deviceId,
    type: row.type,
    ruleId: row.ruleId,
    name: text.name,
    message: text.message,
    texts,
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
  locale: Locale,
  article: { id: string | null; title: string | null } = { id: null, title: null },
) {
  const record = presentRecord(row, locale);
  return {
    ...record,
    state: alarmStateOf(record),
    deviceName,
    acknowledgedByName,
    article: article.id && article.title !== null ? { id: article.id, title: article.title } : null,
  };
}
