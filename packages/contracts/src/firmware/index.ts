/**
 * Firmware and OTA vocabulary (`@lyyp/contracts/firmware`): kinds and parts, the version rule,
 * file limits and the firmware API.
 */
export * from './firmware.ts';
export * from './api.ts';
