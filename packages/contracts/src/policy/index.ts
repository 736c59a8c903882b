export * from './relations.ts';
export * from './table.ts';
export * from './evaluate.ts';
export * from './describe.ts';
export * from './capabilities.ts';
