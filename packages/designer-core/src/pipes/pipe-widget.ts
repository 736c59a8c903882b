/**
 * Pipes on the page: drawing one (routed and snapped to the symbol ports near its ends), the
 * ports and pipes a new end may attach to, keeping attached ends on their ports when symbols move,
 * and the flow the viewer animates.
 */
import {
  PIPE_FLOW_SPEED_MAX,
  type PageDocument,
  type PipeEnd,
  type Widget,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import type { Point } from '../geometry/box.ts';
import { withBindingTransforms } from '../runtime/binding-transform.ts';
import { compareValues, type LiveValue, type ValueReader } from '../runtime/values.ts';
import { isBindingEmpty } from '../registry/defaults.ts';
import { symbolPortsOnCanvas } from '../symbols/symbol-widget.ts';
import {
  nearestPointOnPolyline,
  nearestPort,
  orthogonalize,
  orthogonalRoute,
  pointAtDistance,
  polylineLength,
  type PortPoint,
} from './pipe-geometry.ts';

/** A pipe end dropped this close to a port (or another pipe) attaches to it. */
export const PIPE_SNAP_RADIUS = 12;

type Pipe = WidgetOf<'ShapePipe'>;
type SymbolWidget = WidgetOf<'ShapeSymbol'>;

const isPipe = (widget: Widget): widget is Pipe => widget.widgetType === 'ShapePipe';
const isSymbol = (widget: Widget): widget is SymbolWidget => widget.widgetType === 'ShapeSymbol';

/** The ports of every symbol on the page (top-level widgets), in paint order. */
export function listPagePorts(document: PageDocument): PortPoint[] {
  return document.widgets.filter(isSymbol).flatMap(symbolPortsOnCanvas);
}

interface Attached {
  readonly point: Point;
  readonly end: PipeEnd | null;
}

/** Where an end at `point` goes: onto the nearest port, else onto another pipe (a tee), else stays. */
export function attachPipeEnd(
  document: PageDocument,
  point: Point,
  radius = PIPE_SNAP_RADIUS,
  exceptId?: string,
): Attached {
  const port = nearestPort(point, listPagePorts(document), radius);
  if (port) return { point: { x: port.x, y: port.y }, end: { widgetId: port.widgetId, port: port.port } };
  let best: { point: Point; id: string; distance: number } | null = null;
  for (const pipe of document.widgets.filter(isPipe)) {
    if (pipe.id === exceptId) continue;
    const nearest = nearestPointOnPolyline(pipe.position.points, point);
    if (nearest.distance <= radius && (!best || nearest.distance < best.distance)) {
      best = { point: nearest.point, id: pipe.id, distance: nearest.distance };
    }
  }
  if (best) return { point: best.point, end: { widgetId: best.id, port: '' } };
  return { point, end: null };
}

/** The points of a pipe drawn from `from` to `to` by its routing. */
export function routePipe(pipe: Pipe, from: Point, to: Point): Point[] {
  return pipe.data.routing === 'orthogonal' ? orthogonalRoute(from, to) : [from, to];
}

/** A drawn pipe with both ends snapped to the ports or pipes near them, then routed. */
export function snapDrawnPipe(document: PageDocument, pipe: Pipe, from: Point, to: Point): Pipe {
  const start = attachPipeEnd(document, from, PIPE_SNAP_RADIUS, pipe.id);
  const end = attachPipeEnd(document, to, PIPE_SNAP_RADIUS, pipe.id);
  return {
    ...pipe,
    position: { kind: 'line', points: routePipe(pipe, start.point, end.point) },
    data: { ...pipe.data, start: start.end, end: end.end },
  };
}

function endPoint(document: PageDocument, end: PipeEnd | null): Point | null {
  if (!end || end.port === '') return null;
  const widget = document.widgets.find((candidate) => candidate.id === end.widgetId);
  if (!widget || !isSymbol(widget)) return null;
  const port = symbolPortsOnCanvas(widget).find((candidate) => candidate.port === end.port);
  return port ? { x: port.x, y: port.y } : null;
}

function same(a: Point, b: Point): boolean {
  return a.x === b.x && a.y === b.y;
}

/** The pipe with its attached ends back on their ports (orthogonal pipes keep their elbows). */
export function reattachPipe(document: PageDocument, pipe: Pipe): Pipe {
  const points = [...pipe.position.points];
  const start = endPoint(document, pipe.data.start);
  const end = endPoint(document, pipe.data.end);
  const last = points.length - 1;
  if ((!start || same(start, points[0]!)) && (!end || same(end, points[last]!))) return pipe;
  if (start) points[0] = start;
  if (end) points[last] = end;
  const moved = pipe.data.routing === 'orthogonal' ? orthogonalize(points) : points;
  return { ...pipe, position: { kind: 'line', points: moved } };
}

/** The pipe with the ends whose widget did not move with it let go. */
function detachLeftBehind(pipe: Pipe, moved: readonly string[]): Pipe {
  const keep = (end: PipeEnd | null) => (end && moved.includes(end.widgetId) ? end : null);
  const start = keep(pipe.data.start);
  const end = keep(pipe.data.end);
  return start === pipe.data.start && end === pipe.data.end
    ? pipe
    : { ...pipe, data: { ...pipe.data, start, end } };
}

/**
 * The page with every attached pipe end on its port: run after widgets in `moved` moved (or turned
 * or were resized). A pipe that moved itself lets go of the widgets that stayed behind.
 */
export function reattachPipes(document: PageDocument, moved: readonly string[] = []): PageDocument {
  let changed = false;
  const widgets = document.widgets.map((widget) => {
    if (!isPipe(widget)) return widget;
    const next = moved.includes(widget.id) ? detachLeftBehind(widget, moved) : reattachPipe(document, widget);
    if (next !== widget) changed = true;
    return next;
  });
  return changed ? { ...document, widgets } : document;
}

export interface PipeFlowState {
  readonly running: boolean;
  /** 1 from the first point to the last, −1 backwards. */
  readonly direction: 1 | -1;
  /** Canvas units a second. */
  readonly speed: number;
}

function numeric(value: LiveValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

/**
 * Whether and how the medium flows now (docs/widgets.md "Pipes"): it flows while the running rule
 * is on, bound and holds, at the set speed or, with a bound speed, the value's magnitude (at most
 * PIPE_FLOW_SPEED_MAX); backwards while the reverse rule holds, and backwards again for a negative
 * bound speed. A speed of 0 does not flow.
 */
export function evaluatePipeFlow(pipe: Pipe, rawRead: ValueReader): PipeFlowState {
  const read = withBindingTransforms(rawRead);
  const { running, reverse, speed } = pipe.data.flow;
  const holds = (rule: typeof running) =>
    rule.enable &&
    !isBindingEmpty(rule.binding) &&
    compareValues(read(rule.binding), rule.symbol, rule.value);
  const bound = isBindingEmpty(speed.binding) ? null : numeric(read(speed.binding));
  const magnitude = Math.min(PIPE_FLOW_SPEED_MAX, Math.abs(bound ?? speed.value));
  const backwards = holds(reverse) !== (bound !== null && bound < 0);
  return { running: holds(running) && magnitude > 0, direction: backwards ? -1 : 1, speed: magnitude };
}

/** How far the medium has moved after `elapsedMs` (negative backwards); 0 while still. */
export function flowOffset(flow: PipeFlowState, elapsedMs: number): number {
  return flow.running ? (flow.direction * flow.speed * elapsedMs) / 1000 : 0;
}

/** Where the flow marks are after `elapsedMs`: one every `spacing` units along the pipe. */
export function flowMarkers(
  points: readonly Point[],
  flow: PipeFlowState,
  elapsedMs: number,
  spacing = 24,
): Point[] {
  const length = polylineLength(points);
  if (spacing <= 0 || length === 0) return [];
  const phase = ((flowOffset(flow, elapsedMs) % spacing) + spacing) % spacing;
  const marks: Point[] = [];
  for (let along = phase; along <= length; along += spacing) {
    const { x, y } = pointAtDistance(points, along);
    marks.push({ x, y });
  }
  return marks;
}
