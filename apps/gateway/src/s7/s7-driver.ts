/**
 * One S7 driver: a connection to one controller. It polls the driver's periodic variables every
 * poll interval with as few read requests as the negotiated PDU size allows (s7-plan.ts), reads on
 * demand, and writes with read-back like Modbus.
 *
 * Failures are told apart: an item the PLC refuses is reported with its own code (access denied,
 * out of range …) and never hides its neighbours — a merged block that fails is read address by
 * address from then on; a lost connection or a timeout faults every periodic variable with the
 * connection's code. The connection is supervised as a whole: when it drops, it is opened again
 * after half a second, then at most every 5 s while the PLC stays away. Each driver runs on its
 * own, so a dead PLC never holds up another driver or protocol.
 */
import type { ErrorCode } from '@lyyp/contracts';
import type { S7Address, S7Area, S7Driver } from '@lyyp/contracts/device-model';
import { s7constants, type S7Endpoint, type S7VarSpec } from '@st-one-io/nodes7';
import { ChangeFilter } from '../core/change-filter.ts';
import { presentRaw } from '../core/collection.ts';
import { confirmsWrite, planFieldWrite, type FieldPoint } from '../core/field-points.ts';
import type { RejectedVariable } from '../core/points.ts';
import type { Fault, Sample } from '../core/samples.ts';
import type { PollReport } from '../modbus/modbus-poller.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { SlaveStatus } from '../modbus/slave-channel.ts';
import { decodeS7, encodeS7 } from './s7-codec.ts';
import { openS7 } from './s7-connection.ts';
import { maxWritePiece, planReads } from './s7-plan.ts';
import { codeOfRequestError, codeOfReturn } from './s7-status.ts';

export type S7Point = FieldPoint<S7Driver> & { readonly s7: S7Address };

export interface S7DriverOptions {
  readonly driver: S7Driver;
  readonly points: readonly S7Point[];
  readonly rejected: readonly RejectedVariable[];
  readonly onReport: (report: PollReport) => void;
  readonly onError?: (error: unknown) => void;
  readonly now?: () => number;
  /** First and longest wait before opening the connection again. */
  readonly retryDelayMs?: { readonly first: number; readonly max: number };
}

const { area: AREAS, transport: TRANSPORTS, dataTransport: DATA_TRANSPORTS } = s7constants.proto;
const AREA_CODES: Readonly<Record<S7Area, number>> = {
  DB: AREAS.DB,
  M: AREAS.FLAGS,
  I: AREAS.INPUTS,
  Q: AREAS.OUTPUTS,
};

function spec(area: S7Area, dbNumber: number, start: number, length: number): S7VarSpec {
  return {
    area: AREA_CODES[area],
    ...(area === 'DB' ? { db: dbNumber } : {}),
    transport: TRANSPORTS.BYTE,
    address: start,
    length,
  };
}

/** Resolves after `ms`, or as soon as `interrupt` settles (then true). */
function pause(ms: number, interrupt: Promise<void>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    interrupt.then(() => true),
    new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms))),
  ]).finally(() => clearTimeout(timer));
}

export class S7DriverRunner {
  readonly driver: S7Driver;
  private readonly points: ReadonlyMap<string, S7Point>;
  private readonly periodic: readonly S7Point[];
  private readonly filter = new ChangeFilter();
  private readonly latest = new Map<string, Sample>();
  /** Variables read on their own since a block holding them failed. */
  private readonly isolated = new Set<string>();
  private readonly now: () => number;
  private running = false;
  private loop: Promise<void> | null = null;
  private endpoint: S7Endpoint | null = null;
  private wake: (() => void) | null = null;
  private pending: Sample[];
  private requests = 0;
  private failures = 0;
  private timeouts = 0;
  private consecutiveFailures = 0;
  private lastErrorCode: ErrorCode | null = null;
  private lastErrorAt: number | null = null;
  private lastSuccessAt: number | null = null;
  /** Connections opened so far, and read requests of the last poll cycle (tests wait on them). */
  connections = 0;
  requestsPerCycle = 0;
  cycles = 0;

  constructor(private readonly options: S7DriverOptions) {
    this.driver = options.driver;
    this.points = new Map(options.points.map((point) => [point.key, point]));
    this.periodic = options.points.filter((point) => point.variable.collectionMode === 'periodic');
    this.now = options.now ?? Date.now;
    this.pending = options.rejected.map((item) => ({ kind: 'fault', key: item.key, code: item.code, at: 0 }));
  }

  owns(key: string): boolean {
    return this.points.has(key);
  }

  /** The PDU size the controller agreed to, while connected. */
  get pduSize(): number | null {
    return this.endpoint?.pduSize ?? null;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.supervise();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.wake?.();
    await this.loop;
    this.loop = null;
  }

