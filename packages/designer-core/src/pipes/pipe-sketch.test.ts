import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeafWidgetSchema, type WidgetOf } from '@lyyp/contracts/designer';
import { TestEditor } from '../editor/test-editor.ts';
import { createTestPage } from '../testing/fixtures.ts';
import { listPagePorts } from './pipe-widget.ts';
import { addSketchPoint, orthogonalFrom, sketchPreview, type PipeSketch } from './pipe-sketch.ts';

const coordinate = fc.integer({ min: 0, max: 1000 });
const point = fc.record({ x: coordinate, y: coordinate });

function pumpAndTank(): TestEditor {
  return new TestEditor()
    .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 200, y: 300 } })
    .run({ name: 'insert-library-symbol', symbolId: 'tank-vertical', point: { x: 600, y: 300 } });
}

describe('pipes drawn click by click', () => {
  it('with Shift every segment runs straight across or straight down', () => {
    fc.assert(
      fc.property(fc.array(point, { minLength: 2, maxLength: 8 }), (clicks) => {
        const document = createTestPage();
        let sketch: PipeSketch = { points: [] };
        for (const click of clicks) sketch = addSketchPoint(document, sketch, click, true);
        sketch.points.forEach((at, index) => {
          const before = sketch.points[index - 1];
          if (before) expect(at.x === before.x || at.y === before.y).toBe(true);
        });
      }),
    );
  });

  it('shows the segment to the pointer, straightened with Shift', () => {
    const document = createTestPage();
    const sketch = addSketchPoint(document, { points: [] }, { x: 100, y: 100 }, false);
    expect(sketchPreview(document, sketch, { x: 300, y: 130 }, false)).toEqual([
      { x: 100, y: 100 },
      { x: 300, y: 130 },
    ]);
    expect(sketchPreview(document, sketch, { x: 300, y: 130 }, true)).toEqual([
      { x: 100, y: 100 },
      { x: 300, y: 100 },
    ]);
    expect(orthogonalFrom({ x: 0, y: 0 }, { x: 10, y: 40 })).toEqual({ x: 0, y: 40 });
  });

  it('snaps the clicks near ports, keeps the points as clicked and attaches both ends, as one undo step', () => {
    const editor = pumpAndTank();
    const [pump, tank] = editor.widgets;
    const ports = listPagePorts(editor.document);
    const discharge = ports.find((p) => p.widgetId === pump!.id && p.port === 'discharge')!;
    const side = ports.find((p) => p.widgetId === tank!.id && p.port === 'side')!;
    let sketch: PipeSketch = { points: [] };
    for (const click of [
      { x: discharge.x + 4, y: discharge.y - 3 },
      { x: 400, y: discharge.y - 3 },
      { x: 400, y: side.y },
      { x: side.x - 5, y: side.y + 2 },
    ]) {
      sketch = addSketchPoint(editor.document, sketch, click, false);
    }
    const before = editor.document;
    editor.run({ name: 'add-pipe', points: sketch.points });
    const pipe = editor.widget(editor.lastWidgetId) as WidgetOf<'ShapePipe'>;
    expect(LeafWidgetSchema.safeParse(pipe).success).toBe(true);
    expect(pipe.data.routing).toBe('polyline');
    expect(pipe.position.points).toHaveLength(4);
    expect(pipe.position.points[0]).toEqual({ x: discharge.x, y: discharge.y });
    expect(pipe.position.points[3]).toEqual({ x: side.x, y: side.y });
    expect(pipe.data.start).toEqual({ widgetId: pump!.id, port: 'discharge' });
    expect(pipe.data.end).toEqual({ widgetId: tank!.id, port: 'side' });
    expect(editor.selection).toEqual([pipe.id]);
    editor.undo();
    expect(editor.document).toEqual(before);
  });

  it('refuses a pipe of fewer than two distinct points', () => {
    const editor = new TestEditor();
    editor.run({
      name: 'add-pipe',
      points: [
        { x: 10, y: 10 },
        { x: 10, y: 10 },
      ],
    });
    expect(editor.lastRejection?.reason).toBe('draw-too-small');
    expect(editor.widgets).toEqual([]);
  });
});
