import { describe, expect, it } from 'vitest';
import { reconnectDelay } from './reconnect-delay.ts';

const policy = { initialMs: 1000, maxMs: 60_000 };

describe('reconnect delay', () => {
  it('doubles per failure up to the cap', () => {
    const full = [0, 1, 2, 3, 4, 5, 6, 7, 40].map((failures) => reconnectDelay(failures, policy, () => 1));
    expect(full).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
  });

  it('spreads gateways between half and all of the step', () => {
    expect(reconnectDelay(3, policy, () => 0)).toBe(4000);
    expect(reconnectDelay(3, policy, () => 0.5)).toBe(6000);
  });
});
