/**
 * Executes writes: plans the write (limits, formula, function code), sends it, then reads the
 * register(s) back and succeeds only with the value the device confirms (DESIGN §7: a write is
 * done only when the device confirmed it). Write-only variables cannot be read back; their
 * confirmation is the device's acknowledgement of the write.
 */
import type { ErrorCode } from '@lyyp/contracts';
import type { DeviceModel, VariableValue } from '@lyyp/contracts/device-model';
import { collectSample } from '../core/collection.ts';
import type { FormulaEngine } from '../core/formula-engine.ts';
import { catalogueCodeOf, classifyModbusError } from '../core/modbus-errors.ts';
import { resolvePoints, type ModbusPoint } from '../core/points.ts';
import { mergeBit, planWrite, type WritePlan } from '../core/write-planner.ts';
import type { LinkPool } from './link-pool.ts';
import type { SlaveChannel } from './slave-channel.ts';

export type WriteOutcome =
  | {
      readonly ok: true;
      readonly key: string;
      /** The value read back after the write (engineering units). */
      readonly value: VariableValue;
      readonly raw: VariableValue;
      readonly text?: string;
      /** False for write-only variables, whose value could not be read back. */
      readonly readBack: boolean;
    }
  | { readonly ok: false; readonly key: string; readonly code: ErrorCode };

export interface ModbusWriterOptions {
  readonly model: DeviceModel;
  readonly formulas: FormulaEngine;
  readonly links: LinkPool;
}

export class ModbusWriter {
  private readonly points: ReadonlyMap<string, ModbusPoint>;
  private readonly links: LinkPool;

  constructor(options: ModbusWriterOptions) {
    this.points = new Map(
      resolvePoints(options.model, options.formulas).points.map((point) => [point.key, point]),
    );
    this.links = options.links;
  }

  /** Writes a value (as requested by a person) and confirms it. Never throws. */
  async write(key: string, requested: unknown): Promise<WriteOutcome> {
    const point = this.points.get(key);
    if (!point) return { ok: false, key, code: '1714' };
    const planned = planWrite(point, requested);
    if (!planned.ok) return { ok: false, key, code: planned.code };
    const channel = this.links.channelFor(point.driver);
    try {
      const sent = await this.send(channel, planned.plan);
      if (point.variable.readWrite === 'write-only') {
        return { ok: true, key, value: planned.plan.value, raw: planned.plan.raw, readBack: false };
      }
      const readBack = await channel.read(point.registerType, point.offset, point.count);
      if (!sameContent(planned.plan, sent, readBack)) return { ok: false, key, code: '1401' };
      const sample = collectSample(point, readBack, this.links.scheduler.now());
      if (sample.kind === 'fault') return { ok: false, key, code: sample.code };
      return {
        ok: true,
        key,
        value: sample.value,
        raw: sample.raw,
        readBack: true,
        ...(sample.text !== undefined ? { text: sample.text } : {}),
      };
    } catch (error) {
      return { ok: false, key, code: catalogueCodeOf(classifyModbusError(error), 'write') };
    }
  }

  /** Sends the plan and returns the registers (or bits) written. */
  private async send(channel: SlaveChannel, plan: WritePlan): Promise<readonly number[]> {
    if (plan.kind === 'register-bit') {
      const [current = 0] = await channel.read(plan.point.registerType, plan.start, 1);
      const values = [mergeBit(plan, current)];
      await channel.write(plan.functionCode, plan.start, values);
      return values;
    }
    await channel.write(plan.functionCode, plan.start, plan.values);
    return plan.values;
  }
}

/** Whether the device holds what was written: the bit for a bit plan, every register otherwise. */
function sameContent(plan: WritePlan, sent: readonly number[], readBack: readonly number[]): boolean {
  if (plan.kind === 'register-bit') {
    const mask = 1 << plan.bitIndex;
    return ((readBack[0] ?? 0) & mask) === ((sent[0] ?? 0) & mask);
  }
  return sent.length === readBack.length && sent.every((value, index) => value === readBack[index]);
}
