/**
 * The data tables of a simulated slave: 65,536 addresses per table, of which only the declared
 * ranges exist (reading or writing outside them is an illegal address, as on a real device).
 * Bit tables hold 0 or 1.
 */
import { MAX_REGISTER_ADDRESS, REGISTER_TYPES, type RegisterType } from '@lyyp/contracts/device-model';

type Range = readonly [start: number, end: number];

export class RegisterMemory {
  private readonly tables = new Map<RegisterType, Uint16Array>(
    REGISTER_TYPES.map((registerType) => [registerType, new Uint16Array(MAX_REGISTER_ADDRESS + 1)]),
  );
  private readonly ranges = new Map<RegisterType, Range[]>(
    REGISTER_TYPES.map((registerType) => [registerType, []]),
  );

  /** Makes `count` addresses from `start` exist. */
  define(registerType: RegisterType, start: number, count: number): void {
    this.rangesOf(registerType).push([start, start + count]);
  }

  /** Whether every address of the span exists. */
  exists(registerType: RegisterType, start: number, count: number): boolean {
    if (count < 1 || start < 0 || start + count - 1 > MAX_REGISTER_ADDRESS) return false;
    for (let address = start; address < start + count; address += 1) {
      if (!this.rangesOf(registerType).some(([from, to]) => address >= from && address < to)) return false;
    }
    return true;
  }

  read(registerType: RegisterType, start: number, count: number): number[] {
    return Array.from(this.tableOf(registerType).subarray(start, start + count));
  }

  write(registerType: RegisterType, start: number, values: readonly number[]): void {
    const table = this.tableOf(registerType);
    const bits = registerType === 'coil' || registerType === 'discrete-input';
    values.forEach((value, index) => {
      table[start + index] = bits ? (value ? 1 : 0) : value & 0xffff;
    });
  }

  private tableOf(registerType: RegisterType): Uint16Array {
    const table = this.tables.get(registerType);
    if (!table) throw new Error(`no table ${registerType}`);
    return table;
  }

  private rangesOf(registerType: RegisterType): Range[] {
    const ranges = this.ranges.get(registerType);
    if (!ranges) throw new Error(`no table ${registerType}`);
    return ranges;
  }
}
