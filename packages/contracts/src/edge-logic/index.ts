/**
 * Computed variables and edge scripts as the platform and console see them
 * (`@lyyp/contracts/edge-logic`). The script and variable schemas themselves are part of the
 * device model (`@lyyp/contracts/device-model`); the gateway's report is in the protocol.
 */
export * from './api.ts';
