/** Gateway replacement, factory reset, clearing data and remote settings (`@lyyp/contracts/gateway-ops`). */
export * from './network.ts';
export * from './settings.ts';
export * from './api.ts';
