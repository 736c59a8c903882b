/** The account centre's API: security verification flow, sessions, profile, log, feedback, orders (§2, §4). */
export * from './security.ts';
export * from './profile.ts';
export * from './sessions.ts';
