// Entry of the script worker thread: TypeScript loaders are not inherited by worker threads, so
// the worker registers tsx itself before loading its code.
import { register } from 'tsx/esm/api';

register();
await import('./script-worker.ts');
