/**
 * Loading a route's code chunk with a deadline (§9: CHUNK_LOAD_TIMEOUT_MS). A chunk that fails or
 * does not arrive in time becomes a ChunkLoadError that says whether a script or a style sheet was
 * missing, so the screen can show the catalogue's 1603 or 1604 text instead of a blank page.
 */
import { CHUNK_LOAD_TIMEOUT_MS, type ErrorCode } from '@lyyp/contracts';

export type ChunkKind = 'script' | 'style';

export class ChunkLoadError extends Error {
  readonly kind: ChunkKind;

  constructor(kind: ChunkKind, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
    this.kind = kind;
  }
}

/** Vite's preload helper reports a missing style sheet as "Unable to preload CSS for …". */
const STYLE_FAILURE = /\bcss\b|stylesheet/i;

export function classifyChunkFailure(error: unknown): ChunkKind {
  if (error instanceof ChunkLoadError) return error.kind;
  const message = error instanceof Error ? error.message : String(error);
  return STYLE_FAILURE.test(message) ? 'style' : 'script';
}

export function catalogueCodeOf(kind: ChunkKind): ErrorCode {
  return kind === 'style' ? '1604' : '1603';
}

export function isChunkLoadError(error: unknown): error is ChunkLoadError {
  return error instanceof ChunkLoadError;
}

export interface ChunkTimers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

const browserTimers: ChunkTimers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function loadChunkWithin<T>(
  importer: () => Promise<T>,
  timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS,
  timers: ChunkTimers = browserTimers,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const handle = timers.setTimeout(() => {
      reject(new ChunkLoadError('script', `Loading chunk timed out after ${timeoutMs} ms`));
    }, timeoutMs);
    importer().then(
      (module) => {
        timers.clearTimeout(handle);
        resolve(module);
      },
      (cause: unknown) => {
        timers.clearTimeout(handle);
        const message = cause instanceof Error ? cause.message : String(cause);
        reject(new ChunkLoadError(classifyChunkFailure(cause), message, { cause }));
      },
    );
  });
}
