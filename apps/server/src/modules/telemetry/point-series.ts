/**
 * The series of history: each (device, variable key) pair that ever had a point is a small integer
 * in `point_series`, which points are keyed by. Ids never change once given, so every node keeps
 * the ones it has seen.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { textArrayLiteral } from '../../db/array-literal.ts';
import { compareTexts } from '../../db/lock-order.ts';

/** The identity of a (device, key) pair in maps. */
export const seriesIdentity = (deviceId: string, key: string): string => `${deviceId}\u0000${key}`;

const texts = (values: readonly string[]) => sql`${textArrayLiteral(values)}::text[]`;

export class PointSeries {
  private readonly known = new Map<string, number>();

  constructor(private readonly db: Database) {}

  /** The series id of every pair, creating the ones never seen; safe when nodes race. */
  async idsOf(pairs: Iterable<readonly [deviceId: string, key: string]>): Promise<Map<string, number>> {
    const wanted = new Map<string, readonly [string, string]>();
    for (const [deviceId, key] of pairs) {
      const identity = seriesIdentity(deviceId, key);
      if (!this.known.has(identity)) wanted.set(identity, [deviceId, key]);
    }
    for (let attempt = 0; wanted.size > 0 && attempt < 3; attempt += 1) {
      const list = [...wanted.values()].sort((a, b) => compareTexts(a[0], b[0]) || compareTexts(a[1], b[1]));
      const devices = texts(list.map((pair) => pair[0]));
      const keys = texts(list.map((pair) => pair[1]));
      // Rows another transaction adds meanwhile are neither inserted nor seen: asked again.
      const result: unknown = await this.db.execute(sql`
        with wanted as (select * from unnest(${devices}, ${keys}) as wanted(device_id, key)),
        created as (
          insert into point_series (device_id, key) select device_id, key from wanted
          on conflict (device_id, key) do nothing returning id, device_id, key)
        select id, device_id, key from created
        union all
        select s.id, s.device_id, s.key from point_series s join wanted w on w.device_id = s.device_id and w.key = s.key`);
      for (const row of (result as { rows: Array<{ id: number; device_id: string; key: string }> }).rows) {
        const identity = seriesIdentity(row.device_id, row.key);
        this.known.set(identity, Number(row.id));
        wanted.delete(identity);
      }
    }
    if (wanted.size > 0) throw new Error('point series could not be created');
    return this.known;
  }

  /** A known id (after `idsOf`). */
  idOf(deviceId: string, key: string): number {
    const id = this.known.get(seriesIdentity(deviceId, key));
    if (id === undefined) throw new Error('point series not resolved');
    return id;
  }
}
