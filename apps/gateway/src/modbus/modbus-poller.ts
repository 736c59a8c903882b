/**
 * Polls every slave of a device model on its own schedule. Each slave runs its own loop (start a
 * cycle, read its blocks, report, wait out the rest of its interval), so a slow, silent or dead
 * slave only ever delays itself. Periodic variables are read every cycle; on-demand variables only
 * when `readNow` asks. Every cycle is reported: with what the dead zone and state changes let
 * through, and whether every periodic variable was read (which confirms the unchanged ones).
 */
import { isModbusDriver, type DeviceModel, type ModbusDriver as Driver } from '@lyyp/contracts/device-model';
import {
  planReadBlocks,
  sliceForPoint,
  type BlockPlanOptions,
  type ReadBlock,
} from '../core/block-planner.ts';
import { ChangeFilter } from '../core/change-filter.ts';
import { collectSample } from '../core/collection.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import { catalogueCodeOf, classifyModbusError } from '../core/modbus-errors.ts';
import { resolvePoints, type ModbusPoint, type RejectedVariable } from '../core/points.ts';
import { carriesValue, type Fault, type Sample } from '../core/samples.ts';
import type { Scheduler, TimerHandle } from '../core/scheduler.ts';
import type { LinkPool } from './link-pool.ts';
import type { SlaveChannel, SlaveStatus } from './slave-channel.ts';

export interface PollReport {
  readonly driverKey: string;
  /** When the cycle started. */
  readonly at: number;
  /** What the dead zone and state changes let through (may be none). */
  readonly samples: readonly Sample[];
  /** Every sample of the cycle, reported or not (computed variables read the newest values). */
  readonly readings: readonly Sample[];
  /**
   * Every periodic variable of the slave came back as a value this cycle, so those not reported
   * are confirmed unchanged. False when any read failed, and for a slave with nothing periodic.
   */
  readonly complete: boolean;
  readonly pollIntervalMs: number;
}

export interface ModbusPollerOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly links: LinkPool;
  readonly onReport: (report: PollReport) => void;
  readonly blockPlan?: Omit<BlockPlanOptions, 'isolated'>;
  /** Called when a cycle fails unexpectedly (the loop goes on); logs to stderr by default. */
  readonly onError?: (error: unknown) => void;
}

/** Exception answers that say "this span is wrong", not "this slave is unwell". */
const SPAN_EXCEPTIONS = new Set([2, 3]);

const faultsOf = (points: readonly ModbusPoint[], code: Fault['code'], at: number): Fault[] =>
  points.map((point) => ({ kind: 'fault', key: point.key, code, at }));

/** The loop and read logic of one slave. */
class SlaveSchedule {
  private timer: TimerHandle | null = null;
  private cycle: Promise<void> | null = null;
  private running = false;
  private readonly isolated = new Set<string>();
  private pendingFaults: Fault[];
  private readonly deadZones: ReadonlyMap<string, number>;
  cycles = 0;

  constructor(
    readonly driver: Driver,
    readonly points: readonly ModbusPoint[],
    rejected: readonly RejectedVariable[],
    private readonly channel: SlaveChannel,
    private readonly scheduler: Scheduler,
    private readonly filter: ChangeFilter,
    private readonly blockPlan: Omit<BlockPlanOptions, 'isolated'>,
    private readonly onReport: (report: PollReport) => void,
    private readonly onError: (error: unknown) => void,
  ) {
    this.pendingFaults = rejected.map((item) => ({ kind: 'fault', key: item.key, code: item.code, at: 0 }));
    this.deadZones = new Map(points.map((point) => [point.key, point.variable.deadZone]));
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.running = false;
    if (this.timer) this.scheduler.clearTimeout(this.timer);
    this.timer = null;
    await this.cycle;
  }

  /** Reads the points now and returns every sample, reported or not. */
  async read(points: readonly ModbusPoint[]): Promise<Sample[]> {
    const blocks = planReadBlocks(points, { ...this.blockPlan, isolated: this.isolated });
    const samples: Sample[] = [];
    let giveUp: Fault['code'] | null = null;
    for (const block of blocks) {
      const at = this.scheduler.now();
      if (giveUp) {
        samples.push(...faultsOf(block.points, giveUp, at));
        continue;
      }
      try {
        const values = await this.channel.read(block.registerType, block.start, block.count);
        for (const point of block.points)
          samples.push(collectSample(point, sliceForPoint(block, point, values), at));
      } catch (error) {
        const failure = classifyModbusError(error);
        const code = catalogueCodeOf(failure, 'read');
        if (failure.kind === 'exception' && SPAN_EXCEPTIONS.has(failure.exceptionCode) && isMerged(block)) {
          // One bad address among merged neighbours: from now on read them one by one.
          for (const point of block.points) this.isolated.add(point.key);
          samples.push(...(await this.read(block.points)));
          continue;
        }
        // A slave that timed out or is unreachable would only time out again on the next block.
        if (failure.kind === 'timeout' || failure.kind === 'connection') giveUp = code;
        samples.push(...faultsOf(block.points, code, at));
      }
    }
    return samples;
  }

