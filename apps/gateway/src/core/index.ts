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
export {
  BufferLedger,
  effectiveSegmentBytes,
  inRanges,
  toRanges,
  type AppendPlan,
  type BatchFacts,
  type Gap,
  type LedgerLimits,
  type LedgerSnapshot,
  type LedgerStats,
  type StoredBatch,
} from './buffer-ledger.ts';
export {
  PointBatcher,
  pointsOf,
  NOT_A_NUMBER_CODE,
  DEFAULT_BATCH_DELAY_MS,
  DEFAULT_BATCH_POINTS,
  type PointBatcherOptions,
} from './point-batcher.ts';
export { reconnectDelay, DEFAULT_RECONNECT, type ReconnectPolicy } from './reconnect-delay.ts';
export {
  decideCommand,
  EXPIRED_COMMAND_CODE,
  INTERRUPTED_COMMAND_CODE,
  type CommandDecision,
  type CommandRecord,
} from './command-rules.ts';
