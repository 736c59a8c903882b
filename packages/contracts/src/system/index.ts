/**
 * The remaining system screens of the back-office (`@lyyp/contracts/system`): app versions and the
 * public download list, user agreement and privacy policy versions, protocols and driver models.
 */
export * from './app-version.ts';
export * from './agreement.ts';
export * from './protocol.ts';
export * from './app-file.ts';
