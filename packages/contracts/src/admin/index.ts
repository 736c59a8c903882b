/**
 * The administration vocabulary (`@lyyp/contracts/admin`): built-in roles and how permissions
 * follow from a role, data scopes, dealer and certification shapes, and the admin API.
 */
export * from './roles.ts';
export * from './grant-ceiling.ts';
export * from './api.ts';
