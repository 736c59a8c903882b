/**
 * Alarm records as people see them: those of one device, the list across every device the caller
 * may see (filters, paging, export), acknowledgement (one or many, with a comment) and the sends
 * of a record with each attempt. Tenancy: a record of a device the caller may not see is answered
 * exactly like a missing one (1003).
 */
import { CatalogueError, DEFAULT_LOCALE, MAX_QUERY_RANGE_DAYS, type Locale } from '@lyyp/contracts';
import {
  ALARM_EXPORT_COLUMNS,
  ALARM_RECORD_TYPE_NAMES,
  ALARM_RELEASE_REASONS,
  ALARM_STATES,
  type AlarmExportColumn,
  type AlarmRecordItem,
  type AlarmState,
  type DeviceRulesAnswer,
  type NotificationSend,
  type RecordListBody,
} from '@lyyp/contracts/alarm';
import type { Bus } from '../../bus/bus.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import { viewerOf, type AccountFacts } from '../device/viewer.ts';
import { writeSheet, type SheetFormat } from '../product/spreadsheet.ts';
import { presentRecord, presentRecordItem } from './alarm-record.presenter.ts';
import type { AlarmRepository, RecordFilter } from './alarm.repository.ts';
import { DEFAULT_STATUS_ALARMS } from './rule-cache.ts';

const DAY_MS = 24 * 3600 * 1000;
const LATE_MARK = { zh: '是', en: 'yes' } as const;
/** Most rows one export holds. */
export const ALARM_EXPORT_MAX_ROWS = 50_000;

function stateFilter(state: AlarmState | undefined): Pick<RecordFilter, 'active' | 'acknowledged'> {
  if (!state) return {};
  const [activity, acknowledgement] = state.split('-') as ['active' | 'cleared', string];
  return { active: activity === 'active', acknowledged: acknowledgement === 'acknowledged' };
}

/** §5: start before end, not before 1970, at most 30 days. */
function checkRange(start: number, end: number) {
  if (start < 0 || end < 0) throw new CatalogueError('1806');
  if (start >= end) throw new CatalogueError('1804');
  if (end - start > MAX_QUERY_RANGE_DAYS * DAY_MS)
    throw new CatalogueError('1805', { days: MAX_QUERY_RANGE_DAYS });
}

export interface AlarmRecordsDeps {
  readonly repository: AlarmRepository;
  readonly access: DeviceAccess;
  readonly bus: Bus;
  readonly now: () => number;
}

export class AlarmRecordsService {
  constructor(private readonly deps: AlarmRecordsDeps) {}

  async deviceRecords(
    account: AccountFacts,
    input: { deviceId: string; state?: AlarmState | undefined; page: number; pageSize: number },
    locale: Locale = DEFAULT_LOCALE,
  ) {
    await this.deps.access.requireDeviceMenu(account, input.deviceId, 'alarms', { refusal: '2116' });
    return this.page(account, { deviceId: input.deviceId, ...stateFilter(input.state) }, input, locale);
  }

  /**
   * The rules a device is checked against, for its management wizard: with the same access as its
   * alarm records (2116 for a share without them). Groups go by name only.
   */
  async deviceRules(account: AccountFacts, deviceId: string): Promise<DeviceRulesAnswer> {
    const device = await this.deps.access.requireDeviceMenu(account, deviceId, 'alarms', { refusal: '2116' });
    const [rules, set, groups] = await Promise.all([
      this.deps.repository.rulesOf(device.productId),
      this.deps.repository.ruleSet(device.productId),
      this.deps.repository.groupsOf(device.productId),
    ]);
    return {
      deviceId: device.id,
      productId: device.productId,
      rules,
      statusAlarms: set?.statusAlarms ?? DEFAULT_STATUS_ALARMS,
      groups: groups.map((group) => ({ id: group.id, name: group.name })),
    };
  }

  async list(account: AccountFacts, input: RecordListBody, locale: Locale = DEFAULT_LOCALE) {
    checkRange(input.start, input.end);
    return this.page(account, this.filterOf(input), input, locale);
  }

  private filterOf(input: Omit<RecordListBody, 'page' | 'pageSize'>): RecordFilter {
    return {
      from: input.start,
      to: input.end,
      deviceId: input.equipmentId,
      groupId: input.groupId,
      type: input.type,
      ...stateFilter(input.state),
      ...(input.activity ? { active: input.activity === 'active' } : {}),
    };
  }

  private async page(
    account: AccountFacts,
    filter: RecordFilter,
    paging: { page: number; pageSize: number },
    locale: Locale,
  ) {
    const { total, rows } = await this.deps.repository.pageRecords(viewerOf(account), filter, {
      offset: (paging.page - 1) * paging.pageSize,
      limit: paging.pageSize,
    });
    const list: AlarmRecordItem[] = rows.map((row) =>
      presentRecordItem(row.record, row.deviceName, row.acknowledgedByName, locale, {
        id: row.articleId,
        title: row.articleTitle,
      }),
    );
    return { list, total, page: paging.page, pageSize: paging.pageSize };
  }

