/** Records of uploaded files: who uploaded what, its type and size, and where its bytes are kept. */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { files } from '../../db/schema/index.ts';

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;

export class FileRepository {
  constructor(private readonly db: Database) {}

  async insert(row: NewFileRow): Promise<FileRow> {
    const [created] = await this.db.insert(files).values(row).returning();
    return created!;
  }

  async findById(id: string): Promise<FileRow | undefined> {
    const rows = await this.db.select().from(files).where(eq(files.id, id)).limit(1);
    return rows[0];
  }
}
