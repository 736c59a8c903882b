/**
 * A simulated Modbus slave built from a device model: its tables exist where the model's variables
 * live, writable variables accept writes, everything else answers like a strict device (illegal
 * address). Tests and demos can set raw values by variable key, make addresses answer with a
 * chosen exception, or make the whole slave go silent.
 */
import {
  REGISTER_TYPE_DEFINITIONS,
  type DeviceModel,
  type RegisterType,
  type VariableValue,
} from '@lyyp/contracts/device-model';
import type { IServiceVector } from 'modbus-serial';
import { locateVariable, type RegisterSlot } from '../core/points.ts';
import { RegisterMemory } from './register-memory.ts';

/** What ServerTCP turns into an exception answer (it reads `modbusErrorCode`). */
export class ModbusException extends Error {
  readonly modbusErrorCode: number;

  constructor(modbusErrorCode: number) {
    super(`Modbus exception ${modbusErrorCode}`);
    this.modbusErrorCode = modbusErrorCode;
  }
}

export interface DeviceWrite {
  readonly registerType: RegisterType;
  readonly start: number;
  readonly values: readonly number[];
}

/** Decides whether the device takes a write; returns an exception code to refuse it. */
export type WriteGuard = (write: DeviceWrite) => number | null;

const ILLEGAL_DATA_ADDRESS = 2;
const ILLEGAL_DATA_VALUE = 3;

const addressKey = (registerType: RegisterType, address: number) => `${registerType}:${address}`;

export class SimulatedDevice {
  readonly memory = new RegisterMemory();
  /** Every write the device accepted, oldest first. */
  readonly writes: DeviceWrite[] = [];
  private readonly slots = new Map<string, RegisterSlot>();
  private readonly writable = new Set<string>();
  private readonly faults = new Map<string, number>();
  private readonly guards: WriteGuard[] = [];
  private readonly listeners: ((write: DeviceWrite) => void)[] = [];
  private silent = false;

  /** The slave of `driverKey` (default: the model's first driver). */
  constructor(model: DeviceModel, driverKey?: string) {
    const driver = driverKey ? model.drivers.find((item) => item.key === driverKey) : model.drivers[0];
    if (!driver) throw new Error(`the model has no driver ${driverKey ?? ''}`);
    const drivers = new Map([[driver.key, driver]]);
    const spans = new Map<RegisterType, { start: number; end: number }>();
    for (const variable of model.variables) {
      if (variable.kind !== 'device' || variable.driverKey !== driver.key) continue;
      const located = locateVariable(variable, drivers);
      if (!located.ok) continue;
      const slot = located.slot;
      this.slots.set(variable.key, slot);
      const span = spans.get(slot.registerType) ?? { start: slot.offset, end: slot.offset + slot.count };
      spans.set(slot.registerType, {
        start: Math.min(span.start, slot.offset),
        end: Math.max(span.end, slot.offset + slot.count),
      });
      if (variable.readWrite !== 'read-only') {
        for (let address = slot.offset; address < slot.offset + slot.count; address += 1) {
          this.writable.add(addressKey(slot.registerType, address));
        }
      }
    }
    // A controller's memory is contiguous: addresses between two variables exist too.
    for (const [registerType, span] of spans)
      this.memory.define(registerType, span.start, span.end - span.start);
  }

  /** Stores a raw value (as the device holds it, before any collection formula). */
  setValue(key: string, raw: VariableValue): void {
    const slot = this.slotOf(key);
    const [current] = this.memory.read(slot.registerType, slot.offset, 1);
    const registers = slot.dataType.encode(raw, {
      order: slot.order,
      bitIndex: slot.variable.bitIndex,
      stringLength: slot.variable.stringLength,
      current,
    });
    this.memory.write(slot.registerType, slot.offset, registers);
  }

  /** The raw value a variable holds. */
  value(key: string): VariableValue {
    const slot = this.slotOf(key);
    return slot.dataType.decode(this.memory.read(slot.registerType, slot.offset, slot.count), {
      order: slot.order,
      bitIndex: slot.variable.bitIndex,
      stringLength: slot.variable.stringLength,
    });
  }

