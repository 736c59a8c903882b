import { describe, expect, it } from 'vitest';
import {
  CANVAS_EDGE_MARGIN,
  PageDocumentSchema,
  PageFileSchema,
  type WidgetOf,
} from '@lyyp/contracts/designer';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { toPageFile } from '../model/document-io.ts';
import { flattenWidgets } from '../model/widget-tree.ts';
import { widgetBounds } from '../operations/widget-geometry.ts';
import { evaluatePipeFlow, listPagePorts } from '../pipes/pipe-widget.ts';
import { evaluateSymbolParts } from '../runtime/symbol-animation.ts';
import { createValueReader } from '../runtime/values.ts';
import { buildBoilerMimicPage } from './boiler-mimic.ts';

const variables = demoBoilerModel().variables;

describe.each(['zh-CN', 'en-US'] as const)('the demo boiler mimic (%s)', (locale) => {
  const page = buildBoilerMimicPage({ id: 'page-demo', productId: 'product-demo', locale });

  it('is a valid page within the limits, every widget on the canvas', () => {
    expect(PageDocumentSchema.safeParse(page).success).toBe(true);
    expect(PageFileSchema.safeParse(toPageFile(page)).success).toBe(true);
    expect(page.widgets.length).toBeLessThanOrEqual(100);
    for (const widget of page.widgets) {
      const box = widgetBounds(widget);
      expect(box.x, widget.widgetName).toBeGreaterThanOrEqual(CANVAS_EDGE_MARGIN);
      expect(box.y, widget.widgetName).toBeGreaterThanOrEqual(CANVAS_EDGE_MARGIN);
      expect(box.x + box.width, widget.widgetName).toBeLessThanOrEqual(page.width - CANVAS_EDGE_MARGIN);
      expect(box.y + box.height, widget.widgetName).toBeLessThanOrEqual(page.height - CANVAS_EDGE_MARGIN);
    }
  });

  it('draws a burner, a drum, a boiler, pumps, valves and flowing pipes from the library', () => {
    const symbols = page.widgets.filter(
      (widget): widget is WidgetOf<'ShapeSymbol'> => widget.widgetType === 'ShapeSymbol',
    );
    expect(symbols.map((symbol) => symbol.data.symbolId)).toEqual(
      expect.arrayContaining([
        'burner-gas',
        'vessel-drum',
        'boiler-water-tube',
        'pump-circulation',
        'valve-gate-motor',
        'valve-control-pneumatic',
      ]),
    );
    const pipes = page.widgets.filter(
      (widget): widget is WidgetOf<'ShapePipe'> => widget.widgetType === 'ShapePipe',
    );
    expect(pipes.length).toBeGreaterThanOrEqual(8);
    const ports = listPagePorts(page);
    for (const pipe of pipes) {
      for (const [end, point] of [
        [pipe.data.start, pipe.position.points[0]!],
        [pipe.data.end, pipe.position.points[pipe.position.points.length - 1]!],
      ] as const) {
        if (!end) continue;
        const port = ports.find(
          (candidate) => candidate.widgetId === end.widgetId && candidate.port === end.port,
        );
        expect(port, `${pipe.widgetName} ${end.port}`).toBeDefined();
        expect({ x: point.x, y: point.y }).toEqual({ x: port!.x, y: port!.y });
      }
    }
    const running = createValueReader({ pumpRunning: 1, running: 1 });
    expect(pipes.every((pipe) => evaluatePipeFlow(pipe, running).running)).toBe(true);
    expect(pipes.some((pipe) => evaluatePipeFlow(pipe, createValueReader({})).running)).toBe(false);
    const drum = symbols.find((symbol) => symbol.data.symbolId === 'vessel-drum')!;
    expect(evaluateSymbolParts(drum, createValueReader({ waterLevel: 40 }))['level']!.level).toBe(0.4);
  });

  it("binds only the demo boiler's variables, with a set-point write button and an alarm banner", () => {
    const keys = new Set(variables.map((variable) => variable.key));
    const bound = JSON.stringify(page.widgets).match(/"signalId":"[^"]+"/g) ?? [];
    expect(bound.length).toBeGreaterThan(20);
    for (const entry of bound) expect(keys).toContain(entry.slice('"signalId":"'.length, -1));
    const leaves = flattenWidgets(page.widgets);
    const setpoint = leaves.find(
      (widget) =>
        widget.widgetType === 'UsualButton' && widget.event.binding.signalId === 'temperatureSetpoint',
    );
    expect(setpoint).toMatchObject({
      event: { enable: true, action: 'write', writeType: 'input', hint: true },
    });
    const banner = leaves.filter(
      (widget): widget is WidgetOf<'UsualText'> =>
        widget.widgetType === 'UsualText' && widget.animation.visiable.enable,
    );
    expect(banner.map((widget) => widget.animation.visiable.binding.signalId).sort()).toEqual([
      'flameFailure',
      'lowWaterAlarm',
      'overPressureAlarm',
    ]);
  });
});
