/**
 * The writes of one evaluation round: every state over the revision read with the records of its
 * transitions, in one message to the database (`writeAtOnce`), or by key after a conflict
 * (`writeByKey`); and, on a database other nodes share, whether the states left unwritten were
 * changed elsewhere meanwhile (the other nodes' count of state writes, `alarm_state_writers`).
 */
import type { AlarmRuleState } from '@lyyp/contracts/alarm';
import { collectRecords, releaseOf } from './alarm-record-rows.ts';
import { presentRecord } from './alarm-record.presenter.ts';
import type { AlarmRepository, NewAlarmRecordRow, StateRevision, StateWrite } from './alarm.repository.ts';
import type { AlarmTransition } from './engine/index.ts';
import type { AlarmEvent, ReleaseTransition, RuleWork } from './rule-work.ts';

export interface CachedState {
  readonly state: AlarmRuleState | null;
  readonly revision: number;
  readonly storedLastAt: number | null;
  /**
   * The other nodes' count of state writes when this was last known to be the stored state (null:
   * not known). While their count stays there, the state's revision is not looked up.
   */
  readonly verified: number | null;
}

/** A state whose evaluation moved only its newest sample time (kept in memory, not written). */
export interface UnchangedState {
  readonly key: string;
  readonly item: RuleWork;
  readonly entry: CachedState;
  readonly state: AlarmRuleState;
}

/** A state to write over the revision read, with the transitions that got it there. */
export interface Outcome {
  readonly item: RuleWork;
  readonly transitions: readonly AlarmTransition[];
  readonly state: AlarmRuleState;
  readonly revision: number;
}

/** What a round of writes did: states written, unwritten ones another node changed, and events. */
export interface RoundOutcome {
  readonly written: ReadonlySet<string>;
  readonly stale: ReadonlySet<string>;
  readonly events: readonly AlarmEvent[];
  /** The other nodes' count of state writes at which the unwritten states not stale were checked. */
  readonly checkedAt: number | null;
  /** The same for the states written (null: written apart from the check). */
  readonly writtenAt: number | null;
}

function revisionOf({ item, entry }: UnchangedState): StateRevision {
  return {
    deviceId: item.device.id,
    key: item.compiled.rule.id,
    revision: entry.revision,
    verified: entry.verified,
  };
}

export interface RuleStateWriterDeps {
  readonly repository: AlarmRepository;
  /** See `AlarmEvaluationDeps.soleNode`: no other node's writes to look for. */
  readonly soleNode?: boolean;
  /** Drops the evaluation's copy of a state whose write failed (it is read again next time). */
  readonly forgetState: (key: string) => void;
}

export class RuleStateWriter {
  /**
   * The other nodes' count of state writes in the last two answers. While it stays the same, the
   * states checked at that count are not sent with the next write (see `writeAtOnce`).
   */
  private othersSeen: readonly [number | null, number | null] = [null, null];
  /** Told the devices whose raises or releases are about to be written (`announceEventsTo`). */
  private eventsComing: ((deviceIds: string[]) => void) | null = null;

  constructor(private readonly deps: RuleStateWriterDeps) {}

  /** See `AlarmEvaluationService.announceEventsTo`. */
  announceEventsTo(listener: (deviceIds: string[]) => void) {
    this.eventsComing = listener;
  }

