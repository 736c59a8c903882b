/**
 * The message centre (§3 Message, §4 unread → read), announcements by operation staff, the notice
 * dialog after sign-in, and SIM cards with their expiry reminders (expiration messages 30, 7 and 1
 * days before, each once, from a daily sweep on the injected clock).
 */
import { CatalogueError, DEFAULT_LOCALE, LOCALES, type Locale } from '@lyyp/contracts';
import {
  MESSAGE_BODY_MAX_LENGTH,
  MESSAGE_TITLE_MAX_LENGTH,
  MESSAGE_TYPES,
  MESSAGE_TYPE_DEFINITIONS,
  SIM_SHEET_COLUMNS,
  daysLeft,
  dueSimExpiryReminder,
  simCardStatusOf,
  type MarkMessagesRead,
  type Message,
  type MessageType,
  type NoticeDialogItem,
  type SimCardItem,
  type SimCardStatus,
} from '@lyyp/contracts/alarm';
import type { Bus } from '../../bus/bus.ts';
import { newId } from '../../lib/ids.ts';
import type { AccountFacts } from '../device/viewer.ts';
import { readSheet, writeSheet } from '../product/spreadsheet.ts';
import type { MessageRepository, MessageRow } from './message.repository.ts';

const DAY_MS = 24 * 3600 * 1000;
const NOTICE_DIALOG_MAX_ITEMS = 10;

/** A message in the reader's language: the platform's own texts have every language, typed ones one. */
export function presentMessage(row: MessageRow, read: boolean, locale: Locale = DEFAULT_LOCALE): Message {
  const text = row.texts?.[locale];
  return {
    id: row.id,
    type: row.type,
    title: text?.title ?? row.title,
    body: text?.body ?? row.body,
    status: read ? 'read' : 'unread',
    createdAt: row.createdAt.getTime(),
    subject:
      row.subjectKind && row.subjectId
        ? { kind: row.subjectKind as 'alarm-record' | 'device' | 'work-order', id: row.subjectId }
        : null,
  };
}

export interface MessageServiceDeps {
  readonly messages: MessageRepository;
  readonly bus: Bus;
  readonly now: () => number;
}

export class MessageService {
  constructor(private readonly deps: MessageServiceDeps) {}

  /** An alarm message for one person (the in-app channel); once per dedupe key. */
  async createAlarmMessage(input: {
    accountId: string;
    /** In the recipient's language (the live pop-up shows these). */
    title: string;
    body: string;
    /** Title and text in every language; without them the message has only the one given. */
    texts?: Readonly<Record<Locale, { readonly title: string; readonly text: string }>>;
    recordId: string;
    dedupeKey: string;
  }): Promise<Message | undefined> {
    const given = input.texts;
    const texts = given
      ? Object.fromEntries(
          LOCALES.map((locale) => [
            locale,
            {
              title: given[locale].title.slice(0, MESSAGE_TITLE_MAX_LENGTH),
              body: given[locale].text.slice(0, MESSAGE_BODY_MAX_LENGTH),
            },
          ]),
        )
      : null;
    const row = await this.deps.messages.insert({
      id: newId(),
      accountId: input.accountId,
      type: 'alarm',
      title: input.title.slice(0, MESSAGE_TITLE_MAX_LENGTH),
      body: input.body.slice(0, MESSAGE_BODY_MAX_LENGTH),
      texts,
      subjectKind: 'alarm-record',
      subjectId: input.recordId,
      dedupeKey: input.dedupeKey,
      createdAt: new Date(this.deps.now()),
    });
    return row ? presentMessage(row, false) : undefined;
  }

  /**
   * A work order message for one person (§3 message type work order): the assignee when an order
   * reaches them, the creator at each change. Pushed live like an alarm notice, without speech.
   */
  async createWorkOrderMessage(input: {
    accountId: string;
    title: string;
    body: string;
    /** Title and text in every language; without them the message has only the one given. */
    texts?: Readonly<Record<Locale, { readonly title: string; readonly text: string }>>;
    workOrderId: string;
  }): Promise<Message | undefined> {
    const given = input.texts;
    const row = await this.deps.messages.insert({
      id: newId(),
      accountId: input.accountId,
      type: 'work-order',
      title: input.title.slice(0, MESSAGE_TITLE_MAX_LENGTH),
      body: input.body.slice(0, MESSAGE_BODY_MAX_LENGTH),
      texts: given
        ? Object.fromEntries(
            LOCALES.map((locale) => [
              locale,
              {
                title: given[locale].title.slice(0, MESSAGE_TITLE_MAX_LENGTH),
                body: given[locale].text.slice(0, MESSAGE_BODY_MAX_LENGTH),
              },
            ]),
          )
        : null,
      subjectKind: 'work-order',
      subjectId: input.workOrderId,
      createdAt: new Date(this.deps.now()),
    });
    if (!row) return undefined;
    const message = presentMessage(row, false);
    this.deps.bus.publish('notice', { accountId: input.accountId, message, speak: false });
    return message;
  }

