/**
 * What the live values do to a scene's nodes: each signal of the widget names a node and an effect
 * (tint, show, turn). Several signals may act on one node; for the same effect the later signal in
 * the list wins, as in the property panel's order. Pure, so the rules are tested without WebGL.
 */
import type { SceneSignal } from '@lyyp/contracts/designer';
import { compareValues, createEmptyBinding, type ValueReader } from '@lyyp/designer-core';
import { toPlotNumber } from '../charts/chart-samples.ts';

/** The state of one node as the signals set it; an absent field leaves the model's own. */
export interface NodeState {
  /** A CSS colour the node's meshes are tinted with. */
  color?: string;
  visible?: boolean;
  /** Degrees about each axis added to the node's own rotation. */
  rotation?: { x?: number; y?: number; z?: number };
}

export type SceneNodeStates = Readonly<Record<string, NodeState>>;

function readSignal(read: ValueReader, signal: SceneSignal) {
  const binding = { ...createEmptyBinding(), signalId: signal.signalId, equipId: signal.equipId };
  const direct = read(binding);
  return direct !== undefined ? direct : read({ ...createEmptyBinding(), mvarId: signal.signalId });
}

/**
 * The node states the current values give; nodes without a bound, known value are left out. Device
 * signals and intermediate variables share the key space, as for chart series.
 */
export function computeNodeStates(signals: readonly SceneSignal[], read: ValueReader): SceneNodeStates {
  const states: Record<string, NodeState> = {};
  for (const signal of signals) {
    if (!signal.node || !signal.signalId) continue;
    const live = readSignal(read, signal);
    if (live === undefined || live === null) continue;
    const state = (states[signal.node] ??= {});
    const effect = signal.effect ?? 'color';
    const holds = compareValues(live, signal.symbol ?? '==', signal.value ?? 1);
    if (effect === 'color') {
      // The rule not holding gives the node its own colour back, unless an earlier signal tinted it.
      if (holds) state.color = signal.color;
    } else if (effect === 'visible') {
      state.visible = holds;
    } else {
      const degrees = toPlotNumber(live);
      if (degrees !== null) state.rotation = { ...state.rotation, [signal.axis ?? 'y']: degrees };
    }
  }
  return states;
}

/** Node states as a stable text, so a renderer touches the scene only when something changed. */
export function nodeStatesKey(states: SceneNodeStates): string {
  return JSON.stringify(
    Object.keys(states)
      .sort()
      .map((name) => [name, states[name]]),
  );
}
