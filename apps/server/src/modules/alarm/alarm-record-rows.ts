/**
 * The records alarm transitions make: raise rows and releases with their texts in every language
 * (the variable, its unit and the values filled in), and the writes of single records with the
 * live events they announce.
 */
import { LOCALES, type Locale } from '@lyyp/contracts';
import type { AlarmRecordTexts, AlarmRule, DeviceStatusAlarmType } from '@lyyp/contracts/alarm';
import { newId } from '../../lib/ids.ts';
import { presentRecord } from './alarm-record.presenter.ts';
import type {
  AlarmRecordRow,
  AlarmRepository,
  NewAlarmRecordRow,
  RecordRelease,
} from './alarm.repository.ts';
import {
  deviceStatusAlarmTexts,
  variableAlarmTexts,
  variableReleaseTexts,
  type AlarmTransition,
  type MessageVariable,
  type SampleValue,
} from './engine/index.ts';
import type { ProductAlarmRules } from './rule-cache.ts';
import type { AlarmEvent, ReleaseTransition, RuleWork } from './rule-work.ts';

/**
 * A record keeps its texts in every language (`texts`); its `name` and `message` columns hold
 * those of the platform's default language (§1: Chinese).
 */
export const RECORD_LOCALE: Locale = 'zh-CN';

/** An offline or power-off alarm's name and message, in the default language and in all. */
export function statusTexts(type: DeviceStatusAlarmType, own: string, deviceName: string) {
  const texts = deviceStatusAlarmTexts(type, own, deviceName);
  return { name: texts[RECORD_LOCALE].name, message: texts[RECORD_LOCALE].message, texts };
}

/** The variable of a rule as alarm texts show it. */
function messageVariable(rules: Pick<ProductAlarmRules, 'variables'>, rule: AlarmRule): MessageVariable {
  const variable = rules.variables.get(rule.variableKey);
  return {
    name: variable?.name ?? rule.variableKey,
    unit: variable?.unit,
    decimals: variable?.decimals,
    stateMapping: variable?.stateMapping,
  };
}

/** A variable alarm's release notice in every language, with the value it released at. */
export function releaseTexts(
  rules: Pick<ProductAlarmRules, 'variables'>,
  rule: AlarmRule,
  deviceName: string,
  value: SampleValue,
): Record<Locale, string> {
  return variableReleaseTexts({ rule, variable: messageVariable(rules, rule), deviceName, value });
}

export function releaseOf(item: RuleWork, transition: ReleaseTransition, now: number): RecordRelease {
  return {
    deviceId: item.device.id,
    source: item.compiled.rule.id,
    at: transition.at,
    reason: transition.reason,
    value: transition.value ?? null,
    notifyAt: now,
    texts: releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value ?? null),
  };
}

export function raiseRow(
  item: RuleWork,
  transition: Extract<AlarmTransition, { kind: 'raise' }>,
  now: number,
): NewAlarmRecordRow {
  const rule = item.compiled.rule;
  const sample = item.samples.find((candidate) => candidate.time === transition.at);
  const texts = variableAlarmTexts({
    rule,
    variable: messageVariable(item.rules, rule),
    deviceName: item.device.name,
    value: transition.value,
    references: sample?.references,
  });
  return {
    id: newId(),
    deviceId: item.device.id,
    productId: item.device.productId,
    type: 'variable',
    source: rule.id,
    ruleId: rule.id,
    name: rule.name,
    message: texts[RECORD_LOCALE].message,
    texts,
    value: transition.value,
    since: new Date(transition.since),
    raisedAt: new Date(transition.at),
    late: transition.late,
    groupIds: rule.groupIds,
    pushMethods: rule.pushMethods,
    notifyAt: new Date(now),
  };
}

/**
 * The records of one rule's transitions in a batch: a raise and the release after it make one
 * record written once; a release without a raise in the batch releases the record already active.
 */
export function collectRecords(
  item: RuleWork,
  transitions: readonly AlarmTransition[],
  now: number,
  inserts: NewAlarmRecordRow[],
  releases: { item: RuleWork; transition: ReleaseTransition }[],
) {
  let open: NewAlarmRecordRow | null = null;
  for (const transition of transitions) {
    if (transition.kind === 'raise') {
      open = raiseRow(item, transition, now);
      inserts.push(open);
    } else if (open) {
      open.releasedAt = new Date(Math.max(transition.at, open.raisedAt.getTime()));
      open.releaseReason = transition.reason;
      open.releaseValue = transition.value;
      const release = releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value);
      const texts = open.texts!;
      open.texts = Object.fromEntries(
        LOCALES.map((locale) => [locale, { ...texts[locale], release: release[locale] }]),
      ) as AlarmRecordTexts;
      open = null;
    } else {
      releases.push({ item, transition });
    }
  }
}

export async function recordRaise(
  tx: AlarmRepository,
  raise: Omit<
    AlarmRecordRow,
    | 'id'
    | 'since'
    | 'raisedAt'
    | 'releasedAt'
    | 'releaseReason'
    | 'releaseValue'
    | 'acknowledgedAt'
    | 'acknowledgedBy'
    | 'acknowledgeComment'
    | 'notifyAt'
    | 'createdAt'
  > & {
    since: number;
    raisedAt: number;
  },
  now: number,
  events: AlarmEvent[],
) {
  const row = await tx.insertRecord({
    ...raise,
    id: newId(),
    since: new Date(raise.since),
    raisedAt: new Date(raise.raisedAt),
    notifyAt: new Date(now),
  });
  if (row) events.push({ deviceId: row.deviceId, event: 'raised', record: presentRecord(row) });
}

export async function recordRelease(
  tx: AlarmRepository,
  deviceId: string,
  source: string,
  transition: { at: number; reason: string; value?: SampleValue; texts?: Record<Locale, string> | null },
  now: number,
  events: AlarmEvent[],
) {
  const row = await tx.releaseRecord(deviceId, source, {
    at: transition.at,
    reason: transition.reason,
    value: transition.value ?? null,
    notifyAt: now,
    texts: transition.texts ?? null,
  });
  if (row) events.push({ deviceId, event: 'released', record: presentRecord(row) });
}

/** An alarm that continues under an edited rule: its record takes the rule's texts (with its own raise value). */
export async function continueRecord(tx: AlarmRepository, item: RuleWork) {
  const rule = item.compiled.rule;
  const active = await tx.activeRecord(item.device.id, rule.id);
  if (!active) return;
  const texts = variableAlarmTexts({
    rule,
    variable: messageVariable(item.rules, rule),
    deviceName: item.device.name,
    value: active.value ?? null,
    references: item.samples[0]?.references,
  });
  await tx.updateActiveRecord(item.device.id, rule.id, {
    name: rule.name,
    message: texts[RECORD_LOCALE].message,
    texts,
    groupIds: rule.groupIds,
    pushMethods: rule.pushMethods,
  });
}
