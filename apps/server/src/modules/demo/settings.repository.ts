/** Platform-wide settings (key → text). */
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { platformSettings } from '../../db/schema/index.ts';

export class SettingsRepository {
  constructor(private readonly db: Database) {}

  async get(key: string): Promise<string | undefined> {
    const rows = await this.db.select().from(platformSettings).where(eq(platformSettings.key, key)).limit(1);
    return rows[0]?.value;
  }

  async set(key: string, value: string): Promise<void> {
    await this.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedAt: new Date() } });
  }

  /** Sets a value only if the key has none; answers whether this call set it. */
  async claim(key: string, value: string): Promise<boolean> {
    const inserted = await this.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoNothing()
      .returning();
    return inserted.length === 1;
  }
}
