import { CHUNK_LOAD_TIMEOUT_MS } from '@lyyp/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, catalogueCodeOf, loadChunkWithin } from './chunk-loader.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('route chunk loading', () => {
  it('hands over a chunk that arrives in time', async () => {
    await expect(loadChunkWithin(() => Promise.resolve({ default: 'screen' }))).resolves.toEqual({
      default: 'screen',
    });
  });

  it('gives up on a chunk that takes longer than the chunk timeout, as a script failure (1603)', async () => {
    vi.useFakeTimers();
    const pending = loadChunkWithin(() => new Promise<never>(() => undefined));
    const outcome = pending.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(catalogueCodeOf((error as ChunkLoadError).kind)).toBe('1603');
  });

  it('tells a missing style sheet (1604) from a missing script (1603)', async () => {
    const style = await loadChunkWithin(() =>
      Promise.reject(new Error('Unable to preload CSS for /assets/x.css')),
    ).catch((error: unknown) => error as ChunkLoadError);
    const script = await loadChunkWithin(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js')),
    ).catch((error: unknown) => error as ChunkLoadError);
    expect(catalogueCodeOf(style.kind)).toBe('1604');
    expect(catalogueCodeOf(script.kind)).toBe('1603');
  });
});