  private schedule(delay: number): void {
    this.timer = this.scheduler.setTimeout(() => {
      this.cycle = this.runCycle();
    }, delay);
  }

  private async runCycle(): Promise<void> {
    const started = this.scheduler.now();
    try {
      const periodic = this.points.filter((point) => point.variable.collectionMode === 'periodic');
      const read = await this.read(periodic);
      const samples = [...this.pendingFaults, ...read];
      this.pendingFaults = [];
      this.cycles += 1;
      const reported = samples.filter((sample) =>
        this.filter.accept(sample, this.deadZones.get(sample.key) ?? 0),
      );
      this.onReport({
        driverKey: this.driver.key,
        at: started,
        samples: reported,
        readings: samples,
        // Variables rejected by the configuration are never read: they do not hold back the rest.
        complete: read.length > 0 && read.every(carriesValue),
        pollIntervalMs: this.driver.pollIntervalMs,
      });
    } catch (error) {
      this.onError(error);
    }
    if (this.running) this.schedule(Math.max(0, started + this.driver.pollIntervalMs - this.scheduler.now()));
  }
}

function isMerged(block: ReadBlock): boolean {
  const [only] = block.points;
  return block.points.length > 1 || (only !== undefined && only.count !== block.count);
}

export class ModbusPoller {
  /** Variables that cannot be polled, with the reason. */
  readonly rejected: readonly RejectedVariable[];
  private readonly schedules = new Map<string, SlaveSchedule>();
  private readonly points = new Map<string, ModbusPoint>();
  private readonly filter = new ChangeFilter();
  private readonly links: LinkPool;

  constructor(options: ModbusPollerOptions) {
    const resolved = resolvePoints(options.model, options.formulas);
    this.rejected = resolved.rejected;
    this.links = options.links;
    const variables = new Map(options.model.variables.map((variable) => [variable.key, variable]));
    for (const point of resolved.points) this.points.set(point.key, point);
    for (const driver of options.model.drivers.filter(isModbusDriver)) {
      const points = resolved.points.filter((point) => point.driver.key === driver.key);
      const rejected = resolved.rejected.filter((item) => variables.get(item.key)?.driverKey === driver.key);
      if (points.length === 0 && rejected.length === 0) continue;
      this.schedules.set(
        driver.key,
        new SlaveSchedule(
          driver,
          points,
          rejected,
          options.links.channelFor(driver),
          options.links.scheduler,
          this.filter,
          options.blockPlan ?? {},
          options.onReport,
          options.onError ?? ((error) => console.error('poll cycle failed', error)),
        ),
      );
    }
  }

  start(): void {
    for (const schedule of this.schedules.values()) schedule.start();
  }

  /** Stops every loop and waits for cycles in flight. Connections stay with the link pool. */
  async stop(): Promise<void> {
    await Promise.all([...this.schedules.values()].map((schedule) => schedule.stop()));
  }

  /**
   * Reads variables now, periodic or on-demand, each slave in parallel; unknown keys come back
   * as 99903. The samples count as reported.
   */
  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const at = this.links.scheduler.now();
    const unknown: Sample[] = keys
      .filter((key) => !this.points.has(key))
      .map((key) => ({ kind: 'fault', key, code: '99903', at }));
    const byDriver = new Map<string, ModbusPoint[]>();
    for (const key of keys) {
      const point = this.points.get(key);
      if (!point) continue;
      byDriver.set(point.driver.key, [...(byDriver.get(point.driver.key) ?? []), point]);
    }
    const read = await Promise.all(
      [...byDriver].map(
        ([driverKey, points]) => this.schedules.get(driverKey)?.read(points) ?? Promise.resolve([]),
      ),
    );
    const samples = [...read.flat(), ...unknown];
    for (const sample of samples) this.filter.remember(sample);
    return samples;
  }

  /** Completed poll cycles per slave. */
  cycleCounts(): Record<string, number> {
    return Object.fromEntries([...this.schedules].map(([key, schedule]) => [key, schedule.cycles]));
  }

  statuses(): SlaveStatus[] {
    return this.links.statuses();
  }
}
