/**
 * A rule saved or deleted, settled against the current values of every device that has a state of
 * it (`settleRule`): the state written over the revision read, with the records its transitions
 * make and the texts of an alarm that continues, in one transaction per device.
 */
import { continueRecord, raiseRow, recordRelease, releaseTexts } from './alarm-record-rows.ts';
import { presentRecord } from './alarm-record.presenter.ts';
import { restoreRuleState, settleRule, type CurrentValues, type SampleValue } from './engine/index.ts';
import {
  MAX_WRITE_ROUNDS,
  stateKey,
  type AlarmEvent,
  type EvaluationContext,
  type RuleWork,
} from './rule-work.ts';

export interface ReconciliationContext extends EvaluationContext {
  /** Drops the service's copy of a state this writes (or finds written by another node). */
  readonly forgetState: (key: string) => void;
}

/**
 * A rule was saved (edited, enabled, disabled) or deleted (`ruleId` not among the product's rules)
 * at `at`: settles the state of every device that has one against the current values of the
 * variables the rule reads: an active alarm continues under the new rule (its record takes the new
 * texts, groups and push methods) unless the current value meets the new release condition; an
 * inactive one raises or starts its run when the current value matches.
 */
export async function reconcileRuleChange(
  context: ReconciliationContext,
  productId: string,
  ruleId: string,
  at: number,
): Promise<void> {
  const { repository } = context;
  const rules = await context.rules.forProduct(productId);
  const compiled = rules?.rules.find((candidate) => candidate.rule.id === ruleId) ?? null;
  for (let round = 0; round < MAX_WRITE_ROUNDS; round += 1) {
    const states = await repository.ruleStatesOfRule(ruleId);
    if (states.length === 0) return;
    const deviceIds = states.map((entry) => entry.deviceId);
    const facts = await context.factsOf(deviceIds);
    const keys = compiled ? [compiled.rule.variableKey, ...compiled.references] : [];
    const latest = await repository.latestValues(deviceIds, keys);
    const values = new Map(latest.map((row) => [stateKey(row.deviceId, row.key), row.value ?? null]));
    const currentOf = (deviceId: string): CurrentValues | null => {
      if (!compiled) return null;
      const references: Record<string, SampleValue | undefined> = {};
      for (const reference of compiled.references)
        references[reference] = values.get(stateKey(deviceId, reference));
      return { value: values.get(stateKey(deviceId, compiled.rule.variableKey)), references };
    };
    let conflicts = 0;
    for (const entry of states) {
      context.forgetState(stateKey(entry.deviceId, ruleId));
      const previous = restoreRuleState(entry.state);
      const current = currentOf(entry.deviceId);
      const result = settleRule(previous, compiled, current, at);
      if (result.state !== null && JSON.stringify(result.state) === JSON.stringify(previous)) continue;
      const device = facts.get(entry.deviceId);
      const events: AlarmEvent[] = [];
      const now = context.now();
      const applied = await repository.transaction(async (tx) => {
        const ok =
          result.state === null
            ? await tx.deleteRuleState(entry.deviceId, ruleId, entry.revision)
            : (
                await tx.writeRuleStates([
                  { deviceId: entry.deviceId, key: ruleId, state: result.state, revision: entry.revision },
                ])
              ).size > 0;
        if (!ok) return false;
        const item: RuleWork | null =
          device && rules && compiled
            ? {
                key: stateKey(entry.deviceId, ruleId),
                device,
                rules,
                compiled,
                samples: [
                  {
                    time: at,
                    receivedAt: at,
                    value: current?.value ?? null,
                    references: current?.references,
                  },
                ],
              }
            : null;
        for (const transition of result.transitions) {
          if (transition.kind === 'release') {
            const texts =
              item && transition.reason !== 'rule-deleted'
                ? releaseTexts(item.rules, item.compiled.rule, item.device.name, transition.value)
                : null;
            await recordRelease(tx, entry.deviceId, ruleId, { ...transition, texts }, now, events);
          } else if (item) {
            const row = await tx.insertRecord(raiseRow(item, transition, now));
            if (row) events.push({ deviceId: row.deviceId, event: 'raised', record: presentRecord(row) });
          }
        }
        if (result.continued && item) await continueRecord(tx, item);
        return true;
      });
      if (!applied) conflicts += 1;
      context.publish(events);
    }
    if (conflicts === 0) return;
  }
}
