import { DeviceCommandError } from '@lyyp/contracts/commands';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { describe, expect, it } from 'vitest';
import {
  GatewayUnavailableError,
  reduceWrite,
  startWrite,
  type WriteEvent,
  type WriteState,
} from './write-dialog-state.ts';

const model = demoBoilerModel();
const setpoint = model.variables.find((variable) => variable.key === 'temperatureSetpoint')!;
const waterTemperature = model.variables.find((variable) => variable.key === 'waterTemperature')!;

const run = (events: WriteEvent[], from: WriteState = startWrite()) => events.reduce(reduceWrite, from);
/** The value typed, then sent. */
const submitted = (input: string, variable: typeof setpoint) =>
  run([
    { type: 'input', input },
    { type: 'submit', variable },
  ]);

describe('write dialog', () => {
  it('refuses a value beyond the write limits before sending anything (2003), and an empty one (1403)', () => {
    expect(submitted('120', setpoint)).toEqual({
      step: 'editing',
      input: '120',
      violation: { code: '2003' },
    });
    expect(submitted('  ', setpoint)).toMatchObject({
      violation: { code: '1403' },
    });
    expect(submitted('warm', setpoint)).toMatchObject({
      violation: { code: '1722' },
    });
  });

  it('refuses writing a read-only variable (2004)', () => {
    expect(submitted('50', waterTemperature)).toMatchObject({
      violation: { code: '2004' },
    });
  });

  it('clears the complaint as soon as the value changes', () => {
    const refused = submitted('120', setpoint);
    expect(reduceWrite(refused, { type: 'input', input: '12' })).toEqual({
      step: 'editing',
      input: '12',
      violation: null,
    });
  });

  it('asks for confirmation of a valid value, and going back keeps what was typed', () => {
    const confirming = submitted('65.5', setpoint);
    expect(confirming).toEqual({ step: 'confirming', input: '65.5', value: 65.5 });
    expect(reduceWrite(confirming, { type: 'back' })).toEqual({
      step: 'editing',
      input: '65.5',
      violation: null,
    });
  });

  it('follows the polling schedule and ends with the value the device confirmed', () => {
    const sending = run([
      { type: 'input', input: '65' },
      { type: 'submit', variable: setpoint },
      { type: 'send' },
      { type: 'progress', attempt: 3, waitedSeconds: 3.5 },
    ]);
    expect(sending).toMatchObject({ step: 'sending', attempt: 3, waitedSeconds: 3.5 });
    const done = reduceWrite(sending, {
      type: 'replied',
      reply: { online: true, uuid: 'u1', status: 'success', data: { value: 65 } },
    });
    expect(done).toEqual({ step: 'confirmed', input: '65', value: 65, confirmedValue: 65 });
  });

  it('fails at once with the gateway state when the reply says it is offline or dormant', () => {
    const sending = run([
      { type: 'input', input: '65' },
      { type: 'submit', variable: setpoint },
      { type: 'send' },
    ]);
    const offline = reduceWrite(sending, {
      type: 'replied',
      reply: { online: false, uuid: 'u1', status: 'failure', code: '1502' },
    });
    expect(offline.step).toBe('failed');
    expect(offline.step === 'failed' && offline.error).toEqual(new GatewayUnavailableError('1502'));
  });

  it('fails with the device error and lets the person try again from the same value', () => {
    const sending = run([
      { type: 'input', input: '65' },
      { type: 'submit', variable: setpoint },
      { type: 'send' },
    ]);
    const error = new DeviceCommandError('1301', null);
    const failed = reduceWrite(sending, { type: 'threw', error });
    expect(failed).toEqual({ step: 'failed', input: '65', error });
    expect(reduceWrite(failed, { type: 'back' })).toEqual({ step: 'editing', input: '65', violation: null });
  });

  it('ignores late progress once the write settled', () => {
    const confirmed: WriteState = { step: 'confirmed', input: '65', value: 65, confirmedValue: 65 };
    expect(reduceWrite(confirmed, { type: 'progress', attempt: 9, waitedSeconds: 40 })).toBe(confirmed);
  });
});
