/** OTA upgrade tasks (`@lyyp/contracts/ota`): targets, steps, derived states and the task API. */
export * from './ota.ts';
export * from './api.ts';
