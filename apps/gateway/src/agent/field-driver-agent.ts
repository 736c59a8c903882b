/**
 * What the OPC UA and S7 sides of the agent share: one runner per driver, each on its own, and the
 * surface the agent calls on every side (start, read now, write, statuses, cycle counts, stop),
 * each call going to the runners that own the variables it names.
 */
import type { Sample } from '../core/samples.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';

/** One driver's runner, as the side that holds it calls it. */
export interface FieldDriverRunner {
  readonly driver: { readonly key: string };
  readonly cycles: number;
  owns(key: string): boolean;
  start(): void;
  stop(): Promise<void>;
  readNow(keys: readonly string[]): Promise<Sample[]>;
  write(key: string, value: unknown): Promise<WriteOutcome>;
  status(): SlaveStatus;
}

export abstract class FieldDriverAgent<Runner extends FieldDriverRunner> {
  abstract readonly runners: readonly Runner[];

  owns(key: string): boolean {
    return this.runners.some((runner) => runner.owns(key));
  }

  start(): void {
    for (const runner of this.runners) runner.start();
  }

  async stop(): Promise<void> {
    await Promise.all(this.runners.map((runner) => runner.stop()));
  }

  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const samples = await Promise.all(
      this.runners.map((runner) => runner.readNow(keys.filter((key) => runner.owns(key)))),
    );
    return samples.flat();
  }

  write(key: string, value: unknown): Promise<WriteOutcome> {
    const runner = this.runners.find((candidate) => candidate.owns(key));
    return runner ? runner.write(key, value) : Promise.resolve({ ok: false, key, code: '1714' });
  }

  statuses(): SlaveStatus[] {
    return this.runners.map((runner) => runner.status());
  }

  cycleCounts(): Record<string, number> {
    return Object.fromEntries(this.runners.map((runner) => [runner.driver.key, runner.cycles]));
  }
}
