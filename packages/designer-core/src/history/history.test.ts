import { describe, expect, it } from 'vitest';
import { unwrap } from '../model/result.ts';
import { addWidget } from '../operations/add-delete.ts';
import { moveWidgets } from '../operations/move.ts';
import { updatePageSettings } from '../operations/properties.ts';
import { asIds, createTestPage, rectAt } from '../testing/fixtures.ts';
import {
  beginGesture,
  cancelGesture,
  canRedo,
  canUndo,
  commitGesture,
  createHistory,
  markSaved,
  recordChange,
  redo,
  undo,
} from './history.ts';
import { applyPatch, diffDocuments } from './patch.ts';

const page = createTestPage([rectAt('a', 100, 100), rectAt('b', 300, 300)]);

describe('patches', () => {
  it('hold only what changed: one moved widget, not the page', () => {
    const moved = unwrap(moveWidgets(page, asIds('a'), 10, 0));
    const patch = diffDocuments(page, moved);
    expect(patch.page).toBeNull();
    expect(patch.order).toBeNull();
    expect(patch.widgets.map((change) => change.id)).toEqual(['a']);
    expect(applyPatch(moved, patch, 'backward')).toEqual(page);
    expect(applyPatch(page, patch, 'forward')).toEqual(moved);
  });

  it('record page settings and paint order changes', () => {
    const renamed = unwrap(updatePageSettings(page, { title: 'Pump' }));
    expect(diffDocuments(page, renamed).page).toEqual({ before: { title: '' }, after: { title: 'Pump' } });
    const added = unwrap(addWidget(page, rectAt('c', 10, 10)));
    const patch = diffDocuments(page, added);
    expect(patch.order?.after).toEqual(['a', 'b', 'c']);
    expect(applyPatch(added, patch, 'backward')).toEqual(page);
  });
});

describe('undo and redo (§4)', () => {
  it('undoes and redoes a change, marking the page unsaved', () => {
    const moved = unwrap(moveWidgets(page, asIds('a'), 10, 0));
    const history = recordChange(createHistory(), page, moved, 'move');
    expect(history.dirty).toBe(true);
    const undone = undo(history, moved);
    expect(undone?.document).toEqual(page);
    const redone = undone && redo(undone.history, undone.document);
    expect(redone?.document).toEqual(moved);
  });

  it('keeps at most 50 steps', () => {
    let history = createHistory();
    let current = page;
    for (let step = 0; step < 60; step += 1) {
      const next = unwrap(updatePageSettings(current, { title: `t${step}` }));
      history = recordChange(history, current, next, 'title');
      current = next;
    }
    expect(history.undoStack).toHaveLength(50);
    let undone = 0;
    for (let step = undo(history, current); step; step = undo(step.history, step.document)) {
      current = step.document;
      undone += 1;
    }
    expect(undone).toBe(50);
    expect(current.title).toBe('t9');
  });

  it('a new change clears redo', () => {
    const first = unwrap(moveWidgets(page, asIds('a'), 10, 0));
    const history = recordChange(createHistory(), page, first, 'move');
    const undone = undo(history, first);
    if (!undone) throw new Error('undo');
    expect(canRedo(undone.history)).toBe(true);
    const other = unwrap(moveWidgets(undone.document, asIds('b'), 0, 10));
    expect(canRedo(recordChange(undone.history, undone.document, other, 'move'))).toBe(false);
  });

  it('records nothing for a change that changes nothing', () => {
    const same = { ...page, widgets: [...page.widgets] };
    expect(recordChange(createHistory(), page, same, 'noop').undoStack).toHaveLength(0);
  });

  it('a gesture of many moves is one step', () => {
    let history = beginGesture(createHistory(), page, 'move');
    let current = page;
    for (let step = 1; step <= 20; step += 1) {
      const next = unwrap(moveWidgets(page, asIds('a'), step, 0, { round: false }));
      history = recordChange(history, current, next, 'move');
      current = next;
    }
    expect(canUndo(history)).toBe(false);
    history = commitGesture(history, current);
    expect(history.undoStack).toHaveLength(1);
    expect(undo(history, current)?.document).toEqual(page);
  });

  it('a cancelled gesture records nothing and gives back the starting page', () => {
    const history = beginGesture(createHistory(), page, 'move');
    const cancelled = cancelGesture(history);
    expect(cancelled.document).toBe(page);
    expect(cancelled.history.undoStack).toHaveLength(0);
    expect(cancelled.history.gesture).toBeNull();
  });

  it('saving clears the unsaved mark until the next change', () => {
    const moved = unwrap(moveWidgets(page, asIds('a'), 10, 0));
    const saved = markSaved(recordChange(createHistory(), page, moved, 'move'));
    expect(saved.dirty).toBe(false);
    expect(undo(saved, moved)?.history.dirty).toBe(true);
  });
});
