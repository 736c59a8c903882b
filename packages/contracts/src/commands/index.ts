/** Device command flow shared by every client (`@lyyp/contracts/commands`). */
export * from './polling.ts';
