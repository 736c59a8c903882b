/**
 * The audit of administrative actions (`audit_events`: every change writes its entry in its own
 * transaction, never a password) and the ending of sessions a change makes stale. The first layer
 * of `AdminRepository`.
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { auditEvents, sessions } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';

export type Executor = Pick<Database, 'insert' | 'update' | 'delete' | 'select'>;

export interface AuditEntry {
  actorAccountId: string | null;
  subjectAccountId: string | null;
  action: string;
  detail?: Record<string, unknown>;
  address?: string | null;
  at?: Date;
}

/** What every administrative change writes beside itself: its audit entry, the sessions it ends. */
export class AdminAuditRepository {
  constructor(protected readonly db: Database) {}

  /** Ends every live session of the accounts at once (disabled, role or dealer change). */
  async endSessions(
    tx: Executor,
    accountIds: string[],
    reason: 'disabled' | 'deleted' | 'replaced',
    at: Date,
  ) {
    if (accountIds.length === 0) return;
    await tx
      .update(sessions)
      .set({ endedAt: at, endReason: reason })
      .where(and(inArray(sessions.accountId, accountIds), sql`${sessions.endedAt} is null`));
  }

  async audit(tx: Executor, entry: AuditEntry): Promise<void> {
    await tx.insert(auditEvents).values({
      id: newId(),
      actorAccountId: entry.actorAccountId,
      subjectAccountId: entry.subjectAccountId,
      action: entry.action,
      detail: entry.detail ?? {},
      address: entry.address ?? null,
      ...(entry.at ? { at: entry.at } : {}),
    });
  }

  async auditOf(subjectAccountId: string) {
    return this.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectAccountId, subjectAccountId))
      .orderBy(desc(auditEvents.at));
  }
}
