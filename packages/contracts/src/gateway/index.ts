/** Gateway field rules and signal bands (`@lyyp/contracts/gateway`). */
export * from './rules.ts';
