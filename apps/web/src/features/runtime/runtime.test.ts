import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import { createDefaultClickEvent, createEmptyBinding, createValueReader } from '@lyyp/designer-core';
import { applyLiveMessage, EMPTY_LIVE_STATE } from './live-values.ts';
import { parseTypedValue, planClick } from './runtime-actions.ts';
import { buildValueMap } from './runtime-values.ts';

const snapshot: LiveServerMessage = {
  type: 'snapshot',
  deviceId: 'd1',
  serverTime: 1,
  gateway: { sn: '100000000001', status: 'online', signal: 80 },
  values: [{ key: 'temp', ts: 1, receivedAt: 1, value: 20, error: null }],
  staleAfterMs: {},
};

describe('live values of a device', () => {
  it('starts from the snapshot, then applies value and gateway updates of that device only', () => {
    let state = applyLiveMessage(EMPTY_LIVE_STATE, 'd1', snapshot);
    expect(state.values).toEqual({ temp: 20 });
    state = applyLiveMessage(state, 'd1', {
      type: 'values',
      deviceId: 'd1',
      serverTime: 2,
      values: [{ key: 'temp', ts: 2, receivedAt: 2, value: 21.5, error: null }],
    });
    expect(state.values.temp).toBe(21.5);
    const other = applyLiveMessage(state, 'd1', { ...snapshot, deviceId: 'd2', values: [] });
    expect(other).toBe(state);
    state = applyLiveMessage(state, 'd1', {
      type: 'gateway',
      deviceId: 'd1',
      status: 'offline',
      signal: null,
    });
    expect(state.gateway).toEqual({ status: 'offline', signal: null });
  });

  it('reads signals by key, intermediate variables and system keys', () => {
    const map = buildValueMap(applyLiveMessage(EMPTY_LIVE_STATE, 'd1', snapshot), {
      deviceName: 'Boiler',
      gatewaySn: 'sn',
      gatewayStatus: 'offline',
    });
    const read = createValueReader(map);
    expect(read({ ...createEmptyBinding(), signalId: 'temp' })).toBe(20);
    expect(read({ ...createEmptyBinding(), mvarId: 'temp' })).toBe(20);
    expect(read({ ...createEmptyBinding(), systemKey: 'online' })).toBe(1);
    expect(read({ ...createEmptyBinding(), systemKey: 'deviceName' })).toBe('Boiler');
  });
});

describe('clicks on a running page', () => {
  const bound = { ...createEmptyBinding(), signalId: 'pump', title: 'Pump' };
  const read = createValueReader({ pump: 1 });

  it('writes the set value to the widget binding when the event names none', () => {
    const event = { ...createDefaultClickEvent(true), writeValue: 5, hint: true, hintValue: 'Sure?' };
    expect(planClick(event, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({
      kind: 'write',
      key: 'pump',
      value: 5,
      confirm: 'Sure?',
      delayMs: 1000,
    });
  });

  it('toggles from the live value and asks for a value when the write type says so', () => {
    const toggle = {
      ...createDefaultClickEvent(true),
      writeType: 'press' as const,
      pressType: 'toggle' as const,
    };
    expect(planClick(toggle, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({ value: 0 });
    const ask = { ...createDefaultClickEvent(true), writeType: 'input' as const };
    expect(planClick(ask, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({ value: null });
  });

  it('refuses a popup inside a popup with the catalogue code, and a write to a system value', () => {
    const popup = { ...createDefaultClickEvent(true), action: 'popup' as const, pageId: 'p2' };
    expect(planClick(popup, { widgetBinding: bound, read, insidePopup: true })).toMatchObject({
      kind: 'refused',
      rejection: { code: '1601' },
    });
    expect(planClick(popup, { widgetBinding: bound, read, insidePopup: false })).toEqual({
      kind: 'popup',
      pageId: 'p2',
      width: 600,
      height: 600,
    });
    const system = { ...createEmptyBinding(), systemKey: 'online' };
    expect(
      planClick(createDefaultClickEvent(true), { widgetBinding: system, read, insidePopup: false }),
    ).toEqual({
      kind: 'not-writable',
    });
  });

  it('reads typed values as numbers where they are numbers', () => {
    expect(parseTypedValue(' 42.5 ')).toBe(42.5);
    expect(parseTypedValue('auto')).toBe('auto');
    expect(parseTypedValue('  ')).toBeNull();
  });
});
