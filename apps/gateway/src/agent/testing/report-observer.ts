/**
 * Tests: watches a field side's reports — the newest sample of each key, how many reports came —
 * and wakes waits on each report (never sleeps).
 */
import type { Sample } from '../../core/samples.ts';
import { Conditions } from '../../core/testing/conditions.ts';
import type { PollReport } from '../../modbus/modbus-poller.ts';

export class ReportObserver {
  readonly latest = new Map<string, Sample>();
  readonly conditions = new Conditions();
  reports = 0;
  readonly onReport = (report: PollReport): void => {
    this.reports += 1;
    for (const sample of report.readings) this.latest.set(sample.key, sample);
    this.conditions.check();
  };

  value(key: string): unknown {
    const sample = this.latest.get(key);
    return sample?.kind === 'reading' ? sample.value : undefined;
  }

  code(key: string): string | undefined {
    const sample = this.latest.get(key);
    return sample?.kind === 'fault' ? sample.code : undefined;
  }

  until(condition: () => boolean, what?: string): Promise<void> {
    return this.conditions.until(condition, what);
  }
}
