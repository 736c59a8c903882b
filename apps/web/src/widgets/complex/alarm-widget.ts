/**
 * Decisions of the alarm records widget (ComplexAlarm), kept out of React so they are tested in
 * Node: whose records it shows (its listed devices, else the page's device), which columns in which
 * order, whether a live alarm event concerns it, and the records the designer previews.
 */
import { ALARM_COLUMNS, type WidgetDataOf } from '@lyyp/contracts/designer';
import type { AlarmRecordItem } from '@lyyp/contracts/alarm';

export type AlarmAddon = WidgetDataOf<'ComplexAlarm'>['dataAddon'];
export type AlarmColumn = (typeof ALARM_COLUMNS)[number];

export interface AlarmDevice {
  readonly id: string;
  /** The title the designer stored; empty for the page's own device (its name comes with the records). */
  readonly title: string;
}

/** The devices whose records the widget shows: the listed ones, else the page's device (if any). */
export function alarmDevicesOf(
  addon: Pick<AlarmAddon, 'equips'>,
  pageDeviceId: string | undefined,
): AlarmDevice[] {
  const listed = addon.equips
    .filter((equip) => equip.equipmentId !== '')
    .map((equip) => ({ id: equip.equipmentId, title: equip.title }));
  const unique = [...new Map(listed.map((device) => [device.id, device])).values()];
  if (unique.length > 0) return unique;
  return pageDeviceId ? [{ id: pageDeviceId, title: '' }] : [];
}

/** The chosen columns in the §3 order, each once. */
export function shownAlarmColumns(addon: Pick<AlarmAddon, 'columns'>): AlarmColumn[] {
  const chosen = new Set(addon.columns);
  return ALARM_COLUMNS.filter((column) => chosen.has(column));
}

/** Whether a live alarm event (raised, released, acknowledged) changes what the widget shows. */
export function concernsWidget(eventDeviceId: string, shownDeviceId: string | null): boolean {
  return shownDeviceId !== null && eventDeviceId === shownDeviceId;
}

const MINUTE_MS = 60_000;

/**
 * Two records for the designer's preview, one active and unacknowledged, one cleared and
 * acknowledged, so every column and both states show with their look.
 */
export function previewAlarmRecords(
  now: number,
  texts: { name: string; message: string; device: string },
): AlarmRecordItem[] {
  const base = {
    deviceId: 'preview',
    ruleId: null,
    name: texts.name,
    message: texts.message,
    late: false,
    releaseReason: null,
    acknowledgedBy: null,
    acknowledgeComment: null,
    acknowledgedByName: null,
    deviceName: texts.device,
    article: null,
  } as const;
  return [
    {
      ...base,
      id: 'preview-1',
      type: 'variable',
      value: 92.5,
      since: now - 5 * MINUTE_MS,
      raisedAt: now - 5 * MINUTE_MS,
      releasedAt: null,
      acknowledgedAt: null,
      state: 'active-unacknowledged',
    },
    {
      ...base,
      id: 'preview-2',
      type: 'offline',
      value: null,
      since: now - 95 * MINUTE_MS,
      raisedAt: now - 95 * MINUTE_MS,
      releasedAt: now - 60 * MINUTE_MS,
      releaseReason: 'device-back',
      acknowledgedAt: now - 58 * MINUTE_MS,
      state: 'cleared-acknowledged',
    },
  ];
}