  /**
   * The usual case, in one message to the database: every state written over the revision read and
   * the records of its transitions, with the stored revisions of the states left unwritten (on a
   * sole node, none). Null when a state had changed meanwhile: nothing was written.
   */
  async writeAtOnce(
    unchanged: readonly UnchangedState[],
    outcomes: ReadonlyMap<string, Outcome>,
    now: number,
  ): Promise<RoundOutcome | null> {
    const inserts: NewAlarmRecordRow[] = [];
    const releases: { item: RuleWork; transition: ReleaseTransition }[] = [];
    for (const outcome of outcomes.values())
      collectRecords(outcome.item, outcome.transitions, now, inserts, releases);
    if (this.eventsComing && (inserts.length > 0 || releases.length > 0))
      this.eventsComing([
        ...new Set([...inserts.map((row) => row.deviceId), ...releases.map(({ item }) => item.device.id)]),
      ]);
    // While the other nodes' count stays put (a single node on PostgreSQL, whatever nodes wrote before
    // a restart), the states checked at that count are not sent: a message of thousands of unchanged
    // states cost the database more than the evaluation's writes. Should the count have moved after
    // all, the answer says so, and those states are read and evaluated again like stale ones.
    const [before, last] = this.othersSeen;
    const steady = last !== null && before === last ? last : null;
    const sent = this.deps.soleNode
      ? null
      : steady === null
        ? unchanged
        : unchanged.filter(({ entry }) => entry.verified !== steady);
    let answer;
    try {
      answer = await this.deps.repository.writeEvaluation({
        unwritten: sent ? sent.map(revisionOf) : null,
        states: [...outcomes.values()].map((outcome) => ({
          deviceId: outcome.item.device.id,
          key: outcome.item.compiled.rule.id,
          state: outcome.state,
          revision: outcome.revision,
        })),
        releases: releases.map(({ item, transition }) => releaseOf(item, transition, now)),
        records: inserts,
      });
    } catch (error) {
      for (const key of outcomes.keys()) this.deps.forgetState(key);
      throw error;
    }
    if (!answer) return null;
    const stale = new Set([...answer.stale].map((position) => sent![position]!.key));
    if (sent && sent.length < unchanged.length && answer.others !== steady)
      for (const { key, entry } of unchanged) if (entry.verified === steady) stale.add(key);
    this.noteOthers(answer.others);
    const events: AlarmEvent[] = [];
    for (const row of answer.released)
      events.push({ deviceId: row.deviceId, event: 'released', record: presentRecord(row) });
    for (const row of answer.inserted) {
      const record = presentRecord(row);
      events.push({ deviceId: row.deviceId, event: 'raised', record });
      // Raised and released within the batch.
      if (row.releasedAt) events.push({ deviceId: row.deviceId, event: 'released', record });
    }
    // The state writes ran after the check, in the same transaction: no other node wrote between.
    return {
      written: new Set(outcomes.keys()),
      stale,
      events,
      checkedAt: answer.others,
      writtenAt: answer.others,
    };
  }

  /**
   * After a conflict: reads the revisions of the states left unwritten, then writes each state that
   * is still at the revision read, with the records of its transitions in the same transaction.
   */
  async writeByKey(
    unchanged: readonly UnchangedState[],
    outcomes: ReadonlyMap<string, Outcome>,
    now: number,
  ): Promise<RoundOutcome> {
    const { stale, others } = await this.changedElsewhere(unchanged);
    const events: AlarmEvent[] = [];
    const checked = { checkedAt: others, writtenAt: null };
    if (outcomes.size === 0) return { written: new Set(), stale, events, ...checked };
    const writes: StateWrite[] = [...outcomes.values()].map((outcome) => ({
      deviceId: outcome.item.device.id,
      key: outcome.item.compiled.rule.id,
      state: outcome.state,
      revision: outcome.revision,
    }));
    const withTransitions = [...outcomes.values()].some((outcome) => outcome.transitions.length > 0);
    const apply = async (repository: AlarmRepository) => {
      const done = await repository.writeRuleStates(writes);
      const inserts: NewAlarmRecordRow[] = [];
      const releases: { item: RuleWork; transition: ReleaseTransition }[] = [];
      for (const key of done) {
        const outcome = outcomes.get(key);
        if (outcome) collectRecords(outcome.item, outcome.transitions, now, inserts, releases);
      }
      // Release what was active before this batch first, in one statement: the raise after it is
      // a new active record.
      const released = await repository.releaseRecords(
        releases.map(({ item, transition }) => releaseOf(item, transition, now)),
      );
      for (const row of released)
        events.push({ deviceId: row.deviceId, event: 'released', record: presentRecord(row) });
      for (const row of await repository.insertRecords(inserts)) {
        const record = presentRecord(row);
        events.push({ deviceId: row.deviceId, event: 'raised', record });
        if (row.releasedAt) events.push({ deviceId: row.deviceId, event: 'released', record });
      }
      return done;
    };
    try {
      // A state write alone is one statement; records need the same transaction as their state.
      const written = withTransitions
        ? await this.deps.repository.transaction(apply)
        : await apply(this.deps.repository);
      return { written, stale, events, ...checked };
    } catch (error) {
      for (const key of outcomes.keys()) this.deps.forgetState(key);
      throw error;
    }
  }

  private noteOthers(count: number | null) {
    if (count !== null) this.othersSeen = [this.othersSeen[1], count];
  }

  /**
   * Which of the states left unwritten another node has written since this node read them (their
   * stored revision moved). None on a sole node.
   */
  private async changedElsewhere(
    unchanged: readonly UnchangedState[],
  ): Promise<{ stale: Set<string>; others: number | null }> {
    if (this.deps.soleNode || unchanged.length === 0) return { stale: new Set(), others: null };
    const answer = await this.deps.repository.staleStates(unchanged.map(revisionOf));
    this.noteOthers(answer.others);
    return {
      stale: new Set([...answer.stale].map((position) => unchanged[position]!.key)),
      others: answer.others,
    };
  }
}
