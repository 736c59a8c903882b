import type { ClickEvent, DataBinding } from '@lyyp/contracts/designer';
import { describe, expect, it } from 'vitest';
import { setAtPath } from '../model/paths.ts';
import { createDefaultClickEvent, createEmptyBinding } from '../registry/defaults.ts';
import { rectAt, widgetOf } from '../testing/fixtures.ts';
import { evaluateAnimation, isWidgetAuthorized, RESTING_STATE } from './animation.ts';
import { resolveClick } from './click-event.ts';
import { compareValues, createValueReader } from './values.ts';

const signal = (signalId: string): DataBinding => ({ ...createEmptyBinding(), signalId, title: signalId });

describe('comparisons', () => {
  it.each([
    [1, '==', 1, true],
    ['1', '==', 1, true],
    [true, '==', 1, true],
    [2, '>', 1, true],
    [2, '<=', 1, false],
    ['on', '==', 'on', true],
    ['on', '!=', 'off', true],
    ['on', '>', 'off', false],
    [undefined, '!=', 0, false],
    [null, '==', 0, false],
  ] as const)('%s %s %s → %s', (live, symbol, expected, result) => {
    expect(compareValues(live, symbol, expected)).toBe(result);
  });
});

describe('animation rules', () => {
  const read = createValueReader({ s1: 1, s0: 0, s5: 5 });

  it('a widget without rules rests', () => {
    expect(evaluateAnimation(rectAt('r', 10, 10), read)).toEqual(RESTING_STATE);
  });

  it('shows a widget only while its visibility rule holds', () => {
    const rule = (signalId: string) =>
      setAtPath(rectAt('r', 10, 10), 'animation.visiable', {
        enable: true,
        binding: signal(signalId),
        symbol: '==',
        value: 1,
      });
    expect(evaluateAnimation(rule('s1'), read).visible).toBe(true);
    expect(evaluateAnimation(rule('s0'), read).visible).toBe(false);
    expect(evaluateAnimation(rule('missing'), read).visible).toBe(false);
  });

  it('blinks and spins while their conditions hold', () => {
    let widget = setAtPath(rectAt('r', 10, 10), 'animation.twinkle', {
      enable: true,
      binding: signal('s5'),
      symbol: '>',
      value: 3,
    });
    widget = setAtPath(widget, 'animation.rotate', {
      enable: true,
      binding: signal('s1'),
      symbol: '==',
      value: 1,
      direction: 'anticlockwise',
      speed: 60,
    });
    const state = evaluateAnimation(widget, read);
    expect(state.twinkle).toBe(true);
    expect(state.spin).toEqual({ direction: 'anticlockwise', speed: 60 });
  });

  it('colours by the default rules: 0 red, 1 yellow, else the style colour', () => {
    const colour = (signalId: string) =>
      evaluateAnimation(
        setAtPath(
          setAtPath(rectAt('r', 10, 10), 'animation.fillColor.enable', true),
          'animation.fillColor.binding',
          signal(signalId),
        ),
        read,
      ).fillColor;
    expect(colour('s0')).toBe('#ff0000');
    expect(colour('s1')).toBe('#ffff00');
    expect(colour('s5')).toBeNull();
  });

  it('ignores animations the widget type does not offer', () => {
    const chart = setAtPath(
      setAtPath(
        widgetOf('ComplexPie', 'pie', { x: 0, y: 0, width: 100, height: 100 }),
        'animation.twinkle.enable',
        true,
      ),
      'animation.twinkle.binding',
      signal('s1'),
    );
    expect(evaluateAnimation(chart, read).twinkle).toBe(false);
  });

  it('hides widgets from users without the region’s permission', () => {
    expect(isWidgetAuthorized({ authRegion: [] }, [])).toBe(true);
    expect(isWidgetAuthorized({ authRegion: ['write'] }, ['read'])).toBe(false);
    expect(isWidgetAuthorized({ authRegion: ['write', 'admin'] }, ['admin'])).toBe(true);
  });
});