  slotOf(key: string): RegisterSlot {
    const slot = this.slots.get(key);
    if (!slot) throw new Error(`the simulated device has no variable ${key}`);
    return slot;
  }

  /** A silent device accepts connections and requests but never answers. */
  setSilent(silent: boolean): void {
    this.silent = silent;
  }

  /** Requests touching the address answer with the exception code. */
  failAddress(registerType: RegisterType, address: number, exceptionCode: number): void {
    this.faults.set(addressKey(registerType, address), exceptionCode);
  }

  clearFaults(): void {
    this.faults.clear();
  }

  guardWrites(guard: WriteGuard): void {
    this.guards.push(guard);
  }

  onWrite(listener: (write: DeviceWrite) => void): void {
    this.listeners.push(listener);
  }

  /** The service vector ServerTCP calls; arities select its promise-or-value calling style. */
  serviceVector(): IServiceVector {
    const bit = (registerType: RegisterType) => (address: number, _unitId: number) =>
      this.answer(registerType, address, 1, () => this.memory.read(registerType, address, 1)[0] === 1);
    const register = (registerType: RegisterType) => (address: number, _unitId: number) =>
      this.answer(registerType, address, 1, () => this.memory.read(registerType, address, 1)[0] ?? 0);
    const registers = (registerType: RegisterType) => (address: number, length: number, _unitId: number) =>
      this.answerMany(registerType, address, length);
    return {
      getCoil: bit('coil'),
      getDiscreteInput: bit('discrete-input'),
      getInputRegister: register('input-register'),
      getHoldingRegister: register('holding-register'),
      getMultipleInputRegisters: registers('input-register'),
      getMultipleHoldingRegisters: registers('holding-register'),
      setCoil: (address: number, value: boolean, _unitId: number) =>
        this.accept('coil', address, [value ? 1 : 0]),
      setRegister: (address: number, value: number, _unitId: number) =>
        this.accept('holding-register', address, [value]),
      setRegisterArray: (address: number, values: number[], _unitId: number) =>
        this.accept('holding-register', address, values),
    };
  }

  private exceptionFor(registerType: RegisterType, start: number, count: number): number | null {
    if (count > REGISTER_TYPE_DEFINITIONS[registerType].maxReadCount) return ILLEGAL_DATA_VALUE;
    for (let address = start; address < start + count; address += 1) {
      const fault = this.faults.get(addressKey(registerType, address));
      if (fault !== undefined) return fault;
    }
    return this.memory.exists(registerType, start, count) ? null : ILLEGAL_DATA_ADDRESS;
  }

  private answer<T>(
    registerType: RegisterType,
    start: number,
    count: number,
    produce: () => T,
  ): T | Promise<T> {
    if (this.silent) return new Promise<T>(() => undefined);
    const exception = this.exceptionFor(registerType, start, count);
    if (exception !== null) throw new ModbusException(exception);
    return produce();
  }

  /** Multi-register reads: ServerTCP wants one value (or promise) per register. */
  private answerMany(registerType: RegisterType, start: number, count: number): (number | Promise<number>)[] {
    if (this.silent) return Array.from({ length: count }, () => new Promise<number>(() => undefined));
    const exception = this.exceptionFor(registerType, start, count);
    if (exception !== null) throw new ModbusException(exception);
    return this.memory.read(registerType, start, count);
  }

  private accept(registerType: RegisterType, start: number, values: readonly number[]): void | Promise<void> {
    if (this.silent) return new Promise<void>(() => undefined);
    const exception = this.exceptionFor(registerType, start, values.length);
    if (exception !== null) throw new ModbusException(exception);
    for (let address = start; address < start + values.length; address += 1) {
      if (!this.writable.has(addressKey(registerType, address)))
        throw new ModbusException(ILLEGAL_DATA_ADDRESS);
    }
    const write: DeviceWrite = { registerType, start, values: [...values] };
    for (const guard of this.guards) {
      const refusal = guard(write);
      if (refusal !== null) throw new ModbusException(refusal);
    }
    this.memory.write(registerType, start, values);
    this.writes.push(write);
    for (const listener of this.listeners) listener(write);
  }
}
