/**
 * Firmware and OTA vocabulary (`@lyyp/contracts/firmware`): kinds and parts, the version rule,
 * file limits, what an agent package is, and the firmware API.
 */
export * from './firmware.ts';
export * from './api.ts';
export * from './agent-package.ts';
