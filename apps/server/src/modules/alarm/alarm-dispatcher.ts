/**
 * Notifications of alarms: plans each record with the escalation planner when its `notifyAt` comes
 * (raise, release, acknowledgement and the planner's own `nextAt` set it), queues the sends it
 * answers in the database (one row per key, so two nodes planning at once queue each once), then
 * claims due sends atomically and hands each to its channel adapter. Every attempt is recorded;
 * failures are retried with back-off. At send time the send is checked again: an acknowledged or
 * released alarm sends no more alarm messages, and a person who may no longer see the device
 * (§6: authorization revoked) gets nothing.
 */
import type { FastifyBaseLogger } from 'fastify';
import { LOCALES, type Locale } from '@lyyp/contracts';
import { alarmNoticeText, noticeLocale, type AlarmGroup } from '@lyyp/contracts/alarm';
import { newId } from '../../lib/ids.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import { presentRecord, recordTextsOf } from './alarm-record.presenter.ts';
import type { AlarmRecordRow, AlarmRepository, NotificationRow } from './alarm.repository.ts';
import { CHANNEL_ADAPTERS, PermanentSendError, type ChannelContext } from './channels/index.ts';
import { planNotifications } from './engine/index.ts';

/** Sends one node holds at a time; a node that crashed frees them after the hold. */
const CLAIM_HOLD_MS = 60_000;
const CLAIM_BATCH = 50;
const PLAN_BATCH = 100;
/** Attempts in all before a send is given up (5 tries over about a quarter of an hour). */
export const MAX_SEND_ATTEMPTS = 5;

/** Wait before the next attempt: 30 s, 1 min, 2 min, 4 min … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(30_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

export interface AlarmDispatcherDeps {
  readonly repository: AlarmRepository;
  readonly accounts: AccountRepository;
  readonly access: DeviceAccess;
  readonly channels: Omit<ChannelContext, 'now'>;
  readonly logger: Pick<FastifyBaseLogger, 'warn' | 'error'>;
  readonly now: () => number;
}

/** What a notification says, in every language. */
function noticeTexts(record: AlarmRecordRow, kind: 'alarm' | 'release', deviceName: string) {
  const texts = recordTextsOf(record);
  return Object.fromEntries(
    LOCALES.map((locale) => [locale, alarmNoticeText(kind, deviceName, texts[locale], locale)]),
  ) as Record<Locale, { title: string; text: string }>;
}

export class AlarmDispatcher {
  constructor(private readonly deps: AlarmDispatcherDeps) {}

  /** One round: plan the records whose time has come, then send what is due. */
  async dispatch(): Promise<{ planned: number; sent: number }> {
    const planned = await this.planDue();
    const sent = await this.sendDue();
    return { planned, sent };
  }

  async planDue(): Promise<number> {
    const now = this.deps.now();
    const records = await this.deps.repository.recordsToNotify(now, PLAN_BATCH);
    for (const record of records) {
      try {
        await this.planRecord(record, now);
      } catch (error) {
        this.deps.logger.error({ err: error, record: record.id }, 'alarm notification planning failed');
      }
    }
    return records.length;
  }

  private async authorisedRecipients(
    record: AlarmRecordRow,
    groups: readonly AlarmGroup[],
  ): Promise<Set<string>> {
    const ids = [
      ...new Set(groups.flatMap((group) => group.recipients.map((recipient) => recipient.accountId))),
    ];
    const authorised = new Set<string>();
    for (const id of ids) if (await this.mayReceive(id, record.deviceId)) authorised.add(id);
    return authorised;
  }

  private async mayReceive(accountId: string, deviceId: string): Promise<boolean> {
    const account = await this.deps.accounts.findById(accountId);
    if (!account || account.status !== 'enabled') return false;
    // A share without the alarm records carries no alarm pushes either (§6).
    return this.deps.access.allowsDeviceMenu(account, deviceId, 'alarms');
  }