  status(): SlaveStatus {
    return {
      driverKey: this.driver.key,
      slaveId: 0,
      endpoint: `${this.driver.host}:${this.driver.port}`,
      connected: this.endpoint !== null,
      requests: this.requests,
      failures: this.failures,
      timeouts: this.timeouts,
      consecutiveFailures: this.consecutiveFailures,
      lastErrorCode: this.lastErrorCode,
      lastErrorAt: this.lastErrorAt,
      lastSuccessAt: this.lastSuccessAt,
    };
  }

  private async supervise(): Promise<void> {
    const first = this.options.retryDelayMs?.first ?? 500;
    const max = this.options.retryDelayMs?.max ?? 5000;
    let delay = first;
    while (this.running) {
      const opened = await this.runConnection();
      if (!this.running) break;
      if (opened) delay = first;
      const stopped = new Promise<void>((resolve) => (this.wake = resolve));
      await pause(delay, stopped);
      this.wake = null;
      delay = Math.min(max, delay * 2);
    }
  }

  /** Opens a connection and polls through it until it is lost or the driver stops; true if it opened. */
  private async runConnection(): Promise<boolean> {
    let endpoint: S7Endpoint;
    try {
      endpoint = await openS7(this.driver, Math.max(2000, this.driver.timeoutMs * 2));
    } catch (error) {
      const code = codeOfRequestError(error);
      this.noteFailure(code);
      this.faultAll(code);
      return false;
    }
    let lose: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (lose = resolve));
    endpoint.on('disconnect', () => lose());
    this.endpoint = endpoint;
    this.wake = () => lose();
    this.connections += 1;
    this.consecutiveFailures = 0;
    this.lastSuccessAt = this.now();
    try {
      if (this.periodic.length === 0) {
        if (this.pending.length > 0) this.report(this.now(), this.drain(), false);
        await lost;
      }
      while (this.running && endpoint.isConnected && this.periodic.length > 0) {
        const started = this.now();
        await this.cycle(endpoint, started);
        const wait = Math.max(0, this.driver.pollIntervalMs - (this.now() - started));
        if (await pause(wait, lost)) break;
      }
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.endpoint = null;
      this.wake = null;
      void endpoint.disconnect().catch(() => undefined);
      if (this.running) this.faultAll('1754');
    }
    return true;
  }

  /** One poll cycle: every periodic variable read, reported with what changed. */
  private async cycle(endpoint: S7Endpoint, at: number): Promise<void> {
    const samples = await this.readPoints(endpoint, this.periodic, at);
    for (const sample of samples) {
      this.latest.set(sample.key, sample);
      if (this.filter.accept(sample, this.points.get(sample.key)?.variable.deadZone ?? 0))
        this.pending.push(sample);
    }
    this.report(
      at,
      this.drain(),
      samples.every((sample) => sample.kind === 'reading'),
    );
  }

  /** Reads points in as few requests as the PDU allows; never throws (failures become faults). */
  private async readPoints(endpoint: S7Endpoint, points: readonly S7Point[], at: number): Promise<Sample[]> {
    const plan = planReads(points, endpoint.pduSize ?? this.driver.pduSize, this.isolated);
    if (points === this.periodic) this.requestsPerCycle = plan.requests.length;
    let answers;
    try {
      this.requests += plan.requests.length;
      answers = await Promise.all(
        plan.requests.map((pieces) =>
          endpoint.readVars(
            pieces.map((piece) => {
              const block = plan.blocks[piece.block]!;
              return spec(block.area, block.dbNumber, block.start + piece.offset, piece.length);
            }),
          ),
        ),
      );
    } catch (error) {
      const code = codeOfRequestError(error);
      this.noteFailure(code);
      return points.map((point) => ({ kind: 'fault', key: point.key, code, at }));
    }
    const buffers = plan.blocks.map((block) => Buffer.alloc(block.length));
    const codes: (ErrorCode | null)[] = plan.blocks.map(() => null);
    plan.requests.forEach((pieces, request) =>
      pieces.forEach((piece, item) => {
        const answer = answers[request]?.[item];
        const code = answer ? codeOfReturn(answer.returnCode) : '1755';
        if (code) codes[piece.block] ??= code;
        else answer?.data.copy(buffers[piece.block]!, piece.offset);
      }),
    );
    const samples: Sample[] = [];
    const retry: S7Point[] = [];
    plan.blocks.forEach((block, index) => {
      const code = codes[index];
      if (code && block.members.length > 1) {
        // One bad address must not hide its neighbours: read them one by one from now on.
        for (const member of block.members) this.isolated.add(member.key);
        retry.push(...block.members);
      } else if (code) {
        this.noteFailure(code);
        samples.push(...block.members.map((point): Fault => ({ kind: 'fault', key: point.key, code, at })));
      } else {
        samples.push(
          ...block.members.map((point) =>
            presentRaw(
              point,
              decodeS7(
                point.s7,
                point.variable.dataType,
                buffers[index]!.subarray(point.s7.byteOffset - block.start),
              ),
              at,
            ),
          ),
        );
      }
    });
    if (retry.length > 0) samples.push(...(await this.readPoints(endpoint, retry, at)));
    if (samples.every((sample) => sample.kind === 'reading')) {
      this.consecutiveFailures = 0;
      this.lastSuccessAt = this.now();
    }
    const order = new Map(points.map((point, index) => [point.key, index]));
    return samples.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  }

  private drain(): Sample[] {
    const samples = this.pending;
    this.pending = [];
    return samples;
  }

  private report(at: number, samples: readonly Sample[], complete: boolean): void {
    this.cycles += 1;
    const latest = this.periodic
      .map((point) => this.latest.get(point.key))
      .filter((sample) => sample !== undefined);
    const others = samples.filter((sample) => !this.latest.has(sample.key));
    this.options.onReport({
      driverKey: this.driver.key,
      at,
      samples,
      // Every newest value (and faults of variables that cannot be read): the agent's filter decides.
      readings: [...others, ...latest],
      complete,
      pollIntervalMs: this.driver.pollIntervalMs,
    });
  }

  private faultAll(code: ErrorCode): void {
    const at = this.now();
    for (const point of this.periodic) {
      const fault: Fault = { kind: 'fault', key: point.key, code, at };
      this.latest.set(fault.key, fault);
      if (this.filter.accept(fault, 0)) this.pending.push(fault);
    }
    if (this.pending.length > 0) this.report(at, this.drain(), false);
  }

  private noteFailure(code: ErrorCode): void {
    this.failures += 1;
    this.consecutiveFailures += 1;
    if (code === '1740') this.timeouts += 1;
    this.lastErrorCode = code;
    this.lastErrorAt = this.now();
  }

  /** Reads variables of this driver now. */
  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const points = keys.map((key) => this.points.get(key)).filter((point) => point !== undefined);
    const endpoint = this.endpoint;
    const at = this.now();
    if (!endpoint)
      return points.map((point) => ({
        kind: 'fault',
        key: point.key,
        code: this.lastErrorCode ?? '1754',
        at,
      }));
    const samples = await this.readPoints(endpoint, points, at);
    for (const sample of samples) this.filter.remember(sample);
    return samples;
  }

  /** Writes a value and confirms it by reading the address back. Never throws. */
  async write(key: string, requested: unknown): Promise<WriteOutcome> {
    const point = this.points.get(key);
    if (!point) return { ok: false, key, code: '1714' };
    const plan = planFieldWrite(point, requested);
    if (!plan.ok) return { ok: false, key, code: plan.code };
    const encoded = encodeS7(point.s7, point.variable.dataType, plan.raw);
    if (!encoded.ok) return { ok: false, key, code: encoded.code };
    const endpoint = this.endpoint;
    if (!endpoint) return { ok: false, key, code: this.lastErrorCode ?? '1754' };
    const refused = await this.send(endpoint, point, encoded.bytes);
    if (refused) return { ok: false, key, code: refused };
    if (point.variable.readWrite === 'write-only')
      return { ok: true, key, value: plan.value, raw: plan.raw, readBack: false };
    const [sample] = await this.readPoints(endpoint, [point], this.now());
    if (!sample) return { ok: false, key, code: '1401' };
    if (sample.kind === 'fault') return { ok: false, key, code: sample.code };
    if (!confirmsWrite(point, plan.raw, sample.raw)) return { ok: false, key, code: '1401' };
    return {
      ok: true,
      key,
      value: sample.value,
      raw: sample.raw,
      readBack: true,
      ...(sample.text !== undefined ? { text: sample.text } : {}),
    };
  }

  /** Sends a write: one bit on its own (the PLC changes only that bit), bytes in PDU-sized pieces. */
  private async send(endpoint: S7Endpoint, point: S7Point, bytes: Buffer): Promise<ErrorCode | null> {
    const { s7 } = point;
    const items =
      s7.width === 'bit'
        ? [
            {
              ...spec(s7.area, s7.dbNumber, s7.byteOffset * 8 + s7.bitOffset, 1),
              transport: TRANSPORTS.BIT,
              dataTransport: DATA_TRANSPORTS.BBIT,
              data: bytes,
            },
          ]
        : [];
    const piece = maxWritePiece(endpoint.pduSize ?? this.driver.pduSize);
    for (let offset = 0; s7.width !== 'bit' && offset < bytes.length; offset += piece) {
      const data = bytes.subarray(offset, offset + piece);
      items.push({
        ...spec(s7.area, s7.dbNumber, s7.byteOffset + offset, data.length),
        dataTransport: DATA_TRANSPORTS.BBYTE,
        data,
      });
    }
    try {
      for (const item of items) {
        this.requests += 1;
        const [answer] = await endpoint.writeVars([item]);
        const code = answer ? codeOfReturn(answer.returnCode) : '1755';
        if (code) {
          this.noteFailure(code);
          return code;
        }
      }
      return null;
    } catch (error) {
      const code = codeOfRequestError(error);
      this.noteFailure(code);
      return code;
    }
  }
}
