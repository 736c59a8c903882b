/** What the designer needs from the outside world, passed in so the package stays pure. */
export interface DesignerDeps {
  /** A new unique id for a widget or a widget's text. */
  readonly createId: () => string;
  /** Milliseconds since the epoch. */
  readonly now: () => number;
}

/** Deterministic ids and clock for tests and for replaying edits: `w1`, `w2`, … and a fixed time. */
export function createSequentialDeps(prefix = 'w', startTime = 0): DesignerDeps {
  let next = 0;
  return {
    createId: () => `${prefix}${++next}`,
    now: () => startTime,
  };
}
