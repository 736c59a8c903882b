/**
 * The alarm vocabulary shared by server, console and monitoring site (`@lyyp/contracts/alarm`):
 * rules and their conditions, alarm groups and channels, records and acknowledgement, messages,
 * SIM card statuses, and the engine's stored state.
 */
export * from './limits.ts';
export * from './fields.ts';
export * from './channels.ts';
export * from './conditions.ts';
export * from './message-template.ts';
export * from './rule.ts';
export * from './group.ts';
export * from './record.ts';
export * from './message.ts';
export * from './sim-card.ts';
export * from './state.ts';
export * from './recipient.ts';
export * from './api.ts';
