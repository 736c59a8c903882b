/** Limits, defaults and the saved-page schema of the page designer, shared by designer and server. */
export * from './limits.ts';
export * from './image.ts';
export * from './widget-types.ts';
export * from './position.schema.ts';
export * from './widget-parts.schema.ts';
export * from './widget-data.schema.ts';
export * from './widget.schema.ts';
export * from './page.schema.ts';
export * from './faceplate.schema.ts';
export * from './messages.ts';
export * from './scene.ts';
