import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LeafWidgetSchema, type WidgetOf } from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import { TestEditor } from '../editor/test-editor.ts';
import { createEmptyBinding } from '../registry/defaults.ts';
import { createValueReader } from '../runtime/values.ts';
import {
  findTees,
  nearestPointOnPolyline,
  nearestPort,
  orthogonalize,
  orthogonalRoute,
  pipePathData,
  pointAtDistance,
  polylineLength,
} from './pipe-geometry.ts';
import { evaluatePipeFlow, flowMarkers, flowOffset, listPagePorts } from './pipe-widget.ts';

const coordinate = fc.integer({ min: -2000, max: 2000 });
const point = fc.record({ x: coordinate, y: coordinate });
const polyline = fc.array(point, { minLength: 2, maxLength: 8 });
const axisAligned = (points: readonly Point[]) =>
  points.every((p, index) => index === 0 || p.x === points[index - 1]!.x || p.y === points[index - 1]!.y);
const binding = (signalId: string) => ({ ...createEmptyBinding(), signalId, title: signalId });

describe('pipe geometry', () => {
  it('writes the SVG path of the points', () => {
    expect(
      pipePathData([
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 5.5 },
      ]),
    ).toBe('M0 0 L10 0 L10 5.5');
  });

  it('routes orthogonally between any two points: axis-aligned, end to end, as short as the grid allows', () => {
    fc.assert(
      fc.property(point, point, fc.constantFrom('horizontal', 'vertical'), (from, to, start) => {
        const route = orthogonalRoute(from, to, start);
        expect(route[0]).toEqual(from);
        expect(route[route.length - 1]).toEqual(to);
        expect(axisAligned(route)).toBe(true);
        expect(route.length).toBeLessThanOrEqual(4);
        expect(polylineLength(route)).toBeCloseTo(Math.abs(from.x - to.x) + Math.abs(from.y - to.y), 6);
      }),
    );
  });

  it('orthogonalize keeps every point and makes every segment axis-aligned', () => {
    fc.assert(
      fc.property(polyline, (points) => {
        const result = orthogonalize(points);
        expect(axisAligned(result)).toBe(true);
        for (const p of points) expect(result).toContainEqual(p);
        expect(result[0]).toEqual(points[0]);
        expect(result[result.length - 1]).toEqual(points[points.length - 1]);
      }),
    );
  });

  it('a point at a distance lies on the pipe, that far along; the ends are the first and last points', () => {
    fc.assert(
      fc.property(polyline, fc.double({ min: 0, max: 1, noNaN: true }), (points, share) => {
        const length = polylineLength(points);
        const along = pointAtDistance(points, share * length);
        const nearest = nearestPointOnPolyline(points, along);
        expect(nearest.distance).toBeLessThan(1e-6);
        expect(pointAtDistance(points, 0)).toMatchObject(points[0]!);
        const end = pointAtDistance(points, length + 10);
        expect(end.x).toBeCloseTo(points[points.length - 1]!.x, 6);
        expect(end.y).toBeCloseTo(points[points.length - 1]!.y, 6);
      }),
    );
  });

  it('snaps to the nearest port within the radius, and to none beyond it', () => {
    const ports = [
      { widgetId: 'a', port: 'in', x: 100, y: 100 },
      { widgetId: 'b', port: 'out', x: 108, y: 100 },
    ];
    expect(nearestPort({ x: 105, y: 101 }, ports, 12)).toBe(ports[1]);
    expect(nearestPort({ x: 90, y: 100 }, ports, 12)).toBe(ports[0]);
    expect(nearestPort({ x: 60, y: 100 }, ports, 12)).toBeNull();
    fc.assert(
      fc.property(
        point,
        fc.array(point, { maxLength: 6 }),
        fc.integer({ min: 0, max: 300 }),
        (at, spots, radius) => {
          const candidates = spots.map((spot, index) => ({ widgetId: `w${index}`, port: 'p', ...spot }));
          const found = nearestPort(at, candidates, radius);
          const distances = candidates.map((c) => Math.hypot(c.x - at.x, c.y - at.y));
          const closest = Math.min(Infinity, ...distances);
          if (closest > radius) expect(found).toBeNull();
          else expect(Math.hypot(found!.x - at.x, found!.y - at.y)).toBe(closest);
        },
      ),
    );
  });

  it('finds a tee where a pipe ends on another one, not where two pipes meet end to end', () => {
    const main = {
      id: 'main',
      points: [
        { x: 0, y: 100 },
        { x: 300, y: 100 },
      ],
    };
    const branch = {
      id: 'branch',
      points: [
        { x: 150, y: 300 },
        { x: 150, y: 100 },
      ],
    };
    const next = {
      id: 'next',
      points: [
        { x: 300, y: 100 },
        { x: 300, y: 400 },
      ],
    };
    expect(findTees([main, branch, next])).toEqual([{ widgetId: 'main', port: '', x: 150, y: 100 }]);
  });
});