  async list(
    account: AccountFacts,
    filter: {
      type?: MessageType | undefined;
      status?: 'read' | 'unread' | undefined;
      page: number;
      pageSize: number;
    },
    locale: Locale = DEFAULT_LOCALE,
  ) {
    const { total, rows } = await this.deps.messages.page(account.id, filter, {
      offset: (filter.page - 1) * filter.pageSize,
      limit: filter.pageSize,
    });
    return {
      list: rows.map((row) => presentMessage(row.message, row.read, locale)),
      total,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async unread(account: AccountFacts) {
    const counts = await this.deps.messages.unreadByType(account.id);
    const byType = Object.fromEntries(MESSAGE_TYPES.map((type) => [type, counts.get(type) ?? 0])) as Record<
      MessageType,
      number
    >;
    const popup = MESSAGE_TYPES.filter((type) => MESSAGE_TYPE_DEFINITIONS[type].countsInPopup).reduce(
      (sum, type) => sum + byType[type],
      0,
    );
    return { byType, popup };
  }

  async markRead(account: AccountFacts, request: MarkMessagesRead): Promise<{ marked: number }> {
    const marked =
      request.scope === 'selected'
        ? await this.deps.messages.markRead(account.id, request.ids)
        : await this.deps.messages.markRead(account.id, null, request.type);
    return { marked };
  }

  async publishAnnouncement(
    account: AccountFacts,
    input: { title: string; body: string; popup: boolean; equipType: string; imgUrl: string },
  ): Promise<Message> {
    const row = await this.deps.messages.insert({
      id: newId(),
      accountId: null,
      type: 'announcement',
      title: input.title,
      body: input.body,
      popup: input.popup,
      equipType: input.equipType,
      imgUrl: input.imgUrl || null,
      createdBy: account.id,
      createdAt: new Date(this.deps.now()),
    });
    return presentMessage(row!, false);
  }

  /** §3 notice dialog items: unread announcements and expiry reminders marked for the dialog. */
  async noticeDialog(account: AccountFacts, locale: Locale): Promise<NoticeDialogItem[]> {
    const rows = await this.deps.messages.noticeItems(account.id, NOTICE_DIALOG_MAX_ITEMS);
    return rows.map((row) => ({
      id: row.id,
      title: row.texts?.[locale]?.title ?? row.title,
      note: row.texts?.[locale]?.body ?? row.body,
      type: row.type === 'expiration' ? 'expire' : 'notice',
      equipType: (row.equipType as NoticeDialogItem['equipType'] | null) ?? 'api',
      imgUrl: row.imgUrl ?? '',
    }));
  }

  // SIM cards ---------------------------------------------------------------------------------------

  async listSims(filter: {
    status?: SimCardStatus | undefined;
    keyword?: string | undefined;
    page: number;
    pageSize: number;
  }) {
    const now = this.deps.now();
    const items: SimCardItem[] = (await this.deps.messages.listSims(filter.keyword)).map((row) => {
      const expiresAt = row.card.expiresAt?.getTime() ?? null;
      return {
        iccid: row.card.iccid,
        status: simCardStatusOf({ expiresAt, shutdown: row.card.shutdown }, now),
        expiresAt,
        daysLeft: expiresAt === null ? null : daysLeft(expiresAt, now),
        shutdown: row.card.shutdown,
        operator: row.card.operator,
        remark: row.card.remark,
        deviceId: row.deviceId,
        deviceName: row.deviceName,
      };
    });
    const matching = filter.status ? items.filter((item) => item.status === filter.status) : items;
    const start = (filter.page - 1) * filter.pageSize;
    return {
      list: matching.slice(start, start + filter.pageSize),
      total: matching.length,
      page: filter.page,
      pageSize: filter.pageSize,
    };
  }

  async editSim(input: {
    iccid: string;
    expiresAt?: number | null | undefined;
    shutdown?: boolean | undefined;
    operator?: string | undefined;
    remark?: string | undefined;
  }): Promise<void> {
    const existing = await this.deps.messages.findSim(input.iccid);
    const expiresAt =
      input.expiresAt === undefined
        ? (existing?.expiresAt ?? null)
        : input.expiresAt === null
          ? null
          : new Date(input.expiresAt);
    const sameExpiry = (existing?.expiresAt?.getTime() ?? null) === (expiresAt?.getTime() ?? null);
    await this.deps.messages.upsertSim({
      iccid: input.iccid,
      expiresAt,
      shutdown: input.shutdown ?? existing?.shutdown ?? false,
      operator: input.operator ?? existing?.operator ?? null,
      remark: input.remark ?? existing?.remark ?? null,
      // A renewed plan gets its reminders again.
      remindersSent: sameExpiry ? (existing?.remindersSent ?? []) : [],
    });
  }

  /**
   * Operation staff record a paid data-plan renewal: the card's end moves on by the months paid,
   * its reminders start again, and the owner of the device using it gets the order (for an invoice).
   * The order's title names the device, the card and the new end, which reads the same in any language.
   */
  async renewSim(input: { iccid: string; months: number; amountCents: number }) {
    const renewed = await this.deps.messages.renewSim({
      ...input,
      now: new Date(this.deps.now()),
      orderId: newId(),
      title: (deviceName, expiresAt) =>
        `${deviceName ?? 'SIM'} · ICCID ${input.iccid} · → ${expiresAt.toISOString().slice(0, 10)}`,
    });
    if (!renewed) throw new CatalogueError('2120', { iccid: input.iccid });
    return { expiresAt: renewed.expiresAt.getTime(), orderId: renewed.orderId };
  }

  /** Imports cards from an XLSX or CSV sheet (ICCID, expiry date, operator, shut down, remark). */
  async importSims(bytes: Buffer): Promise<{ imported: number }> {
    const rows = await readSheet(bytes, SIM_SHEET_COLUMNS, ['iccid']);
    const parsed = rows.map((row) => {
      const iccid = row.values.iccid ?? '';
      if (!/^[0-9A-Fa-f]{19,20}$/.test(iccid))
        throw new CatalogueError('2119', { row: row.row, reason: 'ICCID' });
      const expiryText = row.values.expiresAt;
      const expiresAt = expiryText ? Date.parse(expiryText) : undefined;
      if (expiresAt !== undefined && !Number.isFinite(expiresAt))
        throw new CatalogueError('2119', { row: row.row, reason: expiryText ?? '' });
      const shutdownText = (row.values.shutdown ?? '').toLowerCase();
      return {
        iccid,
        expiresAt,
        shutdown: ['1', 'true', 'yes', '是', '停机'].includes(shutdownText),
        operator: row.values.operator?.slice(0, 20),
        remark: row.values.remark?.slice(0, 20),
      };
    });
    for (const card of parsed) await this.editSim(card);
    return { imported: parsed.length };
  }

  async exportSimTemplate(locale: Locale): Promise<Buffer> {
    return writeSheet(
      'xlsx',
      'sim',
      SIM_SHEET_COLUMNS.map((column) => (locale === 'en-US' ? column.en : column.zh)),
      [],
    );
  }

  /**
   * Sends the expiry reminders due now, each once per card and expiry date: to the owner of the
   * device using the card, as an expiration message shown in the notice dialog. Safe on several
   * nodes: the reminder day is recorded with a conditional update before the message is made.
   */
  async sweepSimReminders(): Promise<number> {
    const now = this.deps.now();
    let sent = 0;
    for (const row of await this.deps.messages.simsEndingBefore(now + 31 * DAY_MS)) {
      const expiresAt = row.card.expiresAt;
      if (!expiresAt || !row.ownerAccountId) continue;
      const day = dueSimExpiryReminder(expiresAt.getTime(), now, row.card.remindersSent);
      if (day === null) continue;
      if (!(await this.deps.messages.markReminderSent(row.card.iccid, expiresAt, day))) continue;
      const left = daysLeft(expiresAt.getTime(), now);
      const date = expiresAt.toISOString().slice(0, 10);
      const device = row.deviceName ?? '';
      const texts = {
        'zh-CN': {
          title: `SIM 卡即将到期（${left} 天）`,
          body: `设备 ${device} 的 SIM 卡 ${row.card.iccid} 将于 ${date} 到期，请及时续费。`,
        },
        'en-US': {
          title: `SIM card expires in ${left} day(s)`,
          body: `The SIM card ${row.card.iccid} of ${device} expires on ${date}. Please renew it in time.`,
        },
      } as const;
      const message = await this.deps.messages.insert({
        id: newId(),
        accountId: row.ownerAccountId,
        type: 'expiration',
        title: texts['zh-CN'].title,
        body: texts['zh-CN'].body,
        texts,
        subjectKind: row.deviceId ? 'device' : null,
        subjectId: row.deviceId,
        popup: true,
        equipType: 'card',
        dedupeKey: `sim:${row.card.iccid}:${expiresAt.getTime()}:${day}`,
        createdAt: new Date(now),
      });
      if (message) {
        sent += 1;
        this.deps.bus.publish('notice', {
          accountId: row.ownerAccountId,
          message: presentMessage(message, false),
          speak: false,
        });
      }
    }
    return sent;
  }
}
