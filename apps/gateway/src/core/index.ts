/** Pure agent logic: no sockets, no timers of its own. */
export type { CompiledFormula, FormulaEngine } from './formula-engine.ts';
export { sharedFormulaEngine } from './shared-formula-engine.ts';
export type { Scheduler, TimerHandle } from './scheduler.ts';
export type { Fault, Reading, Sample } from './samples.ts';
export {
  locateVariable,
  resolvePoints,
  type ModbusPoint,
  type RegisterSlot,
  type RejectedVariable,
  type ResolvedModel,
} from './points.ts';
export { collectSample, roundToDecimals } from './collection.ts';
export { ChangeFilter } from './change-filter.ts';
export {
  DEFAULT_MAX_BIT_GAP,
  DEFAULT_MAX_REGISTER_GAP,
  planReadBlocks,
  sliceForPoint,
  type BlockPlanOptions,
  type ReadBlock,
} from './block-planner.ts';
export { mergeBit, planWrite, type WritePlan, type WritePlanResult } from './write-planner.ts';
export {
  MODBUS_EXCEPTIONS,
  TRANSPORT_FAILURES,
  ModbusRequestError,
  catalogueCodeOf,
  classifyModbusError,
  type FailureCause,
  type FailurePurpose,
} from './modbus-errors.ts';
