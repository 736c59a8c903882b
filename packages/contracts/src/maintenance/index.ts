/**
 * The maintenance vocabulary (`@lyyp/contracts/maintenance`): work orders and their state machine,
 * inspection plans, tasks and schedules, signal bands, and the API of work orders, inspections
 * and the operations centre.
 */
export * from './limits.ts';
export * from './work-order.ts';
export * from './inspection.ts';
export * from './signal.ts';
export * from './api.ts';
