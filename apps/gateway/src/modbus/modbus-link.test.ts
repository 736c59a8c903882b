import { describe, expect, it } from 'vitest';
import { ModbusRequestError } from '../core/modbus-errors.ts';
import type { Scheduler } from '../core/scheduler.ts';
import { ModbusLink, endpointOf, type LinkEndpoint } from './modbus-link.ts';
import { buildDriver } from '../core/testing/model-builders.ts';
import { modbusRtuDriverSchema, modbusTcpDriverSchema } from '@lyyp/contracts/device-model';

/** A clock the test moves by hand; timers never fire on their own. */
function createManualScheduler() {
  let now = 0;
  const scheduler: Scheduler = {
    now: () => now,
    setTimeout: () => ({ timer: null }),
    clearTimeout: () => undefined,
  };
  return { scheduler, setNow: (value: number) => (now = value) };
}

describe('link reconnection', () => {
  it('retries a refused endpoint only after a backoff that doubles up to its cap', async () => {
    let attempts = 0;
    const endpoint: LinkEndpoint = {
      key: 'tcp://127.0.0.1:1/1',
      open: () => {
        attempts += 1;
        return Promise.reject(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { code: 'ECONNREFUSED' }),
        );
      },
    };
    const { scheduler, setNow } = createManualScheduler();
    const link = new ModbusLink(endpoint, scheduler, { initialMs: 500, maxMs: 2000 });
    const request = () => link.run(1, 100, () => Promise.resolve('never reached'));

    const attemptsAt = async (time: number) => {
      setNow(time);
      const failure = await request().catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ModbusRequestError);
      expect((failure as ModbusRequestError).failure).toEqual({ kind: 'connection' });
      return attempts;
    };

    expect(await attemptsAt(0)).toBe(1);
    expect(await attemptsAt(499)).toBe(1);
    expect(await attemptsAt(500)).toBe(2);
    expect(await attemptsAt(1499)).toBe(2);
    expect(await attemptsAt(1500)).toBe(3);
    expect(await attemptsAt(3499)).toBe(3);
    expect(await attemptsAt(3500)).toBe(4);
    // Capped at 2000 ms from here on.
    expect(await attemptsAt(5499)).toBe(4);
    expect(await attemptsAt(5500)).toBe(5);
    await link.close();
  });

  it('gives each TCP slave its own connection and shares a serial port between its slaves', () => {
    const tcp = (slaveId: number) => endpointOf(modbusTcpDriverSchema.parse(buildDriver({ slaveId })));
    expect(tcp(1).key).not.toBe(tcp(2).key);
    const rtu = (slaveId: number) =>
      endpointOf(
        modbusRtuDriverSchema.parse({
          key: `m${slaveId}`,
          name: 'meter',
          protocol: 'modbus-rtu',
          serialPort: '/dev/ttyUSB0',
          slaveId,
        }),
      );
    expect(rtu(1).key).toBe(rtu(2).key);
  });
});
