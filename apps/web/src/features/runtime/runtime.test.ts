import { describe, expect, it } from 'vitest';
import type { LiveServerMessage } from '@lyyp/contracts/live';
import { createDefaultClickEvent, createEmptyBinding, createValueReader } from '@lyyp/designer-core';
import { cssBackgroundImage, pictureSource } from '../../widgets/media-source.ts';
import { applyLiveMessage, EMPTY_LIVE_STATE } from './live-values.ts';
import type { PageSummary } from '../../api/designer.api.ts';
import { devicePagePath, pickHomePage } from './home-page.ts';
import { openRunningPage } from './open-page.ts';
import { parseTypedValue, planClick } from './runtime-actions.ts';
import { buildValueMap } from './runtime-values.ts';

const snapshot: LiveServerMessage = {
  type: 'snapshot',
  deviceId: 'd1',
  serverTime: 1,
  gateway: { sn: '100000000001', status: 'online', signal: 80 },
  values: [{ key: 'temp', ts: 1, receivedAt: 1, value: 20, error: null }],
  staleAfterMs: {},
};

describe('live values of a device', () => {
  it('starts from the snapshot, then applies value and gateway updates of that device only', () => {
    let state = applyLiveMessage(EMPTY_LIVE_STATE, 'd1', snapshot);
    expect(state.values).toEqual({ temp: 20 });
    state = applyLiveMessage(state, 'd1', {
      type: 'values',
      deviceId: 'd1',
      serverTime: 2,
      values: [{ key: 'temp', ts: 2, receivedAt: 2, value: 21.5, error: null }],
    });
    expect(state.values.temp).toBe(21.5);
    const other = applyLiveMessage(state, 'd1', { ...snapshot, deviceId: 'd2', values: [] });
    expect(other).toBe(state);
    state = applyLiveMessage(state, 'd1', {
      type: 'gateway',
      deviceId: 'd1',
      status: 'offline',
      signal: null,
    });
    expect(state.gateway).toEqual({ status: 'offline', signal: null });
  });

  it('reads signals by key, intermediate variables and system keys', () => {
    const map = buildValueMap(applyLiveMessage(EMPTY_LIVE_STATE, 'd1', snapshot), {
      deviceName: 'Boiler',
      gatewaySn: 'sn',
      gatewayStatus: 'offline',
    });
    const read = createValueReader(map);
    expect(read({ ...createEmptyBinding(), signalId: 'temp' })).toBe(20);
    expect(read({ ...createEmptyBinding(), mvarId: 'temp' })).toBe(20);
    expect(read({ ...createEmptyBinding(), systemKey: 'online' })).toBe(1);
    expect(read({ ...createEmptyBinding(), systemKey: 'deviceName' })).toBe('Boiler');
  });
});