describe('click events', () => {
  const context = { widgetBinding: signal('pump'), insidePopup: false };
  const event = (changes: Partial<ClickEvent>): ClickEvent => ({
    ...createDefaultClickEvent(true),
    ...changes,
  });

  it('does nothing when disabled', () => {
    expect(resolveClick(createDefaultClickEvent(false), context)).toEqual({
      ok: true,
      value: { kind: 'none' },
    });
  });

  it('writes the set value to the widget’s signal, then reads back after 1000 ms with feedback', () => {
    expect(resolveClick(event({ writeValue: 7 }), context)).toEqual({
      ok: true,
      value: {
        kind: 'write',
        binding: signal('pump'),
        value: 7,
        releaseValue: null,
        confirm: null,
        delayMs: 1000,
        feedback: true,
      },
    });
  });

  it('writes to the event’s own target when it names one, asking first when a hint is set', () => {
    const result = resolveClick(
      event({ binding: signal('valve'), hint: true, hintValue: 'Open the valve?' }),
      context,
    );
    expect(result).toMatchObject({
      ok: true,
      value: { binding: { signalId: 'valve' }, confirm: 'Open the valve?' },
    });
  });

  it('press types: set 1, set 0, toggle from the live value, momentary 1 then 0', () => {
    const press = (pressType: ClickEvent['pressType'], currentValue?: number) =>
      resolveClick(event({ writeType: 'press', pressType }), { ...context, currentValue });
    expect(press('set1')).toMatchObject({ value: { value: 1, releaseValue: null } });
    expect(press('set0')).toMatchObject({ value: { value: 0 } });
    expect(press('toggle', 1)).toMatchObject({ value: { value: 0 } });
    expect(press('toggle', 0)).toMatchObject({ value: { value: 1 } });
    expect(press('reset')).toMatchObject({ value: { value: 1, releaseValue: 0 } });
  });

  it('asks for the value when the write type is input; no delay when the delay is off', () => {
    expect(
      resolveClick(event({ writeType: 'input', delay: { enable: false, value: 1000 } }), context),
    ).toMatchObject({
      value: { value: null, delayMs: 0 },
    });
  });

  it('does nothing when neither the event nor the widget is bound', () => {
    expect(resolveClick(event({}), { ...context, widgetBinding: createEmptyBinding() })).toEqual({
      ok: true,
      value: { kind: 'none' },
    });
  });

  it('opens pages, links and popup windows of 600 × 600', () => {
    expect(resolveClick(event({ action: 'page', pageId: 'p2' }), context)).toEqual({
      ok: true,
      value: { kind: 'page', pageId: 'p2' },
    });
    expect(resolveClick(event({ action: 'link', link: 'https://example.com' }), context)).toEqual({
      ok: true,
      value: { kind: 'link', url: 'https://example.com', target: '_blank' },
    });
    expect(resolveClick(event({ action: 'popup', pageId: 'p3' }), context)).toEqual({
      ok: true,
      value: { kind: 'popup', pageId: 'p3', width: 600, height: 600 },
    });
  });

  it.each([
    'javascript:alert(document.cookie)',
    '  JaVa\tScRiPt:alert(1)',
    'data:text/html,x',
    '//evil.example',
  ])('never opens the stored link %j: refused with catalogue code 1650', (link) => {
    expect(resolveClick(event({ action: 'link', link, target: '_self' }), context)).toEqual({
      ok: false,
      rejection: { reason: 'unsafe-url', code: '1650', params: { field: 'event.link' } },
    });
  });

  it('does nothing for an empty link', () => {
    expect(resolveClick(event({ action: 'link', link: '' }), context)).toEqual({
      ok: true,
      value: { kind: 'none' },
    });
  });

  it('refuses a popup inside a popup with catalogue code 1601', () => {
    expect(resolveClick(event({ action: 'popup', pageId: 'p3' }), { ...context, insidePopup: true })).toEqual(
      {
        ok: false,
        rejection: { reason: 'popup-in-popup', code: '1601' },
      },
    );
  });
});
