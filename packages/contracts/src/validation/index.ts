export * from './rules.ts';
export * from './zod.ts';
export * from './url.ts';
