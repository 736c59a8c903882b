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
import { FieldDriverRunnerBase, pause, type FieldRunnerOptions } from '../agent/field-driver-runner.ts';
import { presentRaw } from '../core/collection.ts';
import { confirmsWrite, planFieldWrite, type FieldPoint } from '../core/field-points.ts';
import type { Fault, Sample } from '../core/samples.ts';
import type { WriteOutcome } from '../modbus/modbus-writer.ts';
import type { S7Client } from './s7-client.ts';
import { decodeS7, encodeS7 } from './s7-codec.ts';
import { openS7 } from './s7-connection.ts';
import type { S7Item, S7WriteItem } from './s7-pdu.ts';
import { maxWritePiece, planReads } from './s7-plan.ts';
import { codeOfRequestError, codeOfReturn } from './s7-status.ts';

export type S7Point = FieldPoint<S7Driver> & { readonly s7: S7Address };

export interface S7DriverOptions extends FieldRunnerOptions<S7Point> {
  readonly driver: S7Driver;
}

function byteItem(area: S7Area, dbNumber: number, start: number, length: number): S7Item {
  return { area, dbNumber: area === 'DB' ? dbNumber : 0, start, length, bit: null };
}

export class S7DriverRunner extends FieldDriverRunnerBase<S7Driver, S7Point, S7Client> {
  /** Variables read on their own since a block holding them failed. */
  private readonly isolated = new Set<string>();
  /** Read requests of the last poll cycle (tests wait on it). */
  requestsPerCycle = 0;

  constructor(options: S7DriverOptions) {
    super(options.driver, options, { timeout: '1740', lost: '1754', maxDelayMs: 5000 });
  }

  protected get endpointLabel(): string {
    return `${this.driver.host}:${this.driver.port}`;
  }

  /** The PDU size the controller agreed to, while connected. */
  get pduSize(): number | null {
    return this.connected?.pduSize ?? null;
  }

  /** Opens a connection and polls through it until it is lost or the driver stops; true if it opened. */
  protected async turn(): Promise<boolean> {
    let client: S7Client;
    try {
      client = await openS7(this.driver, Math.max(2000, this.driver.timeoutMs * 2));
    } catch (error) {
      return this.openFailed(codeOfRequestError(error));
    }
    let lose: () => void = () => undefined;
    const lost = new Promise<void>((resolve) => (lose = resolve));
    client.onClose(() => lose());
    return this.hold(
      client,
      lost,
      lose,
      async () => {
        if (this.periodic.length === 0 && this.pending.length > 0) this.report(this.drain(), false);
        while (this.isRunning && client.isConnected && this.periodic.length > 0) {
          const started = this.now();
          await this.cycle(client, started);
          const wait = Math.max(0, this.driver.pollIntervalMs - (this.now() - started));
          if (await pause(wait, lost)) break;
        }
      },
      () => Promise.resolve(client.close()),
    );
  }

  /** One poll cycle: every periodic variable read, reported with what changed. */
  private async cycle(client: S7Client, at: number): Promise<void> {
    const samples = await this.readPoints(client, this.periodic, at);
    for (const sample of samples) this.keep(sample);
    this.report(
      this.drain(),
      samples.every((sample) => sample.kind === 'reading'),
      at,
    );
  }

  /** Reads points in as few requests as the PDU allows; never throws (failures become faults). */
  private async readPoints(client: S7Client, points: readonly S7Point[], at: number): Promise<Sample[]> {
    const plan = planReads(points, client.pduSize, this.isolated);
    if (points === this.periodic) this.requestsPerCycle = plan.requests.length;
    let answers;
    try {
      this.requests += plan.requests.length;
      answers = await Promise.all(
        plan.requests.map((pieces) =>
          client.read(
            pieces.map((piece) => {
              const block = plan.blocks[piece.block]!;
              return byteItem(block.area, block.dbNumber, block.start + piece.offset, piece.length);
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
    if (retry.length > 0) samples.push(...(await this.readPoints(client, retry, at)));
    if (samples.every((sample) => sample.kind === 'reading')) {
      this.consecutiveFailures = 0;
      this.lastSuccessAt = this.now();
    }
    const order = new Map(points.map((point, index) => [point.key, index]));
    return samples.sort((a, b) => order.get(a.key)! - order.get(b.key)!);
  }

  /** Reads variables of this driver now. */
  async readNow(keys: readonly string[]): Promise<Sample[]> {
    const points = keys.map((key) => this.points.get(key)).filter((point) => point !== undefined);
    const client = this.connected;
    if (!client) return this.unreachable(points);
    const samples = await this.readPoints(client, points, this.now());
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
    const client = this.connected;
    if (!client) return { ok: false, key, code: this.lastErrorCode ?? '1754' };
    const refused = await this.send(client, point, encoded.bytes);
    if (refused) return { ok: false, key, code: refused };
    if (point.variable.readWrite === 'write-only')
      return { ok: true, key, value: plan.value, raw: plan.raw, readBack: false };
    const [sample] = await this.readPoints(client, [point], this.now());
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
  private async send(client: S7Client, point: S7Point, bytes: Buffer): Promise<ErrorCode | null> {
    const { s7 } = point;
    const dbNumber = s7.area === 'DB' ? s7.dbNumber : 0;
    const items: S7WriteItem[] =
      s7.width === 'bit'
        ? [{ area: s7.area, dbNumber, start: s7.byteOffset, length: 1, bit: s7.bitOffset, data: bytes }]
        : [];
    const piece = maxWritePiece(client.pduSize);
    for (let offset = 0; s7.width !== 'bit' && offset < bytes.length; offset += piece) {
      const data = bytes.subarray(offset, offset + piece);
      items.push({ ...byteItem(s7.area, s7.dbNumber, s7.byteOffset + offset, data.length), data });
    }
    try {
      for (const item of items) {
        this.requests += 1;
        const [returnCode] = await client.write([item]);
        const code = returnCode === undefined ? '1755' : codeOfReturn(returnCode);
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
