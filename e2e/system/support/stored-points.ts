/**
 * The points the platform stored for a device, read straight from its embedded database once the
 * platform has stopped. The platform has no history API yet; this stands in for one and is the
 * only place that knows the table.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

export interface StoredPoint {
  readonly k: string;
  readonly t: number;
  readonly v: number | string | null;
  readonly e: string | null;
}

export async function readStoredPoints(platformDataDir: string, deviceId: string): Promise<StoredPoint[]> {
  const database = new PGlite(path.join(platformDataDir, 'pglite'));
  try {
    const result = await database.query<{
      key: string;
      ts: string;
      v_num: number | null;
      v_text: string | null;
      e: string | null;
    }>(
      `select key, (extract(epoch from ts) * 1000)::bigint::text as ts, v_num, v_text, e
         from points where device_id = $1 order by ts, key`,
      [deviceId],
    );
    return result.rows.map((row) => ({
      k: row.key,
      t: Number(row.ts),
      v: row.v_num ?? row.v_text,
      e: row.e,
    }));
  } finally {
    await database.close();
  }
}
