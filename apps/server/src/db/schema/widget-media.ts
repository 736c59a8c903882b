/**
 * The camera cloud key an account associates on its security page (§1). The video widget's
 * pan-tilt commands go to the camera adapter with the key of the account pressing the button. The
 * secret is stored for the adapter and never answered back.
 */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

export const cameraKeys = pgTable('camera_keys', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  appKey: text('app_key').notNull(),
  appSecret: text('app_secret').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull(),
});
