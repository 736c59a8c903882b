/**
 * Offline and power-off alarms from gateway status: each status the bus carries and the sweep of
 * devices whose delay has passed go through the engine (`evaluateDeviceStatus`); the device's
 * status state is written over the revision read with the records of its transitions, so one node
 * applies each transition.
 */
import type { DeviceStatusAlarmType } from '@lyyp/contracts/alarm';
import type { GatewayStatus } from '@lyyp/contracts/protocol';
import { recordRaise, recordRelease, statusTexts } from './alarm-record-rows.ts';
import type { AlarmRepository } from './alarm.repository.ts';
import {
  INITIAL_DEVICE_STATUS_STATE,
  evaluateDeviceStatus,
  restoreDeviceStatusState,
  type DeviceStatusTransition,
} from './engine/index.ts';
import type { ProductAlarmRules } from './rule-cache.ts';
import { MAX_WRITE_ROUNDS, type AlarmEvent, type DeviceFacts, type EvaluationContext } from './rule-work.ts';

export class DeviceStatusEvaluation {
  constructor(private readonly context: EvaluationContext) {}

  /** A gateway status taken from the bus (every node hears it; the state write decides who applies it). */
  async handleGatewayStatus(event: { deviceId: string | null; status: GatewayStatus; at: number }) {
    if (!event.deviceId) return;
    await this.evaluateDevice(event.deviceId, [{ status: event.status, at: event.at }]);
  }

  /** Raises offline and power-off alarms whose delay has passed (the sweep, on the injected clock). */
  async sweepDeviceStatus(limit = 200): Promise<number> {
    const due = await this.context.repository.devicesDueForStatusCheck(this.context.now(), limit);
    for (const deviceId of due) await this.evaluateDevice(deviceId, []);
    return due.length;
  }

  private async evaluateDevice(
    deviceId: string,
    events: readonly { status: GatewayStatus; at: number }[],
  ): Promise<void> {
    const { repository } = this.context;
    const device = (await this.context.factsOf([deviceId])).get(deviceId);
    if (!device) return;
    const rules = await this.context.rules.forProduct(device.productId);
    for (let round = 0; round < MAX_WRITE_ROUNDS; round += 1) {
      const entry = await repository.deviceState(deviceId);
      const settings = rules?.statusAlarms;
      if (!settings || (!settings.offline.enabled && !settings['power-off'].enabled && !entry)) return;
      const previous = entry ? (restoreDeviceStatusState(entry.state) ?? INITIAL_DEVICE_STATUS_STATE) : null;
      const now = this.context.now();
      const result = evaluateDeviceStatus(previous, settings, events, now);
      if (previous && JSON.stringify(previous) === JSON.stringify(result.state)) return;
      const alarmEvents: AlarmEvent[] = [];
      const applied = await repository.transaction(async (tx) => {
        const ok = await tx.writeDeviceState(
          { deviceId, key: 'status', state: result.state, revision: entry?.revision ?? 0 },
          result.nextCheckAt,
        );
        if (!ok) return false;
        for (const transition of result.transitions)
          await this.applyStatusTransition(tx, device, settings, transition, now, alarmEvents);
        return true;
      });
      this.context.publish(alarmEvents);
      if (applied) return;
    }
  }

  private async applyStatusTransition(
    tx: AlarmRepository,
    device: DeviceFacts,
    settings: ProductAlarmRules['statusAlarms'],
    transition: DeviceStatusTransition,
    now: number,
    events: AlarmEvent[],
  ) {
    const type: DeviceStatusAlarmType = transition.type;
    if (transition.kind === 'release') {
      await recordRelease(tx, device.id, type, transition, now, events);
      return;
    }
    const own = settings[type];
    await recordRaise(
      tx,
      {
        deviceId: device.id,
        productId: device.productId,
        type,
        source: type,
        ruleId: null,
        ...statusTexts(type, own.message, device.name),
        value: null,
        since: transition.since,
        raisedAt: transition.at,
        late: transition.late,
        groupIds: own.groupIds,
        pushMethods: own.pushMethods,
      },
      now,
      events,
    );
  }
}
