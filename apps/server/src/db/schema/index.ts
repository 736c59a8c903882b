/** The database schema, one file per area. Migrations in apps/server/drizzle are generated from it. */
export * from './accounts.ts';
export * from './hardware.ts';
export * from './catalogue.ts';
export * from './runtime.ts';
export * from './designer.ts';
export * from './alarms.ts';
export * from './account-centre.ts';
export * from './equipment-admin.ts';
export * from './admin.ts';
export * from './report.ts';
export * from './edge-logic.ts';
export * from './maintenance.ts';
export * from './firmware.ts';
export * from './device-config.ts';
export * from './widget-media.ts';
export * from './knowledge.ts';
