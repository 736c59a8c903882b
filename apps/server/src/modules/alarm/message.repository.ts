/**
 * The message centre and SIM cards in the database. A message addressed to an account is that
 * account's; an announcement (no account) is everyone's; read state is per account in
 * `message_reads`, so "mark all" is one statement whatever the number of announcements.
 */
import { and, asc, desc, eq, ilike, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { MessageType } from '@lyyp/contracts/alarm';
import type { Database } from '../../db/client.ts';
import { devices, messageReads, messages, orders, simCards } from '../../db/schema/index.ts';

export type MessageRow = typeof messages.$inferSelect;
export type NewMessageRow = typeof messages.$inferInsert;
export type SimCardRow = typeof simCards.$inferSelect;

export class MessageRepository {
  constructor(private readonly db: Database) {}

  /** Inserts a message once per dedupe key; answers it, or undefined when it already existed. */
  async insert(row: NewMessageRow): Promise<MessageRow | undefined> {
    const [inserted] = await this.db.insert(messages).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  private mine(accountId: string): SQL {
    return or(eq(messages.accountId, accountId), isNull(messages.accountId))!;
  }

  private readBy(accountId: string): SQL {
    return sql`exists (select 1 from ${messageReads} where ${messageReads.messageId} = ${messages.id} and ${messageReads.accountId} = ${accountId})`;
  }

  async page(
    accountId: string,
    filter: { type?: MessageType | undefined; status?: 'read' | 'unread' | undefined },
    page: { offset: number; limit: number },
  ) {
    const conditions: SQL[] = [this.mine(accountId)];
    if (filter.type) conditions.push(eq(messages.type, filter.type));
    if (filter.status === 'read') conditions.push(this.readBy(accountId));
    if (filter.status === 'unread') conditions.push(sql`not ${this.readBy(accountId)}`);
    const where = and(...conditions);
    const [count] = await this.db
      .select({ total: sql<number>`count(*)::int` })
      .from(messages)
      .where(where);
    const rows = await this.db
      .select({ message: messages, read: sql<boolean>`${this.readBy(accountId)}` })
      .from(messages)
      .where(where)
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(page.limit)
      .offset(page.offset);
    return { total: count?.total ?? 0, rows };
  }

  async unreadByType(accountId: string): Promise<Map<MessageType, number>> {
    const rows = await this.db
      .select({ type: messages.type, count: sql<number>`count(*)::int` })
      .from(messages)
      .where(and(this.mine(accountId), sql`not ${this.readBy(accountId)}`))
      .groupBy(messages.type);
    return new Map(rows.map((row) => [row.type, row.count]));
  }

  /** Marks the account's own messages among `ids` read (others' ids change nothing). */
  async markRead(accountId: string, ids: readonly string[] | null, type?: MessageType): Promise<number> {
    const conditions: SQL[] = [this.mine(accountId), sql`not ${this.readBy(accountId)}`];
    if (ids) conditions.push(inArray(messages.id, [...ids]));
    if (type) conditions.push(eq(messages.type, type));
    const result = await this.db.execute(sql`
      insert into ${messageReads} (message_id, account_id)
      select ${messages.id}, ${accountId} from ${messages} where ${and(...conditions)}
      on conflict do nothing`);
    return (
      (result as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0
    );
  }

  /** Unread announcements and expiry reminders marked for the notice dialog. */
  async noticeItems(accountId: string, limit: number): Promise<MessageRow[]> {
    return this.db
      .select()
      .from(messages)
      .where(and(this.mine(accountId), eq(messages.popup, true), sql`not ${this.readBy(accountId)}`))
      .orderBy(desc(messages.createdAt))
      .limit(limit);
  }

  // SIM cards ---------------------------------------------------------------------------------------

  async upsertSim(row: typeof simCards.$inferInsert): Promise<void> {
    const { iccid: _iccid, ...changes } = row;
    await this.db
      .insert(simCards)
      .values(row)
      .onConflictDoUpdate({ target: simCards.iccid, set: { ...changes, updatedAt: sql`now()` } });
  }

  async findSim(iccid: string): Promise<SimCardRow | undefined> {
    const [row] = await this.db.select().from(simCards).where(eq(simCards.iccid, iccid));
    return row;
  }

  /**
   * Renews a card's plan and records the order for the owner of the device using it, in one
   * transaction: the new end counts from the old end, or from now when the card has already ended.
   * Answers null for an unknown card.
   */
  async renewSim(input: {
    iccid: string;
    months: number;
    amountCents: number;
    now: Date;
    orderId: string;
    title: (deviceName: string | null, expiresAt: Date) => string;
  }): Promise<{ expiresAt: Date; orderId: string | null } | null> {
    return this.db.transaction(async (tx) => {
      const [card] = await tx
        .select({ expiresAt: simCards.expiresAt })
        .from(simCards)
        .where(eq(simCards.iccid, input.iccid))
        .for('update');
      if (!card) return null;
      const from = card.expiresAt && card.expiresAt > input.now ? card.expiresAt : input.now;
      const expiresAt = addMonths(from, input.months);
      await tx
        .update(simCards)
        .set({ expiresAt, shutdown: false, remindersSent: [], updatedAt: input.now })
        .where(eq(simCards.iccid, input.iccid));
      const [device] = await tx
        .select({ name: devices.name, ownerAccountId: devices.ownerAccountId })
        .from(devices)
        .where(eq(devices.iccid, input.iccid))
        .limit(1);
      if (!device?.ownerAccountId) return { expiresAt, orderId: null };
      await tx.insert(orders).values({
        id: input.orderId,
        accountId: device.ownerAccountId,
        kind: 'sim-plan',
        title: input.title(device.name, expiresAt),
        amountCents: input.amountCents,
        paidAt: input.now,
      });
      return { expiresAt, orderId: input.orderId };
    });
  }

  /** Every card matching the keyword with the device using it (status depends on the clock: the service filters). */
  async listSims(keyword: string | undefined) {
    const where = keyword ? ilike(simCards.iccid, `%${keyword.replace(/[%_\\]/g, '')}%`) : undefined;
    return this.db
      .select({ card: simCards, deviceId: devices.id, deviceName: devices.name })
      .from(simCards)
      .leftJoin(devices, eq(devices.iccid, simCards.iccid))
      .where(where)
      .orderBy(asc(simCards.expiresAt), asc(simCards.iccid));
  }

  /** Cards that end within `days` and are not shut down, with the owner of the device using them. */
  async simsEndingBefore(until: number) {
    return this.db
      .select({
        card: simCards,
        deviceId: devices.id,
        deviceName: devices.name,
        ownerAccountId: devices.ownerAccountId,
      })
      .from(simCards)
      .leftJoin(devices, eq(devices.iccid, simCards.iccid))
      .where(
        and(
          eq(simCards.shutdown, false),
          sql`${simCards.expiresAt} is not null and ${simCards.expiresAt} <= ${new Date(until).toISOString()}::timestamptz`,
        ),
      );
  }

  /** Records a reminder day as sent, unless another node recorded it first; true when this call did. */
  async markReminderSent(iccid: string, expiresAt: Date, day: number): Promise<boolean> {
    const rows = await this.db
      .update(simCards)
      .set({ remindersSent: sql`${simCards.remindersSent} || ${JSON.stringify([day])}::jsonb` })
      .where(
        and(
          eq(simCards.iccid, iccid),
          eq(simCards.expiresAt, expiresAt),
          sql`not (${simCards.remindersSent} @> ${JSON.stringify([day])}::jsonb)`,
        ),
      )
      .returning({ iccid: simCards.iccid });
    return rows.length > 0;
  }
}

/** The same day of the month `months` later, or the month's last day when it has fewer days. */
function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}
