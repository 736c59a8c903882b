import type { LiveServerMessage } from '@lyyp/contracts/live';
import { describe, expect, it } from 'vitest';
import {
  EMPTY_LIVE_DEVICE,
  applyConnection,
  applyLiveMessage,
  isValueStale,
  listLiveKeys,
} from './live-values.ts';

const SERVER_T0 = 1_800_000_000_000;
/** This browser's clock runs 5 s behind the server's. */
const CLIENT_T0 = SERVER_T0 - 5_000;

const snapshot: LiveServerMessage = {
  type: 'snapshot',
  deviceId: 'd1',
  serverTime: SERVER_T0,
  gateway: { sn: '100000000001', status: 'online', signal: 72 },
  values: [
    {
      key: 'waterTemperature',
      ts: SERVER_T0 - 1_000,
      receivedAt: SERVER_T0 - 1_000,
      value: 71.5,
      error: null,
    },
    {
      key: 'serialNumber',
      ts: SERVER_T0 - 600_000,
      receivedAt: SERVER_T0 - 600_000,
      value: 'LY-1',
      error: null,
    },
  ],
  staleAfterMs: { waterTemperature: 5_000, serialNumber: null, temperatureSetpoint: 5_000 },
};

function connectedWithSnapshot() {
  return applyLiveMessage(applyConnection(EMPTY_LIVE_DEVICE, true), snapshot, CLIENT_T0);
}

describe('live values of a device', () => {
  it('shows a fresh periodic value as current and marks it stale once its period has passed, on the server clock', () => {
    const state = connectedWithSnapshot();
    expect(isValueStale(state, 'waterTemperature', CLIENT_T0)).toBe(false);
    expect(isValueStale(state, 'waterTemperature', CLIENT_T0 + 4_000)).toBe(false);
    expect(isValueStale(state, 'waterTemperature', CLIENT_T0 + 4_001)).toBe(true);
  });

  it('never marks an on-demand value stale by age while the gateway is online', () => {
    const state = connectedWithSnapshot();
    expect(isValueStale(state, 'serialNumber', CLIENT_T0 + 3_600_000)).toBe(false);
  });

  it('marks every value stale when the gateway goes offline, and fresh again when it is back', () => {
    const offline = applyLiveMessage(
      connectedWithSnapshot(),
      { type: 'gateway', deviceId: 'd1', status: 'offline', signal: null },
      CLIENT_T0,
    );
    expect(isValueStale(offline, 'serialNumber', CLIENT_T0)).toBe(true);
    expect(isValueStale(offline, 'waterTemperature', CLIENT_T0)).toBe(true);
    const back = applyLiveMessage(
      offline,
      { type: 'gateway', deviceId: 'd1', status: 'online', signal: 60 },
      CLIENT_T0,
    );
    expect(isValueStale(back, 'waterTemperature', CLIENT_T0)).toBe(false);
    expect(back.gateway).toEqual({ status: 'online', signal: 60 });
  });

  it('marks every value stale while the live channel is disconnected', () => {
    const state = applyConnection(connectedWithSnapshot(), false);
    expect(isValueStale(state, 'serialNumber', CLIENT_T0)).toBe(true);
    expect(isValueStale(applyConnection(state, true), 'serialNumber', CLIENT_T0)).toBe(false);
  });

  it('takes changes after the snapshot and keeps the newer value when reports cross', () => {
    const changed = applyLiveMessage(
      connectedWithSnapshot(),
      {
        type: 'values',
        deviceId: 'd1',
        serverTime: SERVER_T0 + 10_000,
        values: [
          {
            key: 'waterTemperature',
            ts: SERVER_T0 + 9_000,
            receivedAt: SERVER_T0 + 9_500,
            value: 72.1,
            error: null,
          },
          {
            key: 'temperatureSetpoint',
            ts: SERVER_T0 + 9_000,
            receivedAt: SERVER_T0 + 9_500,
            value: 65,
            error: null,
          },
        ],
      },
      CLIENT_T0 + 10_000,
    );
    expect(changed.values.waterTemperature?.value).toBe(72.1);
    expect(changed.values.temperatureSetpoint?.value).toBe(65);
    expect(isValueStale(changed, 'waterTemperature', CLIENT_T0 + 10_000)).toBe(false);

    const late = applyLiveMessage(
      changed,
      {
        type: 'values',
        deviceId: 'd1',
        serverTime: SERVER_T0 + 11_000,
        values: [
          {
            key: 'waterTemperature',
            ts: SERVER_T0 + 2_000,
            receivedAt: SERVER_T0 + 11_000,
            value: 10,
            error: null,
          },
        ],
      },
      CLIENT_T0 + 11_000,
    );
    expect(late.values.waterTemperature?.value).toBe(72.1);
  });

  it('keeps an unchanged value current when the gateway says it polled it again', () => {
    const confirmed = applyLiveMessage(
      connectedWithSnapshot(),
      { type: 'fresh', deviceId: 'd1', keys: ['waterTemperature'], receivedAt: SERVER_T0 + 8_000 },
      CLIENT_T0 + 8_000,
    );
    expect(isValueStale(confirmed, 'waterTemperature', CLIENT_T0 + 10_000)).toBe(false);
    expect(confirmed.values.waterTemperature?.value).toBe(71.5);
    expect(isValueStale(connectedWithSnapshot(), 'waterTemperature', CLIENT_T0 + 10_000)).toBe(true);
  });

  it('lists every variable of the model, also those without a value yet', () => {
    expect(listLiveKeys(connectedWithSnapshot()).sort()).toEqual([
      'serialNumber',
      'temperatureSetpoint',
      'waterTemperature',
    ]);
  });

  it('remembers a refusal of the device so the screen can say so', () => {
    const refused = applyLiveMessage(
      EMPTY_LIVE_DEVICE,
      { type: 'error', code: '1003', message: '', deviceId: 'd1' },
      0,
    );
    expect(refused.errorCode).toBe('1003');
    expect(refused.loaded).toBe(false);
  });
});
