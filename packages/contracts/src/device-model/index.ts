/** The device model vocabulary shared by server, console and edge agent (`@lyyp/contracts/device-model`). */
export * from './byte-order.ts';
export * from './register-types.ts';
export * from './data-types.ts';
export * from './address.ts';
export * from './opcua.ts';
export * from './s7-address.ts';
export * from './driver.ts';
export * from './driver-secrets.ts';
export * from './variable.ts';
export * from './script.ts';
export * from './device-model.ts';
export * from './write-value.ts';
export * from './demo-boiler.ts';
export { INVALID_FIELD_MESSAGE, IDENTIFIER_MAX_LENGTH } from './issues.ts';
