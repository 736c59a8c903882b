/**
 * CPU time spent by each part of a benchmark run (the platform, the fleet, the broker, the
 * database), read from `/proc` before and after a scenario. On a machine whose cores all parts
 * share, this says which part a figure is bound by. Where `/proc` cannot be read (not Linux), no
 * figure is given.
 */
import { readFile, readdir } from 'node:fs/promises';
import os from 'node:os';

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ: 100 on every Linux this runs on). */
const TICKS_PER_SECOND = 100;

export interface CpuParts {
  /** Process ids by part; `database` counts every process named `postgres`. */
  readonly platform: number;
  readonly fleet?: number;
  readonly broker?: number;
  readonly database?: 'postgres';
}

/** Ticks by process id, with the part each process counts for. */
type Sample = Map<string, { part: string; ticks: number }>;

async function ticksOf(pid: number | string): Promise<{ name: string; ticks: number } | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // The name is in parentheses and may hold spaces; the fields after it are space-separated.
    const close = stat.lastIndexOf(')');
    const name = stat.slice(stat.indexOf('(') + 1, close);
    const fields = stat.slice(close + 2).split(' ');
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    return { name, ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

async function sample(parts: CpuParts): Promise<Sample | null> {
  if (os.platform() !== 'linux') return null;
  const result: Sample = new Map();
  for (const [part, pid] of [
    ['platform', parts.platform],
    ['fleet', parts.fleet],
    ['broker', parts.broker],
  ] as const) {
    if (pid === undefined) continue;
    const own = await ticksOf(pid);
    if (own) result.set(String(pid), { part, ticks: own.ticks });
  }
  if (parts.database === 'postgres') {
    // A process that ended meanwhile is not counted (take the second sample before closing
    // connections); one that started meanwhile counts whole.
    for (const entry of await readdir('/proc')) {
      if (!/^\d+$/.test(entry) || result.has(entry)) continue;
      const stat = await ticksOf(entry);
      if (stat?.name.startsWith('postgres')) result.set(entry, { part: 'database', ticks: stat.ticks });
    }
  }
  return result;
}

/** Starts counting; the answer, when called, gives each part's CPU seconds since (and the total). */
export async function cpuSince(parts: CpuParts): Promise<() => Promise<Record<string, number> | null>> {
  const before = await sample(parts);
  const startedAt = performance.now();
  return async () => {
    const after = await sample(parts);
    if (!before || !after) return null;
    const spentByPart = new Map<string, number>();
    for (const [pid, { part, ticks }] of after) {
      const spent = (ticks - (before.get(pid)?.ticks ?? 0)) / TICKS_PER_SECOND;
      spentByPart.set(part, (spentByPart.get(part) ?? 0) + spent);
    }
    const seconds: Record<string, number> = {};
    let total = 0;
    for (const [part, spent] of spentByPart) {
      seconds[part] = Math.round(spent * 10) / 10;
      total += spent;
    }
    const wall = (performance.now() - startedAt) / 1000;
    seconds.total = Math.round(total * 10) / 10;
    seconds.wall = Math.round(wall * 10) / 10;
    seconds.cores = os.cpus().length;
    return seconds;
  };
}
