/**
 * Offline and power-off alarms of one device, from its gateway's status reports. Pure like the rule
 * evaluator: status events and the current time in, next state and transitions out, plus when to
 * look again (a scheduler sleeps until `nextCheckAt`).
 *
 * - `offline` or `power-off` starts an outage at the status's time; the alarm of that kind is
 *   raised once the outage has lasted its delay, at outage start + delay (even when that moment is
 *   only learnt later from a batch of statuses).
 * - A power-off status during an offline outage not yet alarmed makes it a power-off outage from
 *   the same start (power loss explains the silence); once an alarm is raised it stays that kind.
 * - `online` or `dormant` (a sleeping gateway is expected to be silent) ends the outage and
 *   releases its alarm at the status's time, reason `device-back`.
 * - Statuses are taken in time order; one not newer than the last taken is skipped.
 * - A kind switched off releases its active alarm now (`rule-disabled`) and raises no new one.
 * - A transition is late when it is evaluated more than the late threshold after its time.
 */
import {
  ALARM_STATE_VERSION,
  LATE_SAMPLE_THRESHOLD_MS,
  deviceStatusStateSchema,
  type AlarmReleaseReason,
  type DeviceStatusAlarmType,
  type DeviceStatusAlarms,
  type DeviceStatusState,
} from '@lyyp/contracts/alarm';
import type { GatewayStatus } from '@lyyp/contracts/protocol';

export interface GatewayStatusEvent {
  readonly status: GatewayStatus;
  /** True time of the status, epoch ms. */
  readonly at: number;
}

export type DeviceStatusTransition =
  | {
      readonly kind: 'raise';
      readonly type: DeviceStatusAlarmType;
      readonly at: number;
      readonly since: number;
      readonly late: boolean;
    }
  | {
      readonly kind: 'release';
      readonly type: DeviceStatusAlarmType;
      readonly at: number;
      readonly reason: AlarmReleaseReason;
      readonly late: boolean;
    };

export interface DeviceStatusEvaluation {
  readonly state: DeviceStatusState;
  readonly transitions: readonly DeviceStatusTransition[];
  readonly skipped: readonly { readonly at: number; readonly reason: 'duplicate' | 'out-of-order' }[];
  /** When the pending outage will have lasted its delay; null when nothing is pending. */
  readonly nextCheckAt: number | null;
}

export const INITIAL_DEVICE_STATUS_STATE: DeviceStatusState = {
  version: ALARM_STATE_VERSION,
  status: null,
  statusAt: null,
  outage: null,
  active: null,
  raisedAt: null,
};

export function restoreDeviceStatusState(stored: unknown): DeviceStatusState | null {
  const parsed = deviceStatusStateSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

const OUTAGE_OF: Partial<Record<GatewayStatus, DeviceStatusAlarmType>> = {
  offline: 'offline',
  'power-off': 'power-off',
};

function dueAt(state: DeviceStatusState, settings: DeviceStatusAlarms): number | null {
  if (!state.outage || state.active) return null;
  const own = settings[state.outage.type];
  return own.enabled ? state.outage.since + own.delaySeconds * 1000 : null;
}

/**
 * Takes the statuses (any order, repeats allowed) and the current time; raises alarms whose delay
 * has passed by `now`, and releases those whose device came back.
 */
export function evaluateDeviceStatus(
  stored: DeviceStatusState | null,
  settings: DeviceStatusAlarms,
  events: readonly GatewayStatusEvent[],
  now: number,
  options: { readonly lateThresholdMs?: number } = {},
): DeviceStatusEvaluation {
  const lateThreshold = options.lateThresholdMs ?? LATE_SAMPLE_THRESHOLD_MS;
  const isLate = (at: number) => now - at > lateThreshold;
  const transitions: DeviceStatusTransition[] = [];
  const skipped: { at: number; reason: 'duplicate' | 'out-of-order' }[] = [];
  let state = stored ?? INITIAL_DEVICE_STATUS_STATE;

  if (state.active && !settings[state.active].enabled) {
    transitions.push({ kind: 'release', type: state.active, at: now, reason: 'rule-disabled', late: false });
    state = { ...state, active: null, raisedAt: null, outage: null };
  }

  // Before a status at `until` the outage must have lasted longer than its delay; at `now` (the
  // scheduler waking at nextCheckAt) exactly the delay is enough.
  const raiseIfDue = (until: number, inclusive: boolean) => {
    const due = dueAt(state, settings);
    if (due === null || !state.outage || due > until || (due === until && !inclusive)) return;
    transitions.push({
      kind: 'raise',
      type: state.outage.type,
      at: due,
      since: state.outage.since,
      late: isLate(due),
    });
    state = { ...state, active: state.outage.type, raisedAt: due };
  };

  for (const event of [...events].sort((a, b) => a.at - b.at)) {
    if (state.statusAt !== null && event.at <= state.statusAt) {
      skipped.push({ at: event.at, reason: event.at === state.statusAt ? 'duplicate' : 'out-of-order' });
      continue;
    }
    raiseIfDue(event.at, false);
    const outageType = OUTAGE_OF[event.status];
    if (outageType === undefined) {
      if (state.active) {
        transitions.push({
          kind: 'release',
          type: state.active,
          at: event.at,
          reason: 'device-back',
          late: isLate(event.at),
        });
      }
      state = { ...state, outage: null, active: null, raisedAt: null };
    } else if (!state.outage) {
      state = { ...state, outage: { type: outageType, since: event.at } };
    } else if (outageType === 'power-off' && state.outage.type === 'offline' && !state.active) {
      state = { ...state, outage: { type: 'power-off', since: state.outage.since } };
    }
    state = { ...state, status: event.status, statusAt: event.at };
  }
  raiseIfDue(now, true);
  return { state, transitions, skipped, nextCheckAt: dueAt(state, settings) };
}
