/**
 * One connection to a Modbus endpoint. Requests run one at a time in arrival order (a serial bus
 * and a Modbus client both need that), each bounded by its slave's timeout. A lost connection is
 * re-opened on the next request, but not before a backoff that doubles per failed attempt, so a
 * dead endpoint costs one quick refusal per poll instead of a connect attempt. Repeated timeouts
 * drop the connection too: a half-open TCP socket looks exactly like a silent slave.
 */
import type { ModbusDriver as Driver } from '@lyyp/contracts/device-model';
import ModbusRTU from 'modbus-serial';
import { ModbusRequestError, classifyModbusError } from '../core/modbus-errors.ts';
import { serialBinding } from './serial-binding.ts';
import type { Scheduler } from '../core/scheduler.ts';

export interface LinkEndpoint {
  /** Identity of the connection: TCP links are per slave, serial links per port. */
  readonly key: string;
  open(client: ModbusRTU, timeoutMs: number): Promise<void>;
}

export interface BackoffPolicy {
  readonly initialMs: number;
  readonly maxMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { initialMs: 500, maxMs: 30_000 };
/** Consecutive timeouts after which the connection is considered dead and re-opened. */
export const TIMEOUTS_BEFORE_RECONNECT = 3;
/** Extra time the library gets to report its own timeout before the link gives up on it. */
const GUARD_MARGIN_MS = 250;

/** TCP slaves get a connection each, so a silent slave never delays another; a serial port is shared by its slaves. */
export function endpointOf(driver: Driver): LinkEndpoint {
  if (driver.protocol === 'modbus-tcp') {
    return {
      key: `tcp://${driver.host}:${driver.port}/${driver.slaveId}`,
      open: (client, timeoutMs) => client.connectTCP(driver.host, { port: driver.port, timeout: timeoutMs }),
    };
  }
  return {
    key: `rtu://${driver.serialPort}`,
    open: (client) =>
      client.connectRTUBuffered(driver.serialPort, {
        baudRate: driver.baudRate,
        dataBits: driver.dataBits,
        stopBits: driver.stopBits,
        parity: driver.parity,
        binding: serialBinding,
      } as Parameters<ModbusRTU['connectRTUBuffered']>[1]),
  };
}

export class ModbusLink {
  private client: ModbusRTU | null = null;
  private queue: Promise<unknown> = Promise.resolve();
  private backoffMs = 0;
  private retryAt = 0;
  private consecutiveTimeouts = 0;
  private closed = false;

  constructor(
    readonly endpoint: LinkEndpoint,
    private readonly scheduler: Scheduler,
    private readonly backoff: BackoffPolicy = DEFAULT_BACKOFF,
  ) {}

  get connected(): boolean {
    return this.client?.isOpen ?? false;
  }

  /** Runs one request for a slave after those queued before it. Rejects with a ModbusRequestError. */
  run<T>(slaveId: number, timeoutMs: number, operation: (client: ModbusRTU) => Promise<T>): Promise<T> {
    const result = this.queue.then(() => this.execute(slaveId, timeoutMs, operation));
    this.queue = result.catch(() => undefined);
    return result;
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.queue;
    this.drop();
  }

  private async execute<T>(
    slaveId: number,
    timeoutMs: number,
    operation: (client: ModbusRTU) => Promise<T>,
  ): Promise<T> {
    if (this.closed) throw new ModbusRequestError({ kind: 'connection' }, 'the link is closed');
    const client = await this.connect(timeoutMs);
    client.setID(slaveId);
    client.setTimeout(timeoutMs);
    try {
      const value = await this.guard(operation(client), timeoutMs);
      this.consecutiveTimeouts = 0;
      return value;
    } catch (error) {
      const failure = classifyModbusError(error);
      if (failure.kind === 'timeout') {
        this.consecutiveTimeouts += 1;
        if (this.consecutiveTimeouts >= TIMEOUTS_BEFORE_RECONNECT) this.drop();
      } else if (failure.kind === 'connection' || !client.isOpen) {
        this.drop();
      } else {
        this.consecutiveTimeouts = 0;
      }
      throw new ModbusRequestError(failure, `${this.endpoint.key}: ${describe(error)}`, { cause: error });
    }
  }

  private async connect(timeoutMs: number): Promise<ModbusRTU> {
    if (this.client?.isOpen) return this.client;
    this.drop();
    const now = this.scheduler.now();
    if (now < this.retryAt) {
      throw new ModbusRequestError(
        { kind: 'connection' },
        `${this.endpoint.key}: reconnecting in ${this.retryAt - now} ms`,
      );
    }
    const client = new ModbusRTU();
    client.on('error', () => undefined);
    client.on('close', () => {
      if (this.client === client) this.client = null;
    });
    client.setTimeout(timeoutMs);
    try {
      await this.guard(this.endpoint.open(client, timeoutMs), timeoutMs);
      this.client = client;
      this.backoffMs = 0;
      this.retryAt = 0;
      this.consecutiveTimeouts = 0;
      return client;
    } catch (error) {
      destroyQuietly(client);
      this.backoffMs = Math.min(
        this.backoff.maxMs,
        this.backoffMs ? this.backoffMs * 2 : this.backoff.initialMs,
      );
      this.retryAt = this.scheduler.now() + this.backoffMs;
      throw new ModbusRequestError({ kind: 'connection' }, `${this.endpoint.key}: ${describe(error)}`, {
        cause: error,
      });
    }
  }

  private drop(): void {
    const client = this.client;
    this.client = null;
    if (client) destroyQuietly(client);
  }

  /** Settles with the operation, or as a timeout if the library never answers. */
  private guard<T>(operation: Promise<T>, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const timer = this.scheduler.setTimeout(
        () => reject(new ModbusRequestError({ kind: 'timeout' }, `${this.endpoint.key}: no answer`)),
        timeoutMs + GUARD_MARGIN_MS,
      );
      operation.then(
        (value) => {
          this.scheduler.clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          this.scheduler.clearTimeout(timer);
          reject(new ModbusRequestError(classifyModbusError(error), describe(error), { cause: error }));
        },
      );
    });
  }
}

function destroyQuietly(client: ModbusRTU): void {
  try {
    client.destroy(() => undefined);
    // A buffered serial port has no destroy: without closing it stays locked and can never reopen.
    if (client.isOpen) client.close(() => undefined);
  } catch {
    // A client that never opened has nothing to destroy.
  }
}

function describe(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error) return String(error.message);
  return String(error);
}
