/**
 * What the platform knows about things: products (device models with drivers and variables),
 * gateways, devices bound to them, and who else may see a device.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { DeviceModel } from '@lyyp/contracts/device-model';
import type { SlaveCounters } from '@lyyp/contracts/protocol';
import { accounts } from './accounts.ts';
import { hardwareModels } from './hardware.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const products = pgTable(
  'products',
  {
    id: text('id').primaryKey(),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    title: text('title').notNull(),
    productModel: text('product_model').notNull().default(''),
    imgUrl: text('img_url'),
    note: text('note'),
    /** The hardware model the product's configuration is built for; its numbers are the capacity. */
    modelId: text('model_id').references(() => hardwareModels.id),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    status: text('status', { enum: ['development', 'published'] })
      .notNull()
      .default('development'),
    /** Drivers and variables, validated by `deviceModelSchema`; one document so it changes atomically. */
    model: jsonb('model').$type<DeviceModel>().notNull().default({ drivers: [], variables: [], scripts: [] }),
    /** Grows with every change of `model`; devices run a configuration of this version. */
    modelVersion: integer('model_version').notNull().default(1),
    ...timestamps,
  },
  (table) => [index('products_owner_idx').on(table.ownerAccountId)],
);

export const gateways = pgTable(
  'gateways',
  {
    sn: text('sn').primaryKey(),
    verificationCode: text('verification_code').notNull(),
    /** MQTT password of the gateway (its username and client id are the SN). */
    secret: text('secret').notNull(),
    firmware: text('firmware'),
    /** System firmware version it reports (installed by an upgrade); null until one is. */
    systemFirmware: text('system_firmware'),
    /** Its hardware model: what it may run and what it has (the built-in one unless set). */
    hardwareModelId: text('hardware_model_id')
      .notNull()
      .default('default')
      .references(() => hardwareModels.id),
    developerAccountId: text('developer_account_id').references(() => accounts.id),
    /** §3: the product the gateway was made for, named when it was added (kept if the product goes). */
    productId: text('product_id').references(() => products.id, { onDelete: 'set null' }),
    ownerAccountId: text('owner_account_id').references(() => accounts.id),
    remark: text('remark'),
    status: text('status', { enum: ['online', 'offline', 'dormant', 'power-off'] })
      .notNull()
      .default('offline'),
    networkMode: text('network_mode'),
    gatewayMode: text('gateway_mode'),
    signal: integer('signal'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** Configuration version the gateway said it runs. */
    configVersionReported: integer('config_version_reported').notNull().default(0),
    configSyncState: text('config_sync_state', { enum: ['none', 'syncing', 'complete', 'failed'] })
      .notNull()
      .default('none'),
    configSyncError: text('config_sync_error'),
    /** Highest upload sequence number stored. */
    lastSeq: bigint('last_seq', { mode: 'number' }).notNull().default(-1),
    rejectedMessages: integer('rejected_messages').notNull().default(0),
    slaveCounters: jsonb('slave_counters').$type<SlaveCounters[]>().notNull().default([]),
    /** SHA-1 thumbprint of the gateway's own OPC UA application certificate, as it last reported it. */
    opcuaThumbprint: text('opcua_thumbprint'),
    ...timestamps,
  },
  (table) => [
    index('gateways_owner_idx').on(table.ownerAccountId),
    index('gateways_developer_idx').on(table.developerAccountId),
  ],
);

export const devices = pgTable(
  'devices',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    groupName: text('group_name'),
    gatewaySn: text('gateway_sn')
      .notNull()
      .unique()
      .references(() => gateways.sn),
    productId: text('product_id')
      .notNull()
      .references(() => products.id),
    ownerAccountId: text('owner_account_id')
      .notNull()
      .references(() => accounts.id),
    address: text('address'),
    longitude: doublePrecision('longitude'),
    latitude: doublePrecision('latitude'),
    iccid: text('iccid'),
    remark: text('remark'),
    deviceNumber: text('device_number'),
    factoryDate: text('factory_date'),
    installDate: text('install_date'),
    warrantyMonths: integer('warranty_months'),
    manufacturer: text('manufacturer'),
    /** Larger is higher in lists (§3). */
    sortNumber: integer('sort_number').notNull().default(0),
    /** Configuration version last pushed to the gateway. */
    configVersion: integer('config_version').notNull().default(0),
    ...timestamps,
  },
  (table) => [
    index('devices_owner_idx').on(table.ownerAccountId),
    index('devices_product_idx').on(table.productId),
  ],
);

/** Accounts other than the owner that may see a device: authorised staff, or a share. */
export const deviceAccess = pgTable(
  'device_access',
  {
    deviceId: text('device_id')
      .notNull()
      .references(() => devices.id, { onDelete: 'cascade' }),
    accountId: text('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['authorized', 'shared'] }).notNull(),
    canWrite: boolean('can_write').notNull().default(false),
    /** The share this grant came from (device_shares.id); revoking the share removes the grant. */
    shareId: text('share_id'),
    createdAt: timestamp('created_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
  },
  (table) => [primaryKey({ columns: [table.deviceId, table.accountId] })],
);
