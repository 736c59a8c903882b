import variant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLICK_SCRIPT_MAX_WRITES } from '@lyyp/contracts/designer';
import { planClick } from './runtime-actions.ts';
import { checkClickScript, runClickScript, type QuickJs } from './click-script.ts';
import { CLICK_EVENT_DEFAULTS, type ClickEvent } from '@lyyp/contracts/designer';
import { createEmptyBinding } from '@lyyp/designer-core';

let quickJs: QuickJs;
beforeAll(async () => {
  quickJs = await newQuickJSWASMModuleFromVariant(variant);
});

const values: Record<string, number | string> = { temperature: 85, mode: 'auto' };
const read = (key: string) => values[key];

describe('click scripts', () => {
  it('reads page values and returns the writes it asks for', async () => {
    const outcome = await runClickScript(
      "if (read('temperature') > 80 && read('mode') === 'auto') { write('pump', 1); write('valve', read('temperature') - 5); } write('flag', true);",
      { read, quickJs },
    );
    expect(outcome).toEqual({
      ok: true,
      writes: [
        { key: 'pump', value: 1 },
        { key: 'valve', value: 80 },
        { key: 'flag', value: 1 },
      ],
    });
  });

  it('gives null for a value the page does not have', async () => {
    const outcome = await runClickScript("write('seen', read('missing') === null ? 'none' : 'some')", {
      read,
      quickJs,
    });
    expect(outcome).toEqual({ ok: true, writes: [{ key: 'seen', value: 'none' }] });
  });

  it('stops an endless loop at the time limit', async () => {
    let now = 0;
    const outcome = await runClickScript('while (true) {}', {
      read,
      quickJs,
      timeLimitMs: 50,
      clock: () => (now += 10),
    });
    expect(outcome).toEqual({ ok: false, code: '2688', params: {} });
  });

  it('reaches nothing of the browser: no window, fetch, timers or eval of host code', async () => {
    const outcome = await runClickScript(
      "write('reach', [typeof window, typeof fetch, typeof setTimeout, typeof document, typeof XMLHttpRequest].join(','))",
      { read, quickJs },
    );
    expect(outcome).toEqual({
      ok: true,
      writes: [{ key: 'reach', value: 'undefined,undefined,undefined,undefined,undefined' }],
    });
  });

  it('refuses more writes than allowed, and reports errors and syntax errors with catalogue codes', async () => {
    const many = await runClickScript(`for (let i = 0; i < 50; i++) write('k' + i, i);`, { read, quickJs });
    expect(many).toEqual({ ok: false, code: '2690', params: { max: CLICK_SCRIPT_MAX_WRITES } });
    const thrown = await runClickScript("throw new Error('no pump here')", { read, quickJs });
    expect(thrown).toMatchObject({ ok: false, code: '2689', params: { reason: 'Error: no pump here' } });
    const broken = await runClickScript('write("pump", ', { read, quickJs });
    expect(broken).toMatchObject({ ok: false, code: '2687' });
    const badValue = await runClickScript("write('pump', {})", { read, quickJs });
    expect(badValue).toMatchObject({ ok: false, code: '2689' });
  });

  it('checks syntax without running the script', async () => {
    expect(await checkClickScript("write('pump', 1)", quickJs)).toBeNull();
    expect(await checkClickScript('while (true) {}', quickJs)).toBeNull();
    expect(await checkClickScript('write(', quickJs)).toMatch(/SyntaxError/);
  });

  it('is what a click with action script asks the viewer to do', () => {
    const event: ClickEvent = {
      ...CLICK_EVENT_DEFAULTS,
      enable: true,
      action: 'script',
      binding: createEmptyBinding(),
      link: '',
      pageId: '',
      writeValue: '',
      hint: true,
      hintValue: 'Start the pump?',
      script: "write('pump', 1)",
      delay: { enable: false, value: 0 },
    };
    const context = { widgetBinding: createEmptyBinding(), read: () => undefined, insidePopup: false };
    expect(planClick(event, context)).toEqual({
      kind: 'script',
      script: "write('pump', 1)",
      confirm: 'Start the pump?',
      delayMs: 0,
      feedback: true,
    });
    expect(planClick({ ...event, script: '  ' }, context)).toEqual({ kind: 'none' });
  });
});
