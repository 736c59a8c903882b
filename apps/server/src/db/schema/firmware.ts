/**
 * Firmware and its files. A file is recorded when its upload has finished streaming to storage
 * (size and SHA-256 known); it belongs to no firmware until a save names it, and a save takes a
 * file only while it is still free (a conditional update), so one file is never part of two.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { FirmwareKind, FirmwarePart } from '@lyyp/contracts/firmware';
import { accounts } from './accounts.ts';

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

export const firmware = pgTable(
  'firmware',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<FirmwareKind>().notNull(),
    name: text('name').notNull(),
    version: text('version').notNull(),
    description: text('description').notNull().default(''),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [uniqueIndex('firmware_kind_version_unique').on(table.kind, table.version)],
);

export const firmwareFiles = pgTable(
  'firmware_files',
  {
    id: text('id').primaryKey(),
    /** Who uploaded it; only they may name it in a save. */
    ownerAccountId: text('owner_account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    firmwareId: text('firmware_id').references(() => firmware.id, { onDelete: 'cascade' }),
    part: text('part').$type<FirmwarePart>(),
    name: text('name').notNull(),
    size: integer('size').notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [index('firmware_files_firmware_idx').on(table.firmwareId)],
);
