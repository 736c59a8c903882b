/**
 * A slave as the poller and the writer see it: read a table span, write with a function code,
 * through the slave's link, with its id and timeout. Counts requests, failures and timeouts and
 * remembers the last error code, for the gateway's status reports.
 */
import type { ErrorCode } from '@lyyp/contracts';
import type { ModbusDriver as Driver, RegisterType, WriteFunctionCode } from '@lyyp/contracts/device-model';
import type ModbusRTU from 'modbus-serial';
import {
  ModbusRequestError,
  catalogueCodeOf,
  classifyModbusError,
  type FailurePurpose,
} from '../core/modbus-errors.ts';
import type { Scheduler } from '../core/scheduler.ts';
import type { ModbusLink } from './modbus-link.ts';

export interface SlaveStatus {
  readonly driverKey: string;
  readonly slaveId: number;
  readonly endpoint: string;
  readonly connected: boolean;
  readonly requests: number;
  readonly failures: number;
  readonly timeouts: number;
  readonly consecutiveFailures: number;
  readonly lastErrorCode: ErrorCode | null;
  readonly lastErrorAt: number | null;
  readonly lastSuccessAt: number | null;
}

type Reader = (client: ModbusRTU, start: number, count: number) => Promise<number[]>;
type Writer = (client: ModbusRTU, start: number, values: readonly number[]) => Promise<unknown>;

const bits = (data: readonly boolean[], count: number) => data.slice(0, count).map((bit) => (bit ? 1 : 0));

/** Read function per table (01, 02, 03, 04). */
const READERS: { readonly [K in RegisterType]: Reader } = {
  coil: async (client, start, count) => bits((await client.readCoils(start, count)).data, count),
  'discrete-input': async (client, start, count) =>
    bits((await client.readDiscreteInputs(start, count)).data, count),
  'holding-register': async (client, start, count) => (await client.readHoldingRegisters(start, count)).data,
  'input-register': async (client, start, count) => (await client.readInputRegisters(start, count)).data,
};

/** Write function per code (05, 06, 15, 16). */
const WRITERS: { readonly [K in WriteFunctionCode]: Writer } = {
  5: (client, start, values) => client.writeCoil(start, values[0] === 1),
  6: (client, start, values) => client.writeRegister(start, values[0] ?? 0),
  15: (client, start, values) =>
    client.writeCoils(
      start,
      values.map((value) => value !== 0),
    ),
  16: (client, start, values) => client.writeRegisters(start, [...values]),
};

export class SlaveChannel {
  private requests = 0;
  private failures = 0;
  private timeouts = 0;
  private consecutiveFailures = 0;
  private lastErrorCode: ErrorCode | null = null;
  private lastErrorAt: number | null = null;
  private lastSuccessAt: number | null = null;

  constructor(
    readonly driver: Driver,
    private readonly link: ModbusLink,
    private readonly scheduler: Scheduler,
  ) {}

  /** Registers, or bits as 0 and 1, of a table span. */
  async read(registerType: RegisterType, start: number, count: number): Promise<number[]> {
    return this.request('read', async (client) => {
      const values = await READERS[registerType](client, start, count);
      if (values.length !== count) {
        throw new ModbusRequestError(
          { kind: 'malformed' },
          `asked for ${count} values, got ${values.length}`,
        );
      }
      return values;
    });
  }

  async write(functionCode: WriteFunctionCode, start: number, values: readonly number[]): Promise<void> {
    await this.request('write', (client) => WRITERS[functionCode](client, start, values));
  }

  status(): SlaveStatus {
    return {
      driverKey: this.driver.key,
      slaveId: this.driver.slaveId,
      endpoint: this.link.endpoint.key,
      connected: this.link.connected,
      requests: this.requests,
      failures: this.failures,
      timeouts: this.timeouts,
      consecutiveFailures: this.consecutiveFailures,
      lastErrorCode: this.lastErrorCode,
      lastErrorAt: this.lastErrorAt,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  private async request<T>(
    purpose: FailurePurpose,
    operation: (client: ModbusRTU) => Promise<T>,
  ): Promise<T> {
    this.requests += 1;
    try {
      const value = await this.link.run(this.driver.slaveId, this.driver.timeoutMs, operation);
      this.consecutiveFailures = 0;
      this.lastSuccessAt = this.scheduler.now();
      return value;
    } catch (error) {
      const failure = classifyModbusError(error);
      this.failures += 1;
      this.consecutiveFailures += 1;
      if (failure.kind === 'timeout') this.timeouts += 1;
      this.lastErrorCode = catalogueCodeOf(failure, purpose);
      this.lastErrorAt = this.scheduler.now();
      throw error instanceof ModbusRequestError
        ? error
        : new ModbusRequestError(failure, String(error), { cause: error });
    }
  }
}
