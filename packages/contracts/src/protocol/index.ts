/** The gateway ↔ platform MQTT protocol (`@lyyp/contracts/protocol`). */
export * from './topics.ts';
export * from './payloads.ts';
export * from './data-payload.ts';