describe('pipes in the editor', () => {
  function pumpAndTank(): TestEditor {
    return new TestEditor()
      .run({ name: 'insert-library-symbol', symbolId: 'pump-centrifugal', point: { x: 140, y: 335 } })
      .run({ name: 'insert-library-symbol', symbolId: 'tank-vertical', point: { x: 540, y: 260 } });
  }

  it('draws an orthogonal pipe whose ends snap to the symbol ports they are dropped near', () => {
    const editor = pumpAndTank();
    const [pump, tank] = editor.widgets;
    const ports = listPagePorts(editor.document);
    const discharge = ports.find((p) => p.widgetId === pump!.id && p.port === 'discharge')!;
    const side = ports.find((p) => p.widgetId === tank!.id && p.port === 'side')!;
    editor.draw('ShapePipe', { x: discharge.x + 5, y: discharge.y - 4 }, { x: side.x - 6, y: side.y + 3 });
    const pipe = editor.widget(editor.lastWidgetId) as WidgetOf<'ShapePipe'>;
    expect(LeafWidgetSchema.safeParse(pipe).success).toBe(true);
    expect(pipe.widgetName).toBe('管道1');
    expect(pipe.position.points[0]).toEqual({ x: discharge.x, y: discharge.y });
    expect(pipe.position.points[pipe.position.points.length - 1]).toEqual({ x: side.x, y: side.y });
    expect(axisAligned(pipe.position.points)).toBe(true);
    expect(pipe.data.start).toEqual({ widgetId: pump!.id, port: 'discharge' });
    expect(pipe.data.end).toEqual({ widgetId: tank!.id, port: 'side' });

    // Moving the tank drags the attached end along; the pipe stays orthogonal.
    const tankBox = { x: 540, y: 260 };
    editor.select(tank!.id);
    editor.drag(tankBox, { x: tankBox.x + 40, y: tankBox.y - 30 });
    const moved = editor.widget(pipe.id) as WidgetOf<'ShapePipe'>;
    const newSide = listPagePorts(editor.document).find((p) => p.widgetId === tank!.id && p.port === 'side')!;
    expect(moved.position.points[moved.position.points.length - 1]).toEqual({ x: newSide.x, y: newSide.y });
    expect(moved.position.points[0]).toEqual({ x: discharge.x, y: discharge.y });
    expect(axisAligned(moved.position.points)).toBe(true);

    // Moving the pipe on its own lets go of both symbols.
    editor.select(pipe.id);
    const middle = moved.position.points[1]!;
    editor.drag(middle, { x: middle.x, y: middle.y + 20 });
    expect((editor.widget(pipe.id) as WidgetOf<'ShapePipe'>).data).toMatchObject({ start: null, end: null });
  });

  it('joins a pipe ending on another as a tee', () => {
    const editor = new TestEditor().draw('ShapePipe', { x: 100, y: 300 }, { x: 700, y: 300 });
    const main = editor.lastWidgetId;
    editor.draw('ShapePipe', { x: 400, y: 500 }, { x: 405, y: 306 });
    const branch = editor.widget(editor.lastWidgetId) as WidgetOf<'ShapePipe'>;
    expect(branch.data.end).toEqual({ widgetId: main, port: '' });
    expect(branch.position.points[branch.position.points.length - 1]).toEqual({ x: 405, y: 300 });
  });
});

describe('pipe flow', () => {
  const editor = new TestEditor().draw('ShapePipe', { x: 100, y: 300 }, { x: 500, y: 300 });
  const drawn = editor.widget(editor.lastWidgetId) as WidgetOf<'ShapePipe'>;
  const flow = drawn.data.flow;
  const pipe: WidgetOf<'ShapePipe'> = {
    ...drawn,
    data: {
      ...drawn.data,
      flow: {
        running: { ...flow.running, enable: true, binding: binding('pump') },
        reverse: { ...flow.reverse, enable: true, binding: binding('dir'), symbol: '==', value: 1 },
        speed: { ...flow.speed, binding: binding('rate') },
      },
    },
  };

  it('flows while the running rule holds, backwards while the reverse rule holds, at the bound speed', () => {
    expect(evaluatePipeFlow(drawn, createValueReader({}))).toMatchObject({ running: false });
    expect(evaluatePipeFlow(pipe, createValueReader({ pump: 0, rate: 30 }))).toMatchObject({
      running: false,
    });
    expect(evaluatePipeFlow(pipe, createValueReader({ pump: 1, rate: 30 }))).toEqual({
      running: true,
      direction: 1,
      speed: 30,
    });
    expect(evaluatePipeFlow(pipe, createValueReader({ pump: 1, rate: 30, dir: 1 })).direction).toBe(-1);
    expect(evaluatePipeFlow(pipe, createValueReader({ pump: 1, rate: -30 }))).toMatchObject({
      direction: -1,
      speed: 30,
    });
    expect(evaluatePipeFlow(pipe, createValueReader({ pump: 1, rate: 0 })).running).toBe(false);
    // Unbound speed: the set speed.
    const fixed = { ...pipe, data: { ...pipe.data, flow: { ...pipe.data.flow, speed: flow.speed } } };
    expect(evaluatePipeFlow(fixed, createValueReader({ pump: 1 })).speed).toBe(flow.speed.value);
  });

  it('moves the flow marks from the first point to the last, or back, as time passes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 200 }),
        fc.integer({ min: 0, max: 5000 }),
        fc.boolean(),
        (rate, t, back) => {
          const state = evaluatePipeFlow(pipe, createValueReader({ pump: 1, rate, dir: back ? 1 : 0 }));
          const step = 10;
          const before = flowOffset(state, t);
          const after = flowOffset(state, t + step);
          expect(Math.sign(after - before)).toBe(back ? -1 : 1);
          expect(Math.abs(after - before)).toBeCloseTo((rate * step) / 1000, 9);
          const marks = flowMarkers(pipe.position.points, state, t, 24);
          const first = marks[0]!;
          // The first mark sits within one spacing of the start, at the phase the offset gives.
          const phase = ((before % 24) + 24) % 24;
          expect(first.x - 100).toBeCloseTo(phase, 6);
        },
      ),
    );
    const still = evaluatePipeFlow(pipe, createValueReader({ pump: 0 }));
    expect(flowMarkers(pipe.position.points, still, 1000)).toEqual(
      flowMarkers(pipe.position.points, still, 0),
    );
  });
});
