/**
 * Alarms, notifications and messages. Everything a second node needs is here: rules, groups and
 * preferences; the engine's state per (device, rule) and per device; alarm records; the queue of
 * planned sends with every attempt; the message centre; SIM cards.
 *
 * Rules live in their own table keyed by product rather than in the product's model document:
 * editing a rule must not raise the model version (which re-sends the configuration to every
 * gateway of the product), and each rule is edited on its own with a conditional update. Each
 * product's rule set has a revision that grows with every change, so every node notices a change
 * with one small query per ingest batch.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type {
  AlarmChannel,
  AlarmGroup,
  AlarmRecordTexts,
  AlarmRule,
  DeviceStatusAlarms,
  NotificationPreferences,
} from '@lyyp/contracts/alarm';
import type { Locale } from '@lyyp/contracts';
import { accounts } from './accounts.ts';
import { devices, products } from './catalogue.ts';
import type { StoredValue } from './runtime.ts';

export type MessageTexts = Partial<Record<Locale, { title: string; body: string }>>;

const moment = (name: string) => timestamp(name, { withTimezone: true, precision: 3 });

/** A product's alarm configuration: its offline and power-off alarms and the revision of its rules. */
export const alarmRuleSets = pgTable('alarm_rule_sets', {
  productId: text('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Grows with every change of the product's rules, groups or status alarms. */
  revision: integer('revision').notNull().default(1),
  statusAlarms: jsonb('status_alarms').$type<DeviceStatusAlarms>(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** One alarm rule of a product (`alarmRuleSchema`), in the order the console lists them. */
export const alarmRules = pgTable(
  'alarm_rules',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    rule: jsonb('rule').$type<AlarmRule>().notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('alarm_rules_product_idx').on(table.productId, table.position)],
);

/** An alarm group of a product (`alarmGroupSchema`): recipients × channels, ladder, repeats. */
export const alarmGroups = pgTable(
  'alarm_groups',
  {
    id: text('id').primaryKey(),
    productId: text('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    group: jsonb('group').$type<AlarmGroup>().notNull(),
    createdAt: moment('created_at').notNull().defaultNow(),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('alarm_groups_product_idx').on(table.productId)],
);

/** A person's own choices: time zone, quiet hours, groups muted or narrowed. */
export const alarmPreferences = pgTable('alarm_preferences', {
  accountId: text('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  preferences: jsonb('preferences').$type<NotificationPreferences>().notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/**
 * The rule engine's state per (device, rule) (`alarmRuleStateSchema`). `revision` grows with each
 * write: a node writes only over the revision it read, so two nodes never both apply a transition.
 */
export const alarmRuleStates = pgTable(
  'alarm_rule_states',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    ruleId: text('rule_id').notNull(),
    state: jsonb('state').notNull(),
    revision: integer('revision').notNull().default(1),
    /** The state's `dueAt`: a held value raises then unless a sample contradicts it (the sweep looks). */
    dueAt: moment('due_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.deviceId, table.ruleId] }),
    index('alarm_rule_states_due_idx')
      .on(table.dueAt)
      .where(sql`${table.dueAt} is not null`),
  ],
);

/**
 * Per platform process (a random id at each start), how many transactions writing rule states it
 * has committed; each such transaction counts itself here. A node whose count of the other nodes'
 * writes has not moved since its last check knows its remembered states are still the stored ones.
 */
export const alarmStateWriters = pgTable('alarm_state_writers', {
  nodeId: text('node_id').primaryKey(),
  writes: bigint('writes', { mode: 'number' }).notNull(),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});

/** Offline and power-off state per device (`deviceStatusStateSchema`); the sweep wakes at `nextCheckAt`. */
export const alarmDeviceStates = pgTable(
  'alarm_device_states',
  {
    deviceId: text('device_id')
      .primaryKey()
      .references(() => devices.id, { onDelete: 'cascade' }),
    state: jsonb('state').notNull(),
    revision: integer('revision').notNull().default(1),
    nextCheckAt: moment('next_check_at'),
    updatedAt: moment('updated_at').notNull().defaultNow(),
  },
  (table) => [index('alarm_device_states_check_idx').on(table.nextCheckAt)],
);

/**
 * Alarm records (ISA-18.2: active/cleared × acknowledged). `source` is the rule id, or `offline` /
 * `power-off`: at most one active record per (device, source), and one record per raise.
 */
export const alarmRecords = pgTable(
  'alarm_records',
  {
    id: text('id').primaryKey(),
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    type: text('type', { enum: ['variable', 'offline', 'power-off'] }).notNull(),
    source: text('source').notNull(),
    ruleId: text('rule_id'),
    /** Name and message in the platform's default language (Chinese); `texts` has every language. */
    name: text('name').notNull(),
    message: text('message').notNull(),
    texts: jsonb('texts').$type<AlarmRecordTexts>(),
    value: jsonb('value').$type<StoredValue>(),
    since: moment('since').notNull(),
    raisedAt: moment('raised_at').notNull(),
    late: boolean('late').notNull().default(false),
    releasedAt: moment('released_at'),
    releaseReason: text('release_reason'),
    releaseValue: jsonb('release_value').$type<StoredValue>(),
    acknowledgedAt: moment('acknowledged_at'),
    acknowledgedBy: text('acknowledged_by').references(() => accounts.id, { onDelete: 'set null' }),
    acknowledgeComment: text('acknowledge_comment'),
    /** Who is told: the rule's groups and push methods when it was raised. */
    groupIds: jsonb('group_ids').$type<string[]>().notNull().default([]),
    pushMethods: jsonb('push_methods').$type<AlarmChannel[]>().notNull().default([]),
    /** When the dispatcher should plan this record again; null: nothing more to send. */
    notifyAt: moment('notify_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alarm_records_one_active')
      .on(table.deviceId, table.source)
      .where(sql`${table.releasedAt} is null`),
    uniqueIndex('alarm_records_once').on(table.deviceId, table.source, table.raisedAt),
    index('alarm_records_device_idx').on(table.deviceId, table.raisedAt),
    index('alarm_records_raised_idx').on(table.raisedAt),
    index('alarm_records_notify_idx').on(table.notifyAt),
  ],
);

/**
 * The notification queue: one row per planned send (`key` from the escalation planner), claimed
 * by one node at a time, retried with back-off until sent, given up or cancelled.
 */
export const alarmNotifications = pgTable(
  'alarm_notifications',
  {
    id: text('id').primaryKey(),
    recordId: text('record_id')
      .notNull()
      .references(() => alarmRecords.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    kind: text('kind', { enum: ['alarm', 'release'] }).notNull(),
    channel: text('channel').$type<AlarmChannel>().notNull(),
    groupId: text('group_id').notNull(),
    accountId: text('account_id'),
    occurrence: integer('occurrence').notNull().default(0),
    dueAt: moment('due_at').notNull(),
    status: text('status', { enum: ['pending', 'sent', 'failed', 'cancelled'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: moment('next_attempt_at').notNull(),
    /** A node that claimed the send holds it until then; a crashed node's claim runs out. */
    claimedUntil: moment('claimed_until'),
    lastError: text('last_error'),
    sentAt: moment('sent_at'),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('alarm_notifications_once').on(table.recordId, table.key),
    index('alarm_notifications_due_idx').on(table.status, table.nextAttemptAt),
  ],
);

/** Every attempt of a send, so a person can see why a message did not arrive. */
export const alarmNotificationAttempts = pgTable(
  'alarm_notification_attempts',
  {
    id: text('id').primaryKey(),
    notificationId: text('notification_id')
      .notNull()
      .references(() => alarmNotifications.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    at: moment('at').notNull(),
    result: text('result', { enum: ['sent', 'failed', 'cancelled'] }).notNull(),
    error: text('error'),
  },
  (table) => [index('alarm_notification_attempts_idx').on(table.notificationId, table.attempt)],
);

/**
 * The message centre. `accountId` null: an announcement to everyone. Read state is per account
 * in `message_reads`, so one announcement serves every reader.
 */
export const messages = pgTable(
  'messages',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').references(() => accounts.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ['alarm', 'expiration', 'announcement', 'work-order'] }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** Title and body in each language the platform wrote (alarm and expiry messages); null: as typed. */
    texts: jsonb('texts').$type<MessageTexts>(),
    subjectKind: text('subject_kind'),
    subjectId: text('subject_id'),
    /** Shown in the notice dialog after sign-in (§3 notice dialog item). */
    popup: boolean('popup').notNull().default(false),
    equipType: text('equip_type'),
    imgUrl: text('img_url'),
    /** Makes a message once only (an expiry reminder of a card, an alarm notice of a send). */
    dedupeKey: text('dedupe_key').unique(),
    createdBy: text('created_by').references(() => accounts.id, { onDelete: 'set null' }),
    createdAt: moment('created_at').notNull().defaultNow(),
  },
  (table) => [
    index('messages_account_idx').on(table.accountId, table.createdAt),
    index('messages_type_idx').on(table.type, table.createdAt),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: text('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    readAt: moment('read_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.messageId, table.accountId] })],
);

/** SIM cards of the devices (matched by ICCID) with their plan's end and the reminders sent. */
export const simCards = pgTable('sim_cards', {
  iccid: text('iccid').primaryKey(),
  shutdown: boolean('shutdown').notNull().default(false),
  expiresAt: moment('expires_at'),
  operator: text('operator'),
  remark: text('remark'),
  /** Reminder days already sent (30, 7, 1) for the current `expiresAt`. */
  remindersSent: jsonb('reminders_sent').$type<number[]>().notNull().default([]),
  updatedAt: moment('updated_at').notNull().defaultNow(),
});
