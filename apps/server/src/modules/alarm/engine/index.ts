/**
 * The alarm engine: pure, no I/O, no clock. Rules compiled into raise and release tests, the
 * per-(device, rule) state machine, offline and power-off alarms from gateway status, alarm texts,
 * and the escalation planner. The alarm service (database, scheduler, channels) is built on it.
 */
export {
  compileAlarmRule,
  type CompileOptions,
  type CompiledAlarmRule,
  type EvaluationProblem,
  type SampleValue,
} from './rule-condition.ts';
export {
  DISABLED_RULE_FINGERPRINT,
  evaluateRuleSamples,
  initialRuleState,
  reconcileRule,
  restoreRuleState,
  settleRule,
  ruleStateNeedsWrite,
  RULE_STATE_CHECKPOINT_MS,
  type AlarmSample,
  type AlarmTransition,
  type CurrentValues,
  type EvaluationOptions,
  type RuleSettlement,
  type RuleEvaluation,
} from './rule-evaluator.ts';
export { ruleFingerprint } from './fingerprint.ts';
export {
  INITIAL_DEVICE_STATUS_STATE,
  evaluateDeviceStatus,
  restoreDeviceStatusState,
  type DeviceStatusEvaluation,
  type DeviceStatusTransition,
  type GatewayStatusEvent,
} from './device-status.ts';
export {
  deviceStatusAlarmMessage,
  deviceStatusAlarmTexts,
  variableAlarmMessage,
  variableAlarmTexts,
  variableReleaseTexts,
  type MessageVariable,
} from './alarm-message.ts';
export { quietPeriodAt, type QuietPeriod } from './quiet-hours.ts';
export {
  planNotifications,
  type NotificationPlan,
  type NotificationPlanInput,
  type NotifiedAlarm,
  type PlannedSend,
} from './escalation-planner.ts';
