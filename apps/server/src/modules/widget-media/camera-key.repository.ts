/** The accounts' camera cloud keys (`camera_keys`). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { cameraKeys } from '../../db/schema/index.ts';

export type CameraKeyRow = typeof cameraKeys.$inferSelect;

export class CameraKeyRepository {
  constructor(private readonly db: Database) {}

  async find(accountId: string): Promise<CameraKeyRow | undefined> {
    const [row] = await this.db.select().from(cameraKeys).where(eq(cameraKeys.accountId, accountId));
    return row;
  }

  async save(row: CameraKeyRow): Promise<void> {
    await this.db
      .insert(cameraKeys)
      .values(row)
      .onConflictDoUpdate({
        target: cameraKeys.accountId,
        set: { appKey: row.appKey, appSecret: row.appSecret, updatedAt: row.updatedAt },
      });
  }

  async delete(accountId: string): Promise<void> {
    await this.db.delete(cameraKeys).where(eq(cameraKeys.accountId, accountId));
  }
}
