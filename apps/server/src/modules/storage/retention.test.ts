import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY_MS, effectivePolicy, partitionsToDrop, rawCutoff } from './retention.ts';

const policy = fc.option(
  fc.record({
    rawDays: fc.integer({ min: 1, max: 400 }),
    minuteDays: fc.integer({ min: 1, max: 400 }),
    summaryYears: fc.option(fc.integer({ min: 1, max: 10 })),
  }),
);

describe('retention', () => {
  it('never drops a partition holding a time some device keeps', () => {
    const now = Date.UTC(2026, 11, 7, 12);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(policy, policy), { minLength: 1, maxLength: 20 }),
        fc.array(fc.integer({ min: 0, max: 800 }), { minLength: 1, maxLength: 60 }),
        (devices, days) => {
          const policies = devices.map(([override, product]) => effectivePolicy(override, product));
          const longest = policies.some((item) => item === null)
            ? null
            : Math.max(...policies.map((item) => item!.rawDays));
          const partitions = days.map((back) => {
            const start = Math.floor(now / DAY_MS) * DAY_MS - back * DAY_MS;
            return { name: `d${back}`, start, end: start + DAY_MS };
          });
          for (const dropped of partitionsToDrop(partitions, longest, now))
            for (const kept of policies) {
              const cutoff = rawCutoff(kept, now);
              // Every time in the dropped partition is older than what each device keeps.
              expect(cutoff).not.toBeNull();
              expect(dropped.end).toBeLessThanOrEqual(cutoff!);
            }
        },
      ),
    );
  });

  it('lets a device override its product, and keeps everything without any policy', () => {
    const product = { rawDays: 30, minuteDays: 90, summaryYears: null };
    const device = { rawDays: 7, minuteDays: 30, summaryYears: 2 };
    expect(effectivePolicy(device, product)).toBe(device);
    expect(effectivePolicy(null, product)).toBe(product);
    expect(rawCutoff(null, 0)).toBeNull();
    expect(partitionsToDrop([{ name: 'old', start: 0, end: DAY_MS }], null, 10_000 * DAY_MS)).toEqual([]);
  });
});
