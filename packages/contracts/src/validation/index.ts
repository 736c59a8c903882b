export * from './rules.ts';
export * from './zod.ts';
