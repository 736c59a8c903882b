/**
 * The notification queue: one send per (record, recipient, channel, step), claimed by one node at a
 * time (`FOR UPDATE SKIP LOCKED`, with an expiry for a node that crashed), and every attempt with
 * its outcome. The fourth layer of `AlarmRepository`.
 */
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alarmNotificationAttempts, alarmNotifications } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { AlarmRecordRepository } from './alarm-record.repository.ts';

export type NotificationRow = typeof alarmNotifications.$inferSelect;
export type NewNotificationRow = typeof alarmNotifications.$inferInsert;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export class AlarmNotificationRepository extends AlarmRecordRepository {
  async notificationKeys(recordId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ key: alarmNotifications.key })
      .from(alarmNotifications)
      .where(eq(alarmNotifications.recordId, recordId));
    return new Set(rows.map((row) => row.key));
  }

  async enqueue(rows: readonly NewNotificationRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insert(alarmNotifications)
      .values([...rows])
      .onConflictDoNothing();
  }

  /**
   * Claims due sends for this node: pending, due, and not held by a live claim of another node.
   * `FOR UPDATE SKIP LOCKED` keeps two nodes from taking the same row; the claim's expiry frees a
   * send held by a node that crashed. A send waits while an earlier send of the same record to the
   * same recipient (person, or the group's own target) on the same channel is still pending — a
   * retry in back-off, or claimed elsewhere — so each recipient gets a record's notices in order.
   */
  async claimDue(now: number, holdMs: number, limit: number): Promise<NotificationRow[]> {
    const at = new Date(now).toISOString();
    const until = new Date(now + holdMs).toISOString();
    const result = await this.db.execute(sql`
      update ${alarmNotifications} set claimed_until = ${until}::timestamptz, attempts = attempts + 1
      where id in (
        select n.id from ${alarmNotifications} as n
        where n.status = 'pending' and n.next_attempt_at <= ${at}::timestamptz
          and (n.claimed_until is null or n.claimed_until <= ${at}::timestamptz)
          and not exists (
            select 1 from ${alarmNotifications} as e
            where e.record_id = n.record_id and e.channel = n.channel and e.status = 'pending'
              and (case when n.account_id is null then e.account_id is null and e.group_id = n.group_id
                        else e.account_id = n.account_id end)
              and (e.due_at, e.key) < (n.due_at, n.key))
        order by n.next_attempt_at
        limit ${limit}
        for update of n skip locked)
      returning id`);
    const ids = rowsOf<{ id: string }>(result).map((row) => row.id);
    if (ids.length === 0) return [];
    return this.db.select().from(alarmNotifications).where(inArray(alarmNotifications.id, ids));
  }

  /** Records the outcome of one attempt and moves the send on (sent, retried later, given up). */
  async settleAttempt(
    notification: Pick<NotificationRow, 'id' | 'attempts'>,
    outcome:
      | { result: 'sent'; at: number }
      | { result: 'cancelled'; at: number; error: string }
      | { result: 'failed'; at: number; error: string; retryAt: number | null },
  ): Promise<void> {
    await this.db.insert(alarmNotificationAttempts).values({
      id: newId(),
      notificationId: notification.id,
      attempt: notification.attempts,
      at: new Date(outcome.at),
      result: outcome.result,
      error: outcome.result === 'sent' ? null : outcome.error,
    });
    const status =
      outcome.result === 'failed' ? (outcome.retryAt === null ? 'failed' : 'pending') : outcome.result;
    await this.db
      .update(alarmNotifications)
      .set({
        status,
        claimedUntil: null,
        lastError: outcome.result === 'sent' ? null : outcome.error,
        sentAt: outcome.result === 'sent' ? new Date(outcome.at) : null,
        ...(outcome.result === 'failed' && outcome.retryAt !== null
          ? { nextAttemptAt: new Date(outcome.retryAt) }
          : {}),
      })
      .where(eq(alarmNotifications.id, notification.id));
  }

  async sendsOf(recordId: string) {
    const sends = await this.db
      .select()
      .from(alarmNotifications)
      .where(eq(alarmNotifications.recordId, recordId))
      .orderBy(asc(alarmNotifications.dueAt), asc(alarmNotifications.key));
    const attempts =
      sends.length === 0
        ? []
        : await this.db
            .select()
            .from(alarmNotificationAttempts)
            .where(
              inArray(
                alarmNotificationAttempts.notificationId,
                sends.map((send) => send.id),
              ),
            )
            .orderBy(asc(alarmNotificationAttempts.attempt));
    return { sends, attempts };
  }
}
