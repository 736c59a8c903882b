/**
 * Pieces of the field-protocol bench (field-protocols.bench.ts): the servers' process, what the
 * agent does with a report before the disk buffer, and the measuring windows.
 */
import { fork, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ChangeFilter } from '../src/core/change-filter.ts';
import { PointBatcher, pointsOf } from '../src/core/point-batcher.ts';
import type { PollReport } from '../src/modbus/modbus-poller.ts';
import { systemScheduler } from '../src/modbus/system-scheduler.ts';
import type { FieldServerOrder, FieldServerReply } from './field-server-process.ts';

export interface Figure {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  config: Record<string, unknown>;
}

/** What one measurement gives: values handed on per second and the CPU time they took. */
export interface Rate {
  readonly values: number;
  readonly seconds: number;
  readonly cpuMs: number;
  /** Values that went on to upload batches (agent only). */
  readonly forwarded?: number;
}

export const valuesPerSecond = (rate: Rate) => rate.values / rate.seconds;
export const cpuPerThousand = (rate: Rate) => rate.cpuMs / (rate.values / 1000);

/** The servers' process. */
export class FieldServers {
  private constructor(private readonly child: ChildProcess) {}

  static async start(
    order: Exclude<FieldServerOrder, { type: 'close' }>,
  ): Promise<{ servers: FieldServers; port: number }> {
    const child = fork(path.join(import.meta.dirname, 'field-server-process.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const servers = new FieldServers(child);
    const reply = await new Promise<FieldServerReply>((resolve, reject) => {
      child.once('exit', (code) => reject(new Error(`field server process exited with ${code}`)));
      child.once('message', (message: FieldServerReply) => resolve(message));
      child.send(order);
    });
    if (reply.type !== 'ready') {
      await servers.close();
      throw new Error(`field server did not start: ${reply.message}`);
    }
    return { servers, port: reply.port };
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ type: 'close' } satisfies FieldServerOrder);
    const timer = setTimeout(() => this.child.kill(), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

/**
 * What the agent does with a field report before the disk buffer (gateway-agent.ts): its own change
 * filter over every reading, points, upload batches. `fresh` says which values of a report are new
 * from the device: every reading of a poll cycle, the notifications of a subscription.
 */
export class AgentPipeline {
  values = 0;
  forwarded = 0;
  private readonly reported = new ChangeFilter();
  private readonly batcher = new PointBatcher({
    scheduler: systemScheduler,
    onBatch: (batch) => (this.forwarded += batch.points.length),
  });

  constructor(private readonly fresh: 'readings' | 'samples') {}

  readonly onReport = (report: PollReport): void => {
    const fresh = this.fresh === 'readings' ? report.readings : report.samples;
    this.values += fresh.filter((sample) => sample.kind === 'reading').length;
    const samples = report.readings.filter((sample) => this.reported.accept(sample, 0));
    this.batcher.add(pointsOf(samples, report.at));
    if (report.complete)
      this.batcher.confirm({ driver: report.driverKey, t: report.at }, report.pollIntervalMs);
  };

  close(): void {
    this.batcher.flush();
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Counts `count()` over `seconds`, with this process's CPU time. */
export async function window(
  seconds: number,
  count: () => number,
  forwarded: () => number = () => 0,
): Promise<Rate> {
  const values = count();
  const passed = forwarded();
  const cpu = process.cpuUsage();
  const began = performance.now();
  await pause(seconds * 1000);
  const spent = process.cpuUsage(cpu);
  return {
    values: count() - values,
    forwarded: forwarded() - passed,
    seconds: (performance.now() - began) / 1000,
    cpuMs: (spent.user + spent.system) / 1000,
  };
}

/**
 * A subscription's values come in bursts, one per change of the server: a window from just after
 * one whole change has come in to just after `changes` more, so it holds whole changes
 * and no burst falls on its edge.
 */
export async function windowOfChanges(
  changes: number,
  count: () => number,
  items: number,
  forwarded: () => number = () => 0,
): Promise<Rate> {
  while (count() === 0 || count() % items !== 0) await pause(5);
  const values = count();
  const passed = forwarded();
  const cpu = process.cpuUsage();
  const began = performance.now();
  while (count() < values + changes * items) await pause(5);
  const spent = process.cpuUsage(cpu);
  return {
    values: count() - values,
    forwarded: forwarded() - passed,
    seconds: (performance.now() - began) / 1000,
    cpuMs: (spent.user + spent.system) / 1000,
  };
}
