import { describe, expect, it } from 'vitest';
import {
  WORK_ORDER_ACTIONS,
  WORK_ORDER_STATES,
  ageBucketOf,
  availableWorkOrderActions,
  businessDay,
  decideWorkOrderAction,
  workOrderNumber,
  type WorkOrderAction,
  type WorkOrderState,
} from './work-order.ts';

const creator = { accountId: 'creator', canDispatch: false };
const assignee = { accountId: 'tech', canDispatch: false };
const dispatcher = { accountId: 'boss', canDispatch: true };
const stranger = { accountId: 'someone', canDispatch: false };

const order = (state: WorkOrderState) => ({ state, creatorId: 'creator', assigneeId: 'tech' });

/** Every allowed transition, with the first actor of the table that may take it. */
const ALLOWED: Array<[WorkOrderState, WorkOrderAction, typeof creator, WorkOrderState]> = [
  ['pending', 'dispatch', dispatcher, 'dispatched'],
  ['dispatched', 'dispatch', dispatcher, 'dispatched'],
  ['dispatched', 'receive', assignee, 'received'],
  ['received', 'finish', assignee, 'finished'],
  ['pending', 'end', creator, 'ended'],
  ['pending', 'end', dispatcher, 'ended'],
  ['dispatched', 'end', creator, 'ended'],
  ['received', 'end', dispatcher, 'ended'],
];

describe('work order state machine', () => {
  it.each(ALLOWED)('%s --%s--> by %o gives %s', (state, action, actor, to) => {
    expect(decideWorkOrderAction(order(state), action, actor)).toEqual({ ok: true, to });
  });

  it('refuses every other state and action with 2401, whoever asks', () => {
    const allowed = new Set(ALLOWED.map(([state, action]) => `${state}/${action}`));
    let refused = 0;
    for (const state of WORK_ORDER_STATES) {
      for (const action of WORK_ORDER_ACTIONS) {
        if (allowed.has(`${state}/${action}`)) continue;
        for (const actor of [creator, assignee, dispatcher]) {
          expect(decideWorkOrderAction(order(state), action, actor)).toEqual({ ok: false, code: '2401' });
        }
        refused += 1;
      }
    }
    // finished and ended take nothing; pending cannot be received or finished; and so on.
    expect(refused).toBe(WORK_ORDER_STATES.length * WORK_ORDER_ACTIONS.length - allowed.size);
  });

  it('refuses the wrong person with the action’s own code', () => {
    expect(decideWorkOrderAction(order('pending'), 'dispatch', creator)).toEqual({ ok: false, code: '2404' });
    expect(decideWorkOrderAction(order('pending'), 'dispatch', assignee)).toEqual({
      ok: false,
      code: '2404',
    });
    expect(decideWorkOrderAction(order('dispatched'), 'receive', dispatcher)).toEqual({
      ok: false,
      code: '2402',
    });
    expect(decideWorkOrderAction(order('dispatched'), 'receive', creator)).toEqual({
      ok: false,
      code: '2402',
    });
    expect(decideWorkOrderAction(order('received'), 'finish', dispatcher)).toEqual({
      ok: false,
      code: '2402',
    });
    expect(decideWorkOrderAction(order('received'), 'end', assignee)).toEqual({ ok: false, code: '2403' });
    expect(decideWorkOrderAction(order('pending'), 'end', stranger)).toEqual({ ok: false, code: '2403' });
  });

  it('treats an order without an assignee as nobody’s to receive', () => {
    const unassigned = { state: 'dispatched' as const, creatorId: 'creator', assigneeId: null };
    expect(decideWorkOrderAction(unassigned, 'receive', assignee)).toEqual({ ok: false, code: '2402' });
  });

  it('lists the actions a person can take now', () => {
    expect(availableWorkOrderActions(order('dispatched'), assignee)).toEqual(['receive']);
    expect(availableWorkOrderActions(order('pending'), dispatcher)).toEqual(['dispatch', 'end']);
    expect(availableWorkOrderActions(order('finished'), dispatcher)).toEqual([]);
  });
});

describe('work order numbers and ages', () => {
  it('numbers by the business day at UTC+8', () => {
    // 2026-11-23 17:00 UTC is already the 24th in China.
    expect(businessDay(Date.UTC(2026, 10, 23, 17))).toBe('20261124');
    expect(businessDay(Date.UTC(2026, 10, 23, 15))).toBe('20261123');
    expect(workOrderNumber('20261124', 1)).toBe('WO-20261124-0001');
    expect(workOrderNumber('20261124', 12345)).toBe('WO-20261124-12345');
  });

  it('buckets open orders by age', () => {
    const now = Date.UTC(2026, 0, 10);
    expect(ageBucketOf(now - 3_600_000, now)).toBe('under1d');
    expect(ageBucketOf(now - 48 * 3_600_000, now)).toBe('under3d');
    expect(ageBucketOf(now - 100 * 3_600_000, now)).toBe('under7d');
    expect(ageBucketOf(now - 200 * 3_600_000, now)).toBe('older');
  });
});
