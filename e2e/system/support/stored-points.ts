/**
 * The points the platform stored for a device, read back through its history curve API
 * (`/history/curve`), raw, ten variables at a time.
 */
import type { PlatformApi } from './platform-api.ts';

export interface StoredPoint {
  readonly k: string;
  readonly t: number;
  readonly v: number | string | boolean | null;
}

/** The curve API's limit of variables per request. */
const KEYS_PER_REQUEST = 10;
/** Widest curve: up to twice as many points per variable come back raw rather than in buckets. */
const CURVE_WIDTH = 4000;

type CurveSeries =
  | { key: string; mode: 'raw'; points: Array<[number, number | string | boolean | null]> }
  | { key: string; mode: 'bucket' };

export async function readStoredPoints(
  api: PlatformApi,
  deviceId: string,
  keys: readonly string[],
  range: { start: number; end: number },
): Promise<StoredPoint[]> {
  const stored: StoredPoint[] = [];
  for (let index = 0; index < keys.length; index += KEYS_PER_REQUEST) {
    const curve = await api.post<{ series: CurveSeries[] }>('/history/curve', {
      equipmentId: deviceId,
      keys: keys.slice(index, index + KEYS_PER_REQUEST),
      start: range.start,
      end: range.end,
      width: CURVE_WIDTH,
    });
    for (const series of curve.series) {
      if (series.mode !== 'raw') throw new Error(`${series.key} has too many points to compare one by one`);
      for (const [t, v] of series.points) stored.push({ k: series.key, t, v });
    }
  }
  return stored;
}
