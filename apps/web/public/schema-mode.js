// Runs before the console's modules: zod then checks input without compiling parsers through
// `new Function`. The console's Content-Security-Policy forbids eval, and zod's probe for it (made
// when the first schema is built) would be reported as a policy violation on every page.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
