/** The OPC UA tag browser: browsing a server through a gateway, certificate files (`@lyyp/contracts/opcua-browse`). */
export * from './api.ts';
export * from './variables.ts';
export * from './certificate.ts';
