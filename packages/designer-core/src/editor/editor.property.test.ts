import { UNDO_DEPTH } from '@lyyp/contracts/designer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { collectWidgetIds } from '../model/widget-tree.ts';
import type { EditorCommand } from './commands.ts';
import { TestEditor } from './test-editor.ts';

type Step = (editor: TestEditor) => void;

/** Names a step so a failing sequence reads as what a person did. */
function named(name: string, run: Step): Step {
  return Object.assign(run, { [fc.toStringMethod]: () => name });
}

const point = fc.record({ x: fc.integer({ min: 0, max: 1024 }), y: fc.integer({ min: 0, max: 768 }) });

const command: fc.Arbitrary<EditorCommand> = fc.constantFrom<EditorCommand>(
  { name: 'delete' },
  { name: 'group' },
  { name: 'ungroup' },
  { name: 'align', alignment: 'left' },
  { name: 'distribute', axis: 'vertical' },
  { name: 'rotate', direction: 'clockwise' },
  { name: 'flip', axis: 'horizontal' },
  { name: 'order', move: 'front' },
  { name: 'lock' },
  { name: 'unlock' },
  { name: 'copy' },
  { name: 'paste' },
  { name: 'undo' },
  { name: 'redo' },
  { name: 'select-all' },
  { name: 'nudge', dx: 3, dy: -2 },
);

const step: fc.Arbitrary<Step> = fc.oneof(
  fc
    .tuple(fc.constantFrom('ShapeRect', 'ShapeCircle', 'UsualText', 'ShapeTriangle'), point)
    .map(([type, at]) =>
      named(`drop ${type} at ${at.x},${at.y}`, (editor) => void editor.drop(type, at.x, at.y)),
    ),
  fc
    .tuple(fc.constantFrom('ShapeRect', 'ShapeLine', 'ShapeEllipse'), point, point)
    .map(([type, from, to]) =>
      named(
        `draw ${type} ${from.x},${from.y} → ${to.x},${to.y}`,
        (editor) => void editor.draw(type, from, to),
      ),
    ),
  fc
    .tuple(point, point)
    .map(([from, to]) =>
      named(`drag ${from.x},${from.y} → ${to.x},${to.y}`, (editor) => void editor.drag(from, to)),
    ),
  command.map((run) => named(`run ${JSON.stringify(run)}`, (editor) => void editor.run(run))),
  fc.array(fc.nat(), { maxLength: 3 }).map((picks) =>
    named(`select ${picks.join(',')}`, (editor) => {
      // Selecting is not an edit: the history must come out untouched.
      const history = editor.state.history;
      const ids = editor.widgets.map((widget) => widget.id);
      editor.select(...picks.map((pick) => ids[pick % Math.max(ids.length, 1)] ?? 'none'));
      expect(editor.state.history).toBe(history);
    }),
  ),
);

describe('editor over random gestures and commands', () => {
  it('keeps ids unique and history within 50 steps; undo all then redo all comes back to the newest page', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 5, maxLength: 60, size: 'max' }), (steps) => {
        const editor = new TestEditor();
        for (const run of steps) {
          run(editor);
          const ids = collectWidgetIds(editor.widgets);
          expect(new Set(ids).size).toBe(ids.length);
          expect(editor.state.history.undoStack.length).toBeLessThanOrEqual(UNDO_DEPTH);
          expect(editor.state.drag).toBeNull();
        }
        while (editor.state.history.redoStack.length > 0) editor.redo();
        const newest = editor.document;
        while (editor.state.history.undoStack.length > 0) editor.undo();
        while (editor.state.history.redoStack.length > 0) editor.redo();
        expect(editor.document).toEqual(newest);
      }),
      { numRuns: 60 },
    );
  });
});
