import {
  deviceStatusAlarmsSchema,
  deviceStatusStateSchema,
  type DeviceStatusAlarms,
} from '@lyyp/contracts/alarm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MINUTE, SECOND, T0 } from './alarm-test-support.ts';
import {
  evaluateDeviceStatus,
  restoreDeviceStatusState,
  type DeviceStatusTransition,
  type GatewayStatusEvent,
} from './device-status.ts';

const settings: DeviceStatusAlarms = deviceStatusAlarmsSchema.parse({
  offline: { enabled: true, delaySeconds: 300 },
  'power-off': { enabled: true, delaySeconds: 0 },
});

const at = (minutes: number) => T0 + minutes * MINUTE;
const event = (status: GatewayStatusEvent['status'], minutes: number): GatewayStatusEvent => ({
  status,
  at: at(minutes),
});

describe('offline alarms', () => {
  it('raises once the gateway has been offline for the delay, dated when the delay passed', () => {
    const first = evaluateDeviceStatus(null, settings, [event('online', 0), event('offline', 1)], at(2));
    expect(first.transitions).toEqual([]);
    expect(first.nextCheckAt).toBe(at(6));
    const woken = evaluateDeviceStatus(first.state, settings, [], at(6));
    expect(woken.transitions).toEqual([
      { kind: 'raise', type: 'offline', at: at(6), since: at(1), late: false },
    ]);
    expect(woken.nextCheckAt).toBeNull();
    const back = evaluateDeviceStatus(woken.state, settings, [event('online', 9)], at(9));
    expect(back.transitions).toEqual([
      { kind: 'release', type: 'offline', at: at(9), reason: 'device-back', late: false },
    ]);
  });

  it('raises nothing for an outage shorter than the delay, or exactly as long', () => {
    const short = evaluateDeviceStatus(null, settings, [event('offline', 0), event('online', 4)], at(10));
    expect(short.transitions).toEqual([]);
    const exact = evaluateDeviceStatus(null, settings, [event('offline', 0), event('online', 5)], at(10));
    expect(exact.transitions).toEqual([]);
    expect(exact.nextCheckAt).toBeNull();
  });

  it('raises and releases an outage learnt about afterwards, at their true times, marked late', () => {
    const result = evaluateDeviceStatus(null, settings, [event('offline', 0), event('online', 20)], at(60));
    expect(result.transitions).toEqual([
      { kind: 'raise', type: 'offline', at: at(5), since: at(0), late: true },
      { kind: 'release', type: 'offline', at: at(20), reason: 'device-back', late: true },
    ]);
  });

  it('treats a dormant gateway as expected silence, not an outage', () => {
    const result = evaluateDeviceStatus(null, settings, [event('offline', 0), event('dormant', 2)], at(30));
    expect(result.transitions).toEqual([]);
    expect(result.state.outage).toBeNull();
  });

  it('skips repeated and older statuses', () => {
    const first = evaluateDeviceStatus(null, settings, [event('offline', 10)], at(10));
    const again = evaluateDeviceStatus(
      first.state,
      settings,
      [event('offline', 10), event('online', 5)],
      at(11),
    );
    expect(again.skipped).toEqual([
      { at: at(5), reason: 'out-of-order' },
      { at: at(10), reason: 'duplicate' },
    ]);
    expect(again.state.outage).toEqual({ type: 'offline', since: at(10) });
  });
});

describe('power-off alarms', () => {
  it('raises at once with no delay, and keeps one alarm through the offline that follows', () => {
    const result = evaluateDeviceStatus(null, settings, [event('power-off', 0), event('offline', 1)], at(30));
    expect(result.transitions).toEqual([
      { kind: 'raise', type: 'power-off', at: at(0), since: at(0), late: true },
    ]);
  });

  it('turns an offline outage not yet alarmed into power-off from the same start', () => {
    const slow = deviceStatusAlarmsSchema.parse({
      offline: { enabled: true, delaySeconds: 300 },
      'power-off': { enabled: true, delaySeconds: 120 },
    });
    const result = evaluateDeviceStatus(null, slow, [event('offline', 0), event('power-off', 1)], at(1));
    expect(result.state.outage).toEqual({ type: 'power-off', since: at(0) });
    expect(result.nextCheckAt).toBe(at(2));
  });

  it('keeps an offline alarm already raised when power-off is reported later', () => {
    const result = evaluateDeviceStatus(null, settings, [event('offline', 0), event('power-off', 6)], at(7));
    expect(result.transitions.map((item) => [item.kind, item.type])).toEqual([['raise', 'offline']]);
    expect(result.state.active).toBe('offline');
  });
});

describe('settings', () => {
  it('raises nothing for a kind that is off', () => {
    const off = deviceStatusAlarmsSchema.parse({});
    const result = evaluateDeviceStatus(null, off, [event('offline', 0)], at(60));
    expect(result.transitions).toEqual([]);
    expect(result.nextCheckAt).toBeNull();
  });

  it('releases an active alarm when its kind is switched off', () => {
    const raised = evaluateDeviceStatus(null, settings, [event('offline', 0)], at(10));
    const off = deviceStatusAlarmsSchema.parse({ offline: { enabled: false } });
    const result = evaluateDeviceStatus(raised.state, off, [], at(11));
    expect(result.transitions).toEqual([
      { kind: 'release', type: 'offline', at: at(11), reason: 'rule-disabled', late: false },
    ]);
  });

  it('stores a state that parses back, and reads an unknown one as none', () => {
    const { state } = evaluateDeviceStatus(null, settings, [event('offline', 0)], at(1));
    const stored: unknown = JSON.parse(JSON.stringify(state));
    expect(deviceStatusStateSchema.parse(stored)).toEqual(state);
    expect(restoreDeviceStatusState({ version: 2 })).toBeNull();
  });
});

describe('device status properties', () => {
  const statusArbitrary = fc.constantFrom<GatewayStatusEvent['status'][]>(
    'online',
    'offline',
    'power-off',
    'dormant',
  );
  const strip = (transitions: readonly DeviceStatusTransition[]) =>
    transitions.map((transition) => ({ ...transition, late: undefined }));

  it('gives the same alarms whether statuses are taken at once or one by one as they arrive', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(statusArbitrary, fc.integer({ min: 1, max: 600 })), { maxLength: 30 }),
        (steps) => {
          let time = T0;
          const events = steps.map(([status, gapSeconds]) => {
            time += gapSeconds * SECOND;
            return { status, at: time };
          });
          const end = time + 3600 * SECOND;
          const whole = evaluateDeviceStatus(null, settings, events, end);
          let state = null;
          const transitions: DeviceStatusTransition[] = [];
          for (const item of events) {
            const part = evaluateDeviceStatus(state, settings, [item], item.at);
            transitions.push(...part.transitions);
            state = restoreDeviceStatusState(JSON.parse(JSON.stringify(part.state)));
          }
          const last = evaluateDeviceStatus(state, settings, [], end);
          transitions.push(...last.transitions);
          expect(strip(transitions)).toEqual(strip(whole.transitions));
          // Raises and releases alternate: never two alarms at once, never a release without a raise.
          whole.transitions.forEach((transition, index) => {
            expect(transition.kind).toBe(index % 2 === 0 ? 'raise' : 'release');
          });
        },
      ),
    );
  });
});
