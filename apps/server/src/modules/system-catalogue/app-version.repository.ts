/** App versions in the database: the paged list, writes, and the latest version of each app. */
import { and, count, desc, eq, ilike, ne, or } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { appVersions } from '../../db/schema/index.ts';
import type { PageRequest } from '../product/catalogue-route.ts';
import { containsPattern } from '../product/product.repository.ts';

export type AppVersionRow = typeof appVersions.$inferSelect;
export type NewAppVersionRow = typeof appVersions.$inferInsert;

export class AppVersionRepository {
  constructor(private readonly db: Database) {}

  async page(
    keyword: string | undefined,
    paging: PageRequest,
  ): Promise<{ rows: AppVersionRow[]; total: number }> {
    const where = keyword
      ? or(
          ilike(appVersions.name, containsPattern(keyword)),
          ilike(appVersions.identifier, containsPattern(keyword)),
          ilike(appVersions.version, containsPattern(keyword)),
        )
      : undefined;
    const [counted] = await this.db.select({ total: count() }).from(appVersions).where(where);
    const rows = await this.db
      .select()
      .from(appVersions)
      .where(where)
      .orderBy(desc(appVersions.createdAt), desc(appVersions.id))
      .limit(paging.pageSize)
      .offset((paging.page - 1) * paging.pageSize);
    return { rows, total: counted?.total ?? 0 };
  }

  async find(id: string): Promise<AppVersionRow | undefined> {
    const rows = await this.db.select().from(appVersions).where(eq(appVersions.id, id)).limit(1);
    return rows[0];
  }

  async versionTaken(identifier: string, version: string, exceptId?: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: appVersions.id })
      .from(appVersions)
      .where(
        and(
          eq(appVersions.identifier, identifier),
          eq(appVersions.version, version),
          exceptId ? ne(appVersions.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Inserts or updates a version; when it is the latest, the app's other versions become
   * historical in the same transaction (the partial unique index allows one latest per app).
   */
  async save(row: NewAppVersionRow & { id: string }, mode: 'insert' | 'update'): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      if (row.latest) {
        await tx
          .update(appVersions)
          .set({ latest: false })
          .where(and(eq(appVersions.identifier, row.identifier), ne(appVersions.id, row.id)));
      }
      if (mode === 'insert') {
        await tx.insert(appVersions).values(row);
        return true;
      }
      const { id, ...changes } = row;
      const updated = await tx
        .update(appVersions)
        .set(changes)
        .where(eq(appVersions.id, id))
        .returning({ id: appVersions.id });
      return updated.length > 0;
    });
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db
      .delete(appVersions)
      .where(eq(appVersions.id, id))
      .returning({ id: appVersions.id });
    return deleted.length > 0;
  }

  async latest(): Promise<AppVersionRow[]> {
    return this.db
      .select()
      .from(appVersions)
      .where(eq(appVersions.latest, true))
      .orderBy(appVersions.name, appVersions.identifier);
  }
}