describe('clicks on a running page', () => {
  const bound = { ...createEmptyBinding(), signalId: 'pump', title: 'Pump' };
  const read = createValueReader({ pump: 1 });

  it('writes the set value to the widget binding when the event names none', () => {
    const event = { ...createDefaultClickEvent(true), writeValue: 5, hint: true, hintValue: 'Sure?' };
    expect(planClick(event, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({
      kind: 'write',
      key: 'pump',
      value: 5,
      confirm: 'Sure?',
      delayMs: 1000,
    });
  });

  it('toggles from the live value and asks for a value when the write type says so', () => {
    const toggle = {
      ...createDefaultClickEvent(true),
      writeType: 'press' as const,
      pressType: 'toggle' as const,
    };
    expect(planClick(toggle, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({ value: 0 });
    const ask = { ...createDefaultClickEvent(true), writeType: 'input' as const };
    expect(planClick(ask, { widgetBinding: bound, read, insidePopup: false })).toMatchObject({ value: null });
  });

  it('refuses a popup inside a popup with the catalogue code, and a write to a system value', () => {
    const popup = { ...createDefaultClickEvent(true), action: 'popup' as const, pageId: 'p2' };
    expect(planClick(popup, { widgetBinding: bound, read, insidePopup: true })).toMatchObject({
      kind: 'refused',
      rejection: { code: '1601' },
    });
    expect(planClick(popup, { widgetBinding: bound, read, insidePopup: false })).toEqual({
      kind: 'popup',
      pageId: 'p2',
      width: 600,
      height: 600,
    });
    const system = { ...createEmptyBinding(), systemKey: 'online' };
    expect(
      planClick(createDefaultClickEvent(true), { widgetBinding: system, read, insidePopup: false }),
    ).toEqual({
      kind: 'not-writable',
    });
  });

  it('reads typed values as numbers where they are numbers', () => {
    expect(parseTypedValue(' 42.5 ')).toBe(42.5);
    expect(parseTypedValue('auto')).toBe('auto');
    expect(parseTypedValue('  ')).toBeNull();
  });
});

describe('a page stored with an unsafe link', () => {
  const scriptLink = {
    ...createDefaultClickEvent(true),
    action: 'link' as const,
    link: 'javascript:fetch("/lyyp/developer/account/info").then(r => r.text()).then(alert)',
    target: '_self' as const,
  };
  /** As the server hands out a page saved before the URL rule: raw JSON, not checked again. */
  const stored = {
    con: {
      schemaVersion: 2,
      id: 'p1',
      productId: 'prod',
      title: 'Boiler',
      width: 800,
      height: 600,
      fit: 'container',
      bgColor: '#ffffff',
      bgImage: 'javascript:alert(1)',
      checkpwd: false,
      password: '',
      widgetCount: 2,
    },
    widgets: [
      {
        id: 'button',
        widgetType: 'UsualButton',
        position: {
          kind: 'rect',
          x: 10,
          y: 10,
          width: 120,
          height: 40,
          rotate: 0,
          flipX: false,
          flipY: false,
        },
        data: { text: 'Manual' },
        event: scriptLink,
      },
      {
        id: 'help',
        widgetType: 'UsualButton',
        position: {
          kind: 'rect',
          x: 10,
          y: 80,
          width: 120,
          height: 40,
          rotate: 0,
          flipX: false,
          flipY: false,
        },
        data: { text: 'Help' },
        event: { ...scriptLink, link: 'https://example.com/help' },
      },
    ],
    bind: { equips: [], signals: [], keys: [], mvars: [] },
  };
  const context = { widgetBinding: createEmptyBinding(), read: createValueReader({}), insidePopup: false };

  it('still opens, with that link disabled and the safe one kept', () => {
    const opened = openRunningPage(stored);
    expect(opened).toMatchObject({ ok: true });
    if (!opened.ok) return;
    const [button, help] = opened.value.widgets.map((widget) =>
      widget.widgetType === 'WidgetGroup' ? undefined : widget.event,
    );
    expect(button && planClick(button, context)).toEqual({ kind: 'none' });
    expect(help && planClick(help, context)).toEqual({
      kind: 'link',
      url: 'https://example.com/help',
      target: '_self',
    });
    expect(cssBackgroundImage(opened.value.bgImage)).toBeUndefined();
  });

  it('is refused with catalogue code 1650 if it ever reaches a click', () => {
    expect(planClick(scriptLink, context)).toMatchObject({ kind: 'refused', rejection: { code: '1650' } });
  });

  it('draws no picture from a script or data address, and escapes a background address', () => {
    expect(pictureSource('data:image/svg+xml,<svg onload=alert(1)>')).toBeUndefined();
    expect(pictureSource(' javascript:alert(1)')).toBeUndefined();
    expect(pictureSource('/lyyp/developer/files/pump.png')).toBe('/lyyp/developer/files/pump.png');
    expect(cssBackgroundImage('/files/a"),url("https://evil.example/x.png')).toBe(
      'url("/files/a\\"),url(\\"https://evil.example/x.png")',
    );
  });
});

describe('the page a device opens first', () => {
  const summary = (id: string, kind: 'main' | 'child', isStart = false): PageSummary => ({
    id,
    title: id,
    kind,
    isStart,
    sortOrder: 0,
    checkpwd: false,
    version: 0,
    updatedAt: '2024-01-01T00:00:00.000Z',
  });

  it('is the page the product marks as its start page', () => {
    const pages = [summary('popup', 'child'), summary('overview', 'main'), summary('boiler', 'main', true)];
    expect(pickHomePage(pages)?.id).toBe('boiler');
  });

  it('is the first main page when none is marked, never a child page', () => {
    expect(pickHomePage([summary('popup', 'child'), summary('a', 'main'), summary('b', 'main')])?.id).toBe(
      'a',
    );
    expect(pickHomePage([summary('popup', 'child')])).toBeNull();
    expect(pickHomePage([])).toBeNull();
  });

  it('has an address of its own; `start` stands for the home page', () => {
    expect(devicePagePath('d 1')).toBe('/monitor/devices/d%201/pages/start');
    expect(devicePagePath('d1', 'p/2')).toBe('/monitor/devices/d1/pages/p%2F2');
  });
});
