/**
 * The only ORM code of the account centre: the account's security events, questions, avatar,
 * feedback, orders and invoice requests, and the operation log read from sign-ins (sessions),
 * security events and writes (the command audit).
 */
import { and, count, desc, eq, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import {
  accountEvents,
  accountProfiles,
  accounts,
  auditEvents,
  commands,
  devices,
  feedback,
  invoiceRequests,
  orders,
  securityQuestions,
  sessions,
} from '../../db/schema/index.ts';

export type AccountEventRow = typeof accountEvents.$inferSelect;
export type FeedbackRow = typeof feedback.$inferSelect;
export type OrderRow = typeof orders.$inferSelect;
export type InvoiceRow = typeof invoiceRequests.$inferSelect;
export type SecurityQuestionRow = typeof securityQuestions.$inferSelect;

export interface Paging {
  offset: number;
  limit: number;
}

/** One line of the operation log, from whichever table holds it. */
export interface LogLine {
  id: string;
  at: Date;
  kind: string;
  address: string | null;
  detail: string | null;
  result: string | null;
}

export class AccountCentreRepository {
  constructor(private readonly db: Database) {}

  // Events

  async recordEvent(row: typeof accountEvents.$inferInsert): Promise<void> {
    await this.db.insert(accountEvents).values(row);
  }

  /**
   * The account's log in a time range: sign-ins (sessions, with address and browser), its own
   * security events and its writes, newest first. `kind` narrows it to one kind.
   */
  async logPage(
    accountId: string,
    range: { start: Date; end: Date },
    kind: string | undefined,
    paging: Paging,
  ): Promise<{ rows: LogLine[]; total: number }> {
    const parts: SQL[] = [];
    if (!kind || kind === 'sign-in') {
      parts.push(sql`select 'sign-in-' || md5(${sessions.tokenHash}) as id, ${sessions.createdAt} as at, 'sign-in' as kind,
        ${sessions.address} as address, ${sessions.userAgent} as detail, null::text as result
        from ${sessions} where ${sessions.accountId} = ${accountId}
        and ${sessions.createdAt} >= ${range.start.toISOString()}::timestamptz and ${sessions.createdAt} < ${range.end.toISOString()}::timestamptz`);
    }
    if (!kind || (kind !== 'sign-in' && kind !== 'write' && kind !== 'admin')) {
      parts.push(sql`select ${accountEvents.id} as id, ${accountEvents.at} as at, ${accountEvents.kind} as kind,
        ${accountEvents.address} as address, ${accountEvents.detail}->>'detail' as detail, null::text as result
        from ${accountEvents} where ${accountEvents.accountId} = ${accountId}
        and ${accountEvents.at} >= ${range.start.toISOString()}::timestamptz and ${accountEvents.at} < ${range.end.toISOString()}::timestamptz
        ${kind ? sql`and ${accountEvents.kind} = ${kind}` : sql``}`);
    }
    if (!kind || kind === 'admin') {
      // What staff did to this account, and what this account did as staff, with the other party.
      parts.push(sql`select 'admin-' || ${auditEvents.id} as id, ${auditEvents.at} as at, 'admin' as kind,
        ${auditEvents.address} as address, ${auditEvents.action} as detail,
        (select coalesce(${accounts.name}, ${accounts.username}) from ${accounts}
          where ${accounts.id} = case when ${auditEvents.subjectAccountId} = ${accountId}
            then ${auditEvents.actorAccountId} else ${auditEvents.subjectAccountId} end) as result
        from ${auditEvents}
        where (${auditEvents.subjectAccountId} = ${accountId} or ${auditEvents.actorAccountId} = ${accountId})
        and ${auditEvents.at} >= ${range.start.toISOString()}::timestamptz and ${auditEvents.at} < ${range.end.toISOString()}::timestamptz`);
    }
    if (!kind || kind === 'write') {
      parts.push(sql`select ${commands.uuid} as id, ${commands.createdAt} as at, 'write' as kind,
        null::text as address, ${devices.name} || ' · ' || coalesce(${commands.key}, '') as detail,
        ${commands.status} || coalesce(' ' || ${commands.code}, '') as result
        from ${commands} inner join ${devices} on ${devices.id} = ${commands.deviceId}
        where ${commands.createdBy} = ${accountId} and ${commands.op} = 'write'
        and ${commands.createdAt} >= ${range.start.toISOString()}::timestamptz and ${commands.createdAt} < ${range.end.toISOString()}::timestamptz`);
    }
    const union = sql.join(parts, sql` union all `);
    const counted = await this.db.execute<{ total: number }>(
      sql`select count(*)::int as total from (${union}) as log`,
    );
    const rows = await this.db.execute<{
      id: string;
      at: string | Date;
      kind: string;
      address: string | null;
      detail: string | null;
      result: string | null;
    }>(
      sql`select * from (${union}) as log order by at desc, id limit ${paging.limit} offset ${paging.offset}`,
    );
    return {
      total: Number(rowsOf<{ total: number }>(counted)[0]?.total ?? 0),
      rows: rowsOf<LogLine & { at: string | Date }>(rows).map((row) => ({ ...row, at: new Date(row.at) })),
    };
  }

  // Security questions

  async questionsOf(accountId: string): Promise<SecurityQuestionRow[]> {
    return this.db
      .select()
      .from(securityQuestions)
      .where(eq(securityQuestions.accountId, accountId))
      .orderBy(securityQuestions.position);
  }

  async replaceQuestions(accountId: string, rows: Array<{ question: string; answerHash: string }>) {
    await this.db.transaction(async (tx) => {
      await tx.delete(securityQuestions).where(eq(securityQuestions.accountId, accountId));
      await tx
        .insert(securityQuestions)
        .values(rows.map((row, position) => ({ accountId, position, ...row })));
    });
  }

  // Profile

  async avatarOf(accountId: string): Promise<string | null> {
    const rows = await this.db
      .select({ avatarUrl: accountProfiles.avatarUrl })
      .from(accountProfiles)
      .where(eq(accountProfiles.accountId, accountId))
      .limit(1);
    return rows[0]?.avatarUrl ?? null;
  }

  async setAvatar(accountId: string, avatarUrl: string, at: Date): Promise<void> {
    await this.db
      .insert(accountProfiles)
      .values({ accountId, avatarUrl, updatedAt: at })
      .onConflictDoUpdate({ target: accountProfiles.accountId, set: { avatarUrl, updatedAt: at } });
  }

  async findByEmail(email: string) {
    const rows = await this.db
      .select()
      .from(accounts)
      .where(and(sql`lower(${accounts.email}) = lower(${email})`, sql`${accounts.status} <> 'deleted'`))
      .limit(1);
    return rows[0];
  }

  // Feedback

  async insertFeedback(row: typeof feedback.$inferInsert): Promise<void> {
    await this.db.insert(feedback).values(row);
  }

  async feedbackPage(
    filter: { accountId?: string; answered?: boolean; type?: FeedbackRow['type'] },
    paging: Paging,
  ) {
    const author = sql<
      string | null
    >`(select coalesce(${accounts.name}, ${accounts.username}) from ${accounts} where ${accounts.id} = ${feedback.accountId})`;
    const replier = sql<
      string | null
    >`(select coalesce(${accounts.name}, ${accounts.username}) from ${accounts} where ${accounts.id} = ${feedback.repliedBy})`;
    const where = and(
      filter.accountId ? eq(feedback.accountId, filter.accountId) : undefined,
      filter.answered === undefined
        ? undefined
        : filter.answered
          ? isNotNull(feedback.reply)
          : isNull(feedback.reply),
      filter.type ? eq(feedback.type, filter.type) : undefined,
    );
    const [counted] = await this.db.select({ total: count() }).from(feedback).where(where);
    const rows = await this.db
      .select({ item: feedback, accountName: author, repliedByName: replier })
      .from(feedback)
      .where(where)
      .orderBy(desc(feedback.createdAt), feedback.id)
      .limit(paging.limit)
      .offset(paging.offset);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Answers a feedback once: false when it has an answer already or does not exist. */
  async replyFeedback(id: string, reply: string, repliedBy: string, at: Date): Promise<boolean> {
    const updated = await this.db
      .update(feedback)
      .set({ reply, repliedBy, repliedAt: at })
      .where(and(eq(feedback.id, id), isNull(feedback.reply)))
      .returning({ id: feedback.id });
    return updated.length > 0;
  }

  async feedbackExists(id: string): Promise<boolean> {
    const rows = await this.db.select({ id: feedback.id }).from(feedback).where(eq(feedback.id, id)).limit(1);
    return rows.length > 0;
  }

  // Orders

  async insertOrder(row: typeof orders.$inferInsert): Promise<OrderRow> {
    const [created] = await this.db.insert(orders).values(row).returning();
    return created!;
  }

  async orderPage(accountId: string, paging: Paging) {
    const where = eq(orders.accountId, accountId);
    const [counted] = await this.db.select({ total: count() }).from(orders).where(where);
    const rows = await this.db
      .select({ order: orders, invoice: invoiceRequests })
      .from(orders)
      .leftJoin(invoiceRequests, eq(invoiceRequests.orderId, orders.id))
      .where(where)
      .orderBy(desc(orders.paidAt), orders.id)
      .limit(paging.limit)
      .offset(paging.offset);
    return { rows, total: counted?.total ?? 0 };
  }

  async findOwnOrder(accountId: string, orderId: string) {
    const rows = await this.db
      .select({ order: orders, invoice: invoiceRequests })
      .from(orders)
      .leftJoin(invoiceRequests, eq(invoiceRequests.orderId, orders.id))
      .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)))
      .limit(1);
    return rows[0];
  }

  /** One request per order: false when the order has one already. */
  async insertInvoiceRequest(row: typeof invoiceRequests.$inferInsert): Promise<boolean> {
    const inserted = await this.db
      .insert(invoiceRequests)
      .values(row)
      .onConflictDoNothing()
      .returning({ orderId: invoiceRequests.orderId });
    return inserted.length > 0;
  }
}

/** Rows of a raw query: node-postgres answers `{ rows }`, PGlite too. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
