/** The MQTT link to the platform. */
export { PlatformLink, type PlatformLinkHandlers, type PlatformLinkOptions } from './platform-link.ts';