  private async planRecord(record: AlarmRecordRow, now: number): Promise<void> {
    const byId = new Map(
      (await this.deps.repository.groupsByIds(record.groupIds)).map((group) => [group.id, group]),
    );
    const groups = record.groupIds.flatMap((id) => byId.get(id) ?? []);
    const recipients = [
      ...new Set(groups.flatMap((group) => group.recipients.map((entry) => entry.accountId))),
    ];
    const plan = planNotifications({
      alarm: {
        raisedAt: record.raisedAt.getTime(),
        acknowledgedAt: record.acknowledgedAt?.getTime() ?? null,
        releasedAt: record.releasedAt?.getTime() ?? null,
        pushMethods: record.pushMethods,
      },
      groups,
      preferences: await this.deps.repository.preferencesOf(recipients),
      authorisedAccounts: await this.authorisedRecipients(record, groups),
      sent: await this.deps.repository.notificationKeys(record.id),
      now,
    });
    await this.deps.repository.enqueue(
      plan.due.map((send) => ({
        id: newId(),
        recordId: record.id,
        key: send.key,
        kind: send.kind,
        channel: send.channel,
        groupId: send.groupId,
        accountId: send.accountId,
        occurrence: send.occurrence,
        dueAt: new Date(send.dueAt),
        nextAttemptAt: new Date(now),
      })),
    );
    await this.deps.repository.setNotifyAt(record.id, record.notifyAt, plan.nextAt);
  }

  async sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      const now = this.deps.now();
      const claimed = await this.deps.repository.claimDue(now, CLAIM_HOLD_MS, CLAIM_BATCH);
      if (claimed.length === 0) return sent;
      // Oldest first: a recipient's sends of one record on one channel go out in the order planned
      // (a later one is claimed only once the earlier is settled, so it may follow in the next round).
      claimed.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || (a.key < b.key ? -1 : 1));
      for (const notification of claimed) if (await this.sendOne(notification)) sent += 1;
    }
  }

  private async sendOne(notification: NotificationRow): Promise<boolean> {
    const now = this.deps.now();
    const record = await this.deps.repository.recordById(notification.recordId);
    if (!record) return false;
    const cancel = (reason: string) =>
      this.deps.repository.settleAttempt(notification, { result: 'cancelled', at: now, error: reason });
    if (notification.kind === 'alarm') {
      if (record.acknowledgedAt) return cancel('acknowledged').then(() => false);
      if (record.releasedAt) return cancel('released').then(() => false);
    }
    let account: { id: string; name: string | null; tel: string | null } | null = null;
    // A person gets their chosen language; anyone else (no choice, a group's own target) the
    // language the record's text is written in (`noticeLocale`): one language per message.
    let chosen: Locale | null = null;
    if (notification.accountId) {
      const row = await this.deps.accounts.findById(notification.accountId);
      if (!row || !(await this.mayReceive(row.id, record.deviceId)))
        return cancel('the recipient may no longer see the device').then(() => false);
      account = { id: row.id, name: row.name, tel: row.tel };
      const preferences = await this.deps.repository.preferencesOf([row.id]);
      chosen = preferences.get(row.id)?.locale ?? null;
    }
    const locale = noticeLocale(chosen, recordTextsOf(record));
    const [group] = await this.deps.repository.groupsByIds([notification.groupId]);
    if (!group) return cancel('the alarm group was deleted').then(() => false);
    const [device] = await this.deps.repository.deviceFacts([record.deviceId]);
    const deviceName = device?.name ?? '';
    const adapter = CHANNEL_ADAPTERS[notification.channel];
    const texts = noticeTexts(record, notification.kind, deviceName);
    try {
      await adapter.send(
        {
          id: notification.id,
          kind: notification.kind,
          occurrence: notification.occurrence,
          record: presentRecord(record, locale),
          deviceName,
          locale,
          ...texts[locale],
          texts,
          group,
          account,
        },
        { ...this.deps.channels, now: this.deps.now },
      );
      await this.deps.repository.settleAttempt(notification, { result: 'sent', at: this.deps.now() });
      return true;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      const permanent = error instanceof PermanentSendError;
      const retryAt =
        permanent || notification.attempts >= MAX_SEND_ATTEMPTS
          ? null
          : now + retryDelayMs(notification.attempts);
      this.deps.logger.warn(
        { channel: notification.channel, record: record.id, send: notification.key, error: text, retryAt },
        'alarm notification failed',
      );
      await this.deps.repository.settleAttempt(notification, {
        result: 'failed',
        at: now,
        error: text,
        retryAt,
      });
      return false;
    }
  }
}
