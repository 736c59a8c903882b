/** Firmware records and their files: the only code of the module that touches the ORM. */
import { and, count, desc, eq, ilike, inArray, isNull, lt, or, type SQL } from 'drizzle-orm';
import type { FirmwareKind, FirmwarePart } from '@lyyp/contracts/firmware';
import type { Database } from '../../db/client.ts';
import { firmware, firmwareFiles } from '../../db/schema/index.ts';

export type FirmwareRow = typeof firmware.$inferSelect;
export type NewFirmwareRow = typeof firmware.$inferInsert;
export type FirmwareFileRow = typeof firmwareFiles.$inferSelect;
export type NewFirmwareFileRow = typeof firmwareFiles.$inferInsert;

export interface FirmwareFilter {
  kind?: FirmwareKind | undefined;
  keyword?: string | undefined;
  offset: number;
  limit: number;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

export class FirmwareRepository {
  constructor(private readonly db: Database) {}

  transaction<T>(work: (tx: FirmwareRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FirmwareRepository(tx as unknown as Database)));
  }

  async insertFile(row: NewFirmwareFileRow): Promise<FirmwareFileRow> {
    const [created] = await this.db.insert(firmwareFiles).values(row).returning();
    return created!;
  }

  async insertFirmware(row: NewFirmwareRow): Promise<FirmwareRow> {
    const [created] = await this.db.insert(firmware).values(row).returning();
    return created!;
  }

  /**
   * Gives a free file of the owner to a firmware as one of its parts. False when the file does not
   * exist, is someone else's, or already belongs to a firmware: the condition decides, so two
   * saves naming the same file cannot both take it.
   */
  async claimFile(fileId: string, ownerAccountId: string, firmwareId: string, part: FirmwarePart) {
    const claimed = await this.db
      .update(firmwareFiles)
      .set({ firmwareId, part })
      .where(
        and(
          eq(firmwareFiles.id, fileId),
          eq(firmwareFiles.ownerAccountId, ownerAccountId),
          isNull(firmwareFiles.firmwareId),
        ),
      )
      .returning({ id: firmwareFiles.id });
    return claimed.length === 1;
  }

  async findFirmware(id: string): Promise<FirmwareRow | undefined> {
    const rows = await this.db.select().from(firmware).where(eq(firmware.id, id)).limit(1);
    return rows[0];
  }

  async findFile(id: string): Promise<FirmwareFileRow | undefined> {
    const rows = await this.db.select().from(firmwareFiles).where(eq(firmwareFiles.id, id)).limit(1);
    return rows[0];
  }

  async filesOf(firmwareIds: readonly string[]): Promise<FirmwareFileRow[]> {
    if (firmwareIds.length === 0) return [];
    return this.db
      .select()
      .from(firmwareFiles)
      .where(inArray(firmwareFiles.firmwareId, [...firmwareIds]))
      .orderBy(firmwareFiles.part);
  }

  async list(filter: FirmwareFilter): Promise<{ rows: FirmwareRow[]; total: number }> {
    const conditions: SQL[] = [];
    if (filter.kind) conditions.push(eq(firmware.kind, filter.kind));
    const keyword = filter.keyword?.trim();
    if (keyword) {
      const pattern = `%${escapeLike(keyword)}%`;
      conditions.push(or(ilike(firmware.name, pattern), ilike(firmware.version, pattern))!);
    }
    const where = conditions.length > 0 ? and(...conditions) : undefined;
    const rows = await this.db
      .select()
      .from(firmware)
      .where(where)
      .orderBy(desc(firmware.createdAt), desc(firmware.id))
      .offset(filter.offset)
      .limit(filter.limit);
    const [counted] = await this.db.select({ total: count() }).from(firmware).where(where);
    return { rows, total: counted?.total ?? 0 };
  }

  /** Forgets files no save named and uploaded before `before`; answers their storage keys. */
  async deleteAbandonedFiles(before: Date): Promise<string[]> {
    const removed = await this.db
      .delete(firmwareFiles)
      .where(and(isNull(firmwareFiles.firmwareId), lt(firmwareFiles.createdAt, before)))
      .returning({ storageKey: firmwareFiles.storageKey });
    return removed.map((row) => row.storageKey);
  }

  /** Deletes a firmware with its file records; answers the storage keys of the removed files. */
  async deleteFirmware(id: string): Promise<string[] | undefined> {
    const files = await this.db
      .select({ storageKey: firmwareFiles.storageKey })
      .from(firmwareFiles)
      .where(eq(firmwareFiles.firmwareId, id));
    const deleted = await this.db.delete(firmware).where(eq(firmware.id, id)).returning({ id: firmware.id });
    if (deleted.length === 0) return undefined;
    return files.map((file) => file.storageKey);
  }
}
