/** The account centre's API: security verification flow, profile, log, feedback, orders (§2, §4). */
export * from './security.ts';
export * from './profile.ts';
