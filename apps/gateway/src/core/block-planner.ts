/**
 * Groups the points of each slave and table into as few read requests as the protocol allows:
 * neighbours merge when the gap between them is small (reading a few unused registers is cheaper
 * than another round trip) and the request stays within the table's limit (125 registers, 2000
 * bits). Points the caller isolates, because a merged read of them failed, get a request of
 * their own so one bad address cannot blind its neighbours.
 */
import {
  REGISTER_TYPE_DEFINITIONS,
  type ModbusDriver as Driver,
  type RegisterType,
} from '@lyyp/contracts/device-model';
import type { ModbusPoint } from './points.ts';

export interface ReadBlock {
  readonly driver: Driver;
  readonly registerType: RegisterType;
  readonly start: number;
  readonly count: number;
  readonly points: readonly ModbusPoint[];
}

export interface BlockPlanOptions {
  /** Unused registers a merged request may span between two points. */
  readonly maxRegisterGap?: number;
  /** Unused bits a merged request may span between two points. */
  readonly maxBitGap?: number;
  /** Keys of points that must be read on their own. */
  readonly isolated?: ReadonlySet<string>;
}

export const DEFAULT_MAX_REGISTER_GAP = 8;
export const DEFAULT_MAX_BIT_GAP = 32;

const groupKey = (point: ModbusPoint) => `${point.driver.key}\u0000${point.registerType}`;

/** Read requests covering every point, ordered by slave, table and address. */
export function planReadBlocks(points: readonly ModbusPoint[], options: BlockPlanOptions = {}): ReadBlock[] {
  const groups = new Map<string, ModbusPoint[]>();
  for (const point of points) {
    const group = groups.get(groupKey(point));
    if (group) group.push(point);
    else groups.set(groupKey(point), [point]);
  }
  const blocks: ReadBlock[] = [];
  for (const group of groups.values()) blocks.push(...planGroup(group, options));
  return blocks;
}

function planGroup(points: ModbusPoint[], options: BlockPlanOptions): ReadBlock[] {
  const sorted = [...points].sort((a, b) => a.offset - b.offset || a.count - b.count);
  const first = sorted[0];
  if (!first) return [];
  const table = REGISTER_TYPE_DEFINITIONS[first.registerType];
  const maxGap =
    table.unit === 'bit'
      ? (options.maxBitGap ?? DEFAULT_MAX_BIT_GAP)
      : (options.maxRegisterGap ?? DEFAULT_MAX_REGISTER_GAP);
  const isolated = options.isolated ?? new Set<string>();
  const spans: Span[] = [];
  let open: Span | undefined;
  for (const point of sorted) {
    const end = point.offset + point.count;
    if (isolated.has(point.key)) {
      spans.push({ start: point.offset, end, points: [point] });
      open = undefined;
      continue;
    }
    if (
      open &&
      point.offset - open.end <= maxGap &&
      Math.max(open.end, end) - open.start <= table.maxReadCount
    ) {
      open.end = Math.max(open.end, end);
      open.points.push(point);
      continue;
    }
    open = { start: point.offset, end, points: [point] };
    spans.push(open);
  }
  return spans.map((span) => toBlock(first, span)).sort((a, b) => a.start - b.start);
}

interface Span {
  start: number;
  end: number;
  points: ModbusPoint[];
}

function toBlock(sample: ModbusPoint, span: Span): ReadBlock {
  return {
    driver: sample.driver,
    registerType: sample.registerType,
    start: span.start,
    count: span.end - span.start,
    points: span.points,
  };
}

/** The registers (or bits) of one point within the answer to its block. */
export function sliceForPoint(block: ReadBlock, point: ModbusPoint, values: readonly number[]): number[] {
  const from = point.offset - block.start;
  return values.slice(from, from + point.count);
}
