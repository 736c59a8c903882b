/** Knowledge articles (the only ORM code of the knowledge base), the files they name, and the rules that link them. */
import { and, count, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { accounts, alarmRules, devices, files, knowledgeArticles } from '../../db/schema/index.ts';
import { allOf, shareAllowsMenuCondition, visibleDeviceCondition } from '../device/visibility.repository.ts';
import type { Viewer } from '../device/viewer.ts';

export type ArticleRow = typeof knowledgeArticles.$inferSelect;
export type NewArticleRow = typeof knowledgeArticles.$inferInsert;
export type ArticleWithAuthor = ArticleRow & { authorName: string | null };
export type FileRow = typeof files.$inferSelect;

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

const summaryColumns = {
  id: knowledgeArticles.id,
  productId: knowledgeArticles.productId,
  title: knowledgeArticles.title,
  summary: knowledgeArticles.summary,
  updatedAt: knowledgeArticles.updatedAt,
  authorName: accounts.name,
};

export class KnowledgeRepository {
  constructor(private readonly db: Database) {}

  /** A product's articles, newest change first; a keyword matches the title or the body's text. */
  async list(filter: { productId: string; keyword?: string | undefined; offset: number; limit: number }) {
    const conditions = [eq(knowledgeArticles.productId, filter.productId)];
    if (filter.keyword) {
      const pattern = `%${escapeLike(filter.keyword)}%`;
      conditions.push(
        or(
          sql`${knowledgeArticles.title} ILIKE ${pattern}`,
          sql`${knowledgeArticles.bodyText} ILIKE ${pattern}`,
          sql`${knowledgeArticles.summary} ILIKE ${pattern}`,
        )!,
      );
    }
    const where = and(...conditions);
    const [total] = await this.db.select({ value: count() }).from(knowledgeArticles).where(where);
    const rows = await this.db
      .select(summaryColumns)
      .from(knowledgeArticles)
      .leftJoin(accounts, eq(accounts.id, knowledgeArticles.authorAccountId))
      .where(where)
      .orderBy(desc(knowledgeArticles.updatedAt), desc(knowledgeArticles.id))
      .limit(filter.limit)
      .offset(filter.offset);
    return { rows, total: total?.value ?? 0 };
  }

  async find(productId: string, id: string): Promise<ArticleWithAuthor | undefined> {
    const rows = await this.db
      .select({ article: knowledgeArticles, authorName: accounts.name })
      .from(knowledgeArticles)
      .leftJoin(accounts, eq(accounts.id, knowledgeArticles.authorAccountId))
      .where(and(eq(knowledgeArticles.productId, productId), eq(knowledgeArticles.id, id)))
      .limit(1);
    const row = rows[0];
    return row ? { ...row.article, authorName: row.authorName } : undefined;
  }

  async insert(row: NewArticleRow): Promise<void> {
    await this.db.insert(knowledgeArticles).values(row);
  }

  /** Updates the article of the product; false when there is none. */
  async update(
    productId: string,
    id: string,
    changes: Pick<NewArticleRow, 'title' | 'summary' | 'body' | 'bodyText' | 'attachments' | 'updatedAt'>,
  ): Promise<boolean> {
    const rows = await this.db
      .update(knowledgeArticles)
      .set(changes)
      .where(and(eq(knowledgeArticles.productId, productId), eq(knowledgeArticles.id, id)))
      .returning({ id: knowledgeArticles.id });
    return rows.length > 0;
  }

  /**
   * Deletes the article unless a rule of its product links it, in one statement (a rule linking
   * it between a check and the delete cannot slip through); answers what happened.
   */
  async deleteUnlinked(productId: string, id: string): Promise<'deleted' | 'missing' | { linkedBy: string }> {
    const linking = sql`exists (select 1 from ${alarmRules} where ${alarmRules.productId} = ${productId} and ${alarmRules.rule}->>'articleId' = ${id})`;
    const rows = await this.db
      .delete(knowledgeArticles)
      .where(
        and(eq(knowledgeArticles.productId, productId), eq(knowledgeArticles.id, id), sql`not ${linking}`),
      )
      .returning({ id: knowledgeArticles.id });
    if (rows.length > 0) return 'deleted';
    const [rule] = await this.db
      .select({ name: sql<string>`${alarmRules.rule}->>'name'` })
      .from(alarmRules)
      .where(and(eq(alarmRules.productId, productId), sql`${alarmRules.rule}->>'articleId' = ${id}`))
      .limit(1);
    return rule ? { linkedBy: rule.name } : 'missing';
  }

  async insertFile(row: typeof files.$inferInsert): Promise<void> {
    await this.db.insert(files).values(row);
  }

  /** The products whose articles name a file: as an attachment, or in the body (an image). */
  async productsNamingFile(fileId: string, fileUrl: string): Promise<string[]> {
    const rows = await this.db
      .selectDistinct({ productId: knowledgeArticles.productId })
      .from(knowledgeArticles)
      .where(
        or(
          sql`${knowledgeArticles.attachments} @> ${JSON.stringify([{ id: fileId }])}::jsonb`,
          sql`strpos(${knowledgeArticles.body}, ${`"${fileUrl}"`}) > 0`,
        ),
      );
    return rows.map((row) => row.productId);
  }

  /** Whether the viewer sees a device of the product whose knowledge screen it may open. */
  async seesDeviceOfProduct(viewer: Viewer, productId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: devices.id })
      .from(devices)
      .where(
        allOf(
          eq(devices.productId, productId),
          visibleDeviceCondition(viewer),
          shareAllowsMenuCondition(viewer, 'knowledge'),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Files by id that the account uploaded. */
  async filesUploadedBy(accountId: string, ids: readonly string[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(files)
      .where(and(inArray(files.id, [...ids]), eq(files.ownerAccountId, accountId)));
  }
}