  async export(
    account: AccountFacts,
    input: Omit<RecordListBody, 'page' | 'pageSize'> & { format: SheetFormat; timeZone?: string | undefined },
    locale: Locale,
  ): Promise<{ name: string; bytes: Buffer; format: SheetFormat }> {
    checkRange(input.start, input.end);
    const { rows } = await this.deps.repository.pageRecords(viewerOf(account), this.filterOf(input), {
      offset: 0,
      limit: ALARM_EXPORT_MAX_ROWS,
    });
    const en = locale === 'en-US';
    let timeZone = 'Asia/Shanghai';
    try {
      if (input.timeZone)
        timeZone = new Intl.DateTimeFormat('en', { timeZone: input.timeZone }).resolvedOptions().timeZone;
    } catch {
      // an unknown zone falls back to the platform's
    }
    const format = new Intl.DateTimeFormat('sv-SE', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    const time = (value: Date | null) => (value ? format.format(value) : '');
    const language = en ? 'en' : 'zh';
    const headers = ALARM_EXPORT_COLUMNS.map((column) => column[language]);
    const table = rows.map(({ record, deviceName, acknowledgedByName }) => {
      const item = presentRecordItem(record, deviceName, acknowledgedByName, locale);
      const cells: Record<AlarmExportColumn, string> = {
        device: deviceName,
        name: item.name,
        type: ALARM_RECORD_TYPE_NAMES[record.type][language],
        message: item.message,
        value: item.value === null ? '' : String(item.value),
        raisedAt: time(record.raisedAt),
        releasedAt: time(record.releasedAt),
        releaseReason: item.releaseReason ? ALARM_RELEASE_REASONS[item.releaseReason][language] : '',
        state: ALARM_STATES[item.state][language],
        acknowledgedBy: acknowledgedByName ?? '',
        acknowledgedAt: time(record.acknowledgedAt),
        comment: record.acknowledgeComment ?? '',
        late: record.late ? LATE_MARK[language] : '',
      };
      return ALARM_EXPORT_COLUMNS.map((column) => cells[column.field]);
    });
    const bytes = await writeSheet(input.format, 'alarms', headers, table);
    return { name: `alarms.${input.format}`, bytes, format: input.format };
  }

  /**
   * Acknowledges records (active or cleared). Records the caller may not see are answered as
   * missing (1003) and nothing is acknowledged; a single record already acknowledged is 2108;
   * among several, those already acknowledged are reported and left as they were.
   */
  async acknowledge(account: AccountFacts, ids: readonly string[], comment: string) {
    const records = await this.deps.repository.recordsByIds(ids);
    const byId = new Map(records.map((record) => [record.id, record]));
    for (const id of ids) {
      const record = byId.get(id);
      const device = record && (await this.deps.access.findVisibleDevice(account, record.deviceId));
      if (!device) throw new CatalogueError('1003');
      await this.deps.access.authorize(account, 'alarmRecord.acknowledge', device);
    }
    const now = this.deps.now();
    const acknowledged = await this.deps.repository.acknowledge(ids, account.id, now, comment);
    const done = new Set(acknowledged.map((record) => record.id));
    const already = ids.filter((id) => !done.has(id));
    if (ids.length === 1 && already.length === 1) throw new CatalogueError('2108');
    for (const record of acknowledged) {
      // The dispatcher plans it again now: pending alarm sends are cancelled.
      await this.deps.repository.wakeRecord(record.id, now);
      this.deps.bus.publish('alarm', {
        deviceId: record.deviceId,
        event: 'acknowledged',
        record: presentRecord(record),
      });
    }
    return { acknowledged: [...done], alreadyAcknowledged: already };
  }

  /** The sends of a record with every attempt (why a message did or did not arrive). */
  async sends(account: AccountFacts, recordId: string): Promise<NotificationSend[]> {
    const record = await this.deps.repository.recordById(recordId);
    const device = record && (await this.deps.access.findVisibleDevice(account, record.deviceId));
    if (!record || !device) throw new CatalogueError('1003');
    await this.deps.access.authorize(account, 'alarmRecord.view', device);
    const { sends, attempts } = await this.deps.repository.sendsOf(recordId);
    return sends.map((send) => ({
      id: send.id,
      kind: send.kind,
      channel: send.channel,
      groupId: send.groupId,
      accountId: send.accountId,
      occurrence: send.occurrence,
      dueAt: send.dueAt.getTime(),
      status: send.status,
      sentAt: send.sentAt?.getTime() ?? null,
      attempts: attempts
        .filter((attempt) => attempt.notificationId === send.id)
        .map((attempt) => ({
          attempt: attempt.attempt,
          at: attempt.at.getTime(),
          result: attempt.result,
          error: attempt.error,
        })),
    }));
  }
}
