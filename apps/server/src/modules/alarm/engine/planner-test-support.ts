/** A scheduler that wakes exactly when the planner says, for the planner's tests. */
import type { AlarmGroup, NotificationPreferences } from '@lyyp/contracts/alarm';
import { planNotifications, type NotifiedAlarm, type PlannedSend } from './escalation-planner.ts';

export interface SimulatedAlarm extends Omit<NotifiedAlarm, 'acknowledgedAt' | 'releasedAt'> {
  /** When someone acknowledges / the alarm releases; the planner learns it only from then on. */
  readonly acknowledgeAt?: number;
  readonly releaseAt?: number;
}

export interface MadeSend extends PlannedSend {
  readonly madeAt: number;
}

/**
 * Runs the planner as a scheduler would: ask, make every due send, sleep until `nextAt` (or until
 * the next acknowledgement or release, which wake it), until nothing is left or `until`.
 */
export function simulateScheduler(options: {
  readonly alarm: SimulatedAlarm;
  readonly groups: readonly AlarmGroup[];
  readonly preferences?: ReadonlyMap<string, NotificationPreferences>;
  readonly authorisedAccounts?: ReadonlySet<string>;
  readonly until: number;
}): MadeSend[] {
  const { alarm } = options;
  const sent = new Set<string>();
  const made: MadeSend[] = [];
  const wakeUps = [alarm.acknowledgeAt, alarm.releaseAt].filter((time): time is number => time !== undefined);
  let now = alarm.raisedAt;
  for (let round = 0; round < 10_000 && now <= options.until; round += 1) {
    const plan = planNotifications({
      alarm: {
        raisedAt: alarm.raisedAt,
        pushMethods: alarm.pushMethods,
        acknowledgedAt:
          alarm.acknowledgeAt !== undefined && now >= alarm.acknowledgeAt ? alarm.acknowledgeAt : null,
        releasedAt: alarm.releaseAt !== undefined && now >= alarm.releaseAt ? alarm.releaseAt : null,
      },
      groups: options.groups,
      preferences: options.preferences ?? new Map(),
      ...(options.authorisedAccounts ? { authorisedAccounts: options.authorisedAccounts } : {}),
      sent,
      now,
    });
    for (const send of plan.due) {
      sent.add(send.key);
      made.push({ ...send, madeAt: now });
    }
    const next = [plan.nextAt, ...wakeUps.filter((time) => time > now)].filter(
      (time): time is number => time !== null,
    );
    if (next.length === 0) break;
    now = Math.min(...next);
  }
  return made;
}
