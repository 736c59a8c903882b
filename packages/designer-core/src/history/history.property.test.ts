import { UNDO_DEPTH, type PageDocument, type WidgetId } from '@lyyp/contracts/designer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestEditorDeps } from '../testing/editor-fixtures.ts';
import { collectWidgetIds } from '../model/widget-tree.ts';
import { createWidget } from '../model/widget-factory.ts';
import type { Result } from '../model/result.ts';
import { addWidget, deleteWidgets } from '../operations/add-delete.ts';
import {
  alignWidgets,
  distributeWidgets,
  reorderWidgets,
  ALIGNMENTS,
  ORDER_MOVES,
} from '../operations/arrange.ts';
import { copyWidgets, pasteWidgets } from '../operations/clipboard.ts';
import { groupWidgets, ungroupWidget } from '../operations/group.ts';
import { moveWidgets } from '../operations/move.ts';
import { setWidgetsLocked } from '../operations/properties.ts';
import { resizeWidget } from '../operations/resize.ts';
import { flipWidgets, rotateWidgets } from '../operations/rotate-flip.ts';
import { createTestPage } from '../testing/fixtures.ts';
import { createHistory, recordChange, redo, undo, type History } from './history.ts';

type Operation = (
  document: PageDocument,
  pick: (count: number) => WidgetId[],
  deps: ReturnType<typeof createTestEditorDeps>,
) => Result<PageDocument>;

const document = (result: Result<{ document: PageDocument }>): Result<PageDocument> =>
  result.ok ? { ok: true, value: result.value.document } : result;

const SHAPES = [
  'ShapeRect',
  'ShapeCircle',
  'ShapeLine',
  'ShapeTriangle',
  'ShapeEllipse',
  'UsualText',
  'ComplexLine',
] as const;

/** Operations a person can do in the designer, each picking its widgets at random. */
const operationArbitrary: fc.Arbitrary<Operation> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .record({
        type: fc.constantFrom(...SHAPES),
        x: fc.integer({ min: 10, max: 800 }),
        y: fc.integer({ min: 10, max: 600 }),
      })
      .map(
        ({ type, x, y }): Operation =>
          (doc, _pick, deps) =>
            addWidget(doc, createWidget(type, { x, y, width: 60, height: 40 }, deps)),
      ),
  },
  fc.constant<Operation>((doc, pick) => deleteWidgets(doc, pick(1))),
  {
    weight: 3,
    arbitrary: fc
      .record({ dx: fc.integer({ min: -40, max: 40 }), dy: fc.integer({ min: -40, max: 40 }) })
      .map(
        ({ dx, dy }): Operation =>
          (doc, pick) =>
            moveWidgets(doc, pick(2), dx, dy),
      ),
  },
  fc
    .record({ width: fc.integer({ min: 1, max: 200 }), height: fc.integer({ min: 1, max: 200 }) })
    .map(({ width, height }): Operation => (doc, pick) => {
      const [id] = pick(1);
      return id ? resizeWidget(doc, id, { x: 50, y: 50, width, height }) : moveWidgets(doc, [], 0, 0);
    }),
  fc.constantFrom<Operation>(
    (doc, pick) => rotateWidgets(doc, pick(2), 'clockwise'),
    (doc, pick) => rotateWidgets(doc, pick(1), 'anticlockwise'),
    (doc, pick) => flipWidgets(doc, pick(2), 'horizontal'),
    (doc, pick) => flipWidgets(doc, pick(1), 'vertical'),
    (doc, pick, deps) => document(groupWidgets(doc, pick(3), deps)),
    (doc, pick) => {
      const group = doc.widgets.find((widget) => widget.widgetType === 'WidgetGroup');
      return group ? document(ungroupWidget(doc, group.id)) : deleteWidgets(doc, pick(1));
    },
    (doc, pick) => setWidgetsLocked(doc, pick(1), true),
    (doc, pick) => setWidgetsLocked(doc, pick(2), false),
    (doc, pick) => distributeWidgets(doc, pick(4), 'horizontal'),
    (doc, pick, deps) => {
      const copied = copyWidgets(doc, pick(2));
      return copied.ok ? document(pasteWidgets(doc, copied.value, deps)) : copied;
    },
  ),
  fc.constantFrom(...ALIGNMENTS).map(
    (alignment): Operation =>
      (doc, pick) =>
        alignWidgets(doc, pick(3), alignment),
  ),
  fc.constantFrom(...ORDER_MOVES).map(
    (move): Operation =>
      (doc, pick) =>
        reorderWidgets(doc, pick(2), move),
  ),
);

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe('history over random edits', () => {
  it('undo all gives the first page, redo all the last; depth ≤ 50; ids stay unique; nothing is mutated', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(operationArbitrary, fc.array(fc.nat(), { minLength: 4, maxLength: 4 })), {
          minLength: 20,
          maxLength: 160,
          size: 'max',
        }),
        (steps) => {
          const deps = createTestEditorDeps();
          const pages: PageDocument[] = [deepFreeze(createTestPage())];
          let history: History = createHistory();
          let current = pages[0] as PageDocument;
          for (const [operation, choices] of steps) {
            const pick = (count: number) =>
              choices
                .slice(0, count)
                .map((choice) => current.widgets[choice % Math.max(current.widgets.length, 1)]?.id)
                .filter((id): id is WidgetId => id !== undefined);
            const result = operation(current, pick, deps);
            if (!result.ok) continue;
            const next = deepFreeze(result.value);
            const ids = collectWidgetIds(next.widgets);
            expect(new Set(ids).size).toBe(ids.length);
            const recorded = recordChange(history, current, next, 'edit');
            if (recorded !== history) pages.push(next);
            history = recorded;
            current = next;
            expect(history.undoStack.length).toBeLessThanOrEqual(UNDO_DEPTH);
          }

          const last = current;
          const reachable = pages.slice(-(UNDO_DEPTH + 1));
          let undone = 0;
          for (let step = undo(history, current); step; step = undo(step.history, step.document)) {
            current = step.document;
            history = step.history;
            undone += 1;
            expect(current).toEqual(reachable[reachable.length - 1 - undone]);
          }
          expect(current).toEqual(reachable[0]);
          if (pages.length <= UNDO_DEPTH + 1) expect(current).toEqual(pages[0]);
          for (let step = redo(history, current); step; step = redo(step.history, step.document)) {
            current = step.document;
          }
          expect(current).toEqual(last);
        },
      ),
      { numRuns: 100 },
    );
  });
});
