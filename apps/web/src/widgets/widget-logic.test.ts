import { describe, expect, it } from 'vitest';
import { createSequentialDeps, createWidget } from '@lyyp/designer-core';
import { computeGaugeBands } from './gauge-option.ts';
import { computeFitScale } from './page-fit.ts';
import { fontFamilyCss } from './style-css.ts';
import { shapeOutline } from './shape-outline.ts';
import { readSystemValues } from './system-keys.ts';
import {
  computeFillRatio,
  formatDataValue,
  formatFillLabel,
  pickAnimationFrame,
  UNKNOWN_VALUE,
} from './value-format.ts';
import { computeWidgetFrame, frameTransform } from './widget-frame.ts';
import { toTimeValue } from './usual/time-value.ts';

describe('widget frames', () => {
  it('turns and mirrors a rectangle about its own box', () => {
    const frame = computeWidgetFrame({
      kind: 'rect',
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      rotate: 90,
      flipX: true,
      flipY: false,
    });
    expect(frame.box).toEqual({ x: 10, y: 20, width: 100, height: 50 });
    expect(frameTransform(frame)).toBe('rotate(90deg) scale(-1, 1)');
  });

  it('draws a line inside its bounds with its points relative to the box', () => {
    const frame = computeWidgetFrame({
      kind: 'line',
      points: [
        { x: 300, y: 350 },
        { x: 400, y: 300 },
      ],
    });
    expect(frame.box).toEqual({ x: 300, y: 300, width: 100, height: 50 });
    expect(frame.points).toEqual([
      { x: 0, y: 50 },
      { x: 100, y: 0 },
    ]);
    expect(frameTransform(frame)).toBeUndefined();
  });

  it('boxes a circle and an ellipse around their centres', () => {
    expect(computeWidgetFrame({ kind: 'circle', cx: 50, cy: 60, r: 10, rotate: 0 }).box).toEqual({
      x: 40,
      y: 50,
      width: 20,
      height: 20,
    });
    expect(computeWidgetFrame({ kind: 'ellipse', cx: 50, cy: 60, rx: 30, ry: 10, rotate: 0 }).box).toEqual({
      x: 20,
      y: 50,
      width: 60,
      height: 20,
    });
  });
});

describe('shape outlines', () => {
  it('keeps every outline inside its box', () => {
    for (const type of ['ShapeArrow', 'ShapeOctagon', 'ShapeParallelogram', 'ShapePrism'] as const) {
      for (const [x, y] of shapeOutline(type, 120, 60)) {
        expect(x).toBeGreaterThanOrEqual(0);
        expect(x).toBeLessThanOrEqual(120);
        expect(y).toBeGreaterThanOrEqual(0);
        expect(y).toBeLessThanOrEqual(60);
      }
    }
  });

  it('points the arrow at the middle of the right edge', () => {
    expect(shapeOutline('ShapeArrow', 120, 40)).toContainEqual([120, 20]);
  });
});

describe('data values', () => {
  it('shows decimals and unit, state texts for mapped values and -- for unknown ones', () => {
    expect(formatDataValue(21.256, { decimals: 1, unit: '℃' })).toBe('21.3 ℃');
    expect(formatDataValue(3, { stateMapping: [{ value: 3, text: 'Saving' }], unit: 'x' })).toBe('Saving');
    expect(formatDataValue(true, { stateMapping: [{ value: 1, text: 'Running' }] })).toBe('Running');
    expect(formatDataValue('LY-001')).toBe('LY-001');
    expect(formatDataValue(undefined)).toBe(UNKNOWN_VALUE);
    expect(formatDataValue(null, { unit: 'kW' })).toBe(UNKNOWN_VALUE);
  });

  it('fills a percent fill by the share of min..max, clamped, and labels it', () => {
    const data = { type: 'rectangleChart', min: 0, max: 200, textType: 'percentage' } as const;
    expect(computeFillRatio(50, 0, 200)).toBe(0.25);
    expect(computeFillRatio(500, 0, 200)).toBe(1);
    expect(computeFillRatio(undefined, 0, 200)).toBe(0);
    expect(formatFillLabel(50, data)).toBe('25%');
    expect(formatFillLabel(50, { ...data, textType: 'value' })).toBe('50');
    expect(formatFillLabel(50, { ...data, textType: 'none' })).toBe('');
  });

  it('shows the animation frame whose rule holds, and cycles while the cycle rule holds', () => {
    const widget = createWidget(
      'UsualAnimation',
      { x: 0, y: 0, width: 10, height: 10 },
      createSequentialDeps(),
    );
    const data = {
      ...widget.data.dataAddon,
      type: 'text' as const,
      textList: [
        { symbol: '==' as const, value: 0, text: 'Stopped' },
        { symbol: '==' as const, value: 2, text: 'Fault' },
      ],
      cycle: { judgCondition: '==' as const, judgVal: 1, speed: 300 },
    };
    expect(pickAnimationFrame(data, 2, 0)).toEqual({ kind: 'text', text: 'Fault' });
    expect(pickAnimationFrame(data, 5, 0)).toBeNull();
    expect(pickAnimationFrame(data, 1, 0)).toEqual({ kind: 'text', text: 'Stopped' });
    expect(pickAnimationFrame(data, 1, 3)).toEqual({ kind: 'text', text: 'Fault' });
  });
});

describe('dashboard bands', () => {
  it('orders the §3 colour bands along the dial as shares of the range', () => {
    const widget = createWidget(
      'UsualDashboard',
      { x: 0, y: 0, width: 10, height: 10 },
      createSequentialDeps(),
    );
    expect(computeGaugeBands(widget.data.dataAddon).map(([share]) => share)).toEqual([0.25, 0.5, 0.75, 1]);
    expect(computeGaugeBands({ ...widget.data.dataAddon, max: 200 }).at(-1)).toEqual([1, '#f5222d']);
  });
});

describe('page fit', () => {
  const page = { width: 1024, height: 768 };
  it('shows the whole page in the container, or fills one side', () => {
    expect(computeFitScale('container', page, { width: 512, height: 768 })).toBe(0.5);
    expect(computeFitScale('width', page, { width: 2048, height: 100 })).toBe(2);
    expect(computeFitScale('height', page, { width: 10, height: 384 })).toBe(0.5);
    expect(computeFitScale('none', page, { width: 10, height: 10 })).toBe(1);
    expect(computeFitScale('container', page, { width: 0, height: 0 })).toBe(1);
  });
});

describe('system keys and time pickers', () => {
  it('reads system values under their binding keys', () => {
    expect(
      readSystemValues({
        deviceName: 'Boiler 1',
        gatewaySn: '100000000001',
        gatewayStatus: 'online',
        signalStrength: 80,
        online: 1,
      }),
    ).toMatchObject({ 'key:deviceName': 'Boiler 1', 'key:online': 1 });
  });

  it('writes seconds since midnight for a time and Unix seconds for a date', () => {
    expect(toTimeValue('time', '01:02')).toBe(3720);
    expect(toTimeValue('date', '')).toBeNull();
    expect(toTimeValue('datetime-local', '1970-01-02T00:00')).toBe(
      86_400 + new Date(0).getTimezoneOffset() * 60,
    );
  });
});

describe('fonts', () => {
  it('keeps the saved family first and falls back to sans-serif, never to serif', () => {
    expect(fontFamilyCss('Microsoft YaHei')).toMatch(/^"Microsoft YaHei", .*sans-serif$/);
    expect(fontFamilyCss('Arial')).toMatch(/^Arial, /);
    expect(fontFamilyCss('monospace')).toBe('monospace');
  });
});
