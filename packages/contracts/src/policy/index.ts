export * from './relations.ts';
export * from './table.ts';
export * from './evaluate.ts';
