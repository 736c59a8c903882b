import { scriptSchema, type ScriptInput, type VariableValue } from '@lyyp/contracts/device-model';
import { beforeAll, describe, expect, it } from 'vitest';
import type { QuickJSWASMModule } from 'quickjs-emscripten-core';
import { ManualScheduler } from '../core/testing/manual-scheduler.ts';
import { SCRIPT_OVERRUNS_TO_PAUSE, ScriptRunner, type DeviceWrite } from './script-runner.ts';
import { SandboxedScript, loadQuickJs } from './script-sandbox.ts';

let quickJs: QuickJSWASMModule;
beforeAll(async () => {
  quickJs = await loadQuickJs();
});

/** A clock for the time limit that moves 1 ms each time it is read: no test waits for real time. */
function steppingClock() {
  let time = 0;
  return () => (time += 1);
}

function setUp(
  scripts: ScriptInput[],
  options: { write?: DeviceWrite; values?: Record<string, VariableValue> } = {},
) {
  const scheduler = new ManualScheduler();
  const values = new Map<string, VariableValue>(
    Object.entries(options.values ?? { temp: 20, pump: 0, hours: 0 }),
  );
  const kept = new Set(['hours', 'step']);
  const written: { key: string; value: VariableValue }[] = [];
  const runner = new ScriptRunner({
    scripts: scripts.map((script) => scriptSchema.parse(script)),
    scheduler,
    limits: { timeLimitMs: 200 },
    variables: {
      read: (key) => values.get(key) ?? null,
      snapshot: () =>
        Object.fromEntries([...values.keys(), ...kept].map((key) => [key, values.get(key) ?? null])),
      keptKeys: [...kept],
      setKept: (key, value) => {
        if (!kept.has(key)) return false;
        values.set(key, value);
        return true;
      },
    },
    writeDevice:
      options.write ??
      ((key, value) => {
        written.push({ key, value });
        values.set(key, value);
        return Promise.resolve({ ok: true });
      }),
  });
  const state = (key: string) => runner.states().find((item) => item.key === key)!;
  return { scheduler, values, written, runner, state };
}

const script = (patch: Partial<ScriptInput>): ScriptInput => ({
  key: 'counter',
  name: 'counter',
  policy: 'periodic',
  intervalSeconds: 1,
  code: "write('hours', read('hours') + 1);",
  ...patch,
});

describe('the sandbox', () => {
  it('stops an endless loop at the time limit and runs again next time', () => {
    const sandbox = new SandboxedScript(quickJs, 'if (read("x") === 1) { while (true) {} }', {
      cpuClock: steppingClock(),
      timeLimitMs: 50,
    });
    let x = 1;
    const host = { read: () => x, write: () => undefined, log: () => undefined, now: () => 0 };
    expect(sandbox.run(host)).toEqual({ ok: false, code: '2356', params: { ms: 50 } });
    x = 0;
    expect(sandbox.run(host)).toEqual({ ok: true });
    sandbox.dispose();
  });

  it('stops a script that takes more memory than allowed, and starts it over clean', () => {
    const sandbox = new SandboxedScript(
      quickJs,
      'globalThis.runs = (globalThis.runs || 0) + 1; log(runs); if (read("grow")) { const a = []; for (;;) a.push("x".repeat(1000)); }',
      // A clock that never moves: only the memory limit can stop it.
      { memoryLimitBytes: 512 * 1024, cpuClock: () => 0 },
    );
    const lines: string[] = [];
    let grow = 1;
    const host = {
      read: () => grow,
      write: () => undefined,
      log: (line: string) => lines.push(line),
      now: () => 0,
    };
    expect(sandbox.run(host)).toEqual({ ok: false, code: '2357', params: { kb: 512 } });
    grow = 0;
    expect(sandbox.run(host)).toEqual({ ok: true });
    // The global it kept was lost with the old context.
    expect(lines).toEqual(['1', '1']);
    sandbox.dispose();
  });

  it('reaches no file, network, timer or process of the agent', () => {
    const sandbox = new SandboxedScript(
      quickJs,
      "log([typeof require, typeof process, typeof fetch, typeof setTimeout, typeof std, typeof os, typeof import.meta].join(','))",
    );
    expect(sandbox.syntaxError).toMatchObject({ code: '2354' });
    sandbox.dispose();
    const lines: string[] = [];
    const plain = new SandboxedScript(
      quickJs,
      "log([typeof require, typeof process, typeof fetch, typeof setTimeout, typeof std, typeof os, typeof XMLHttpRequest].join(','))",
    );
    plain.run({ read: () => null, write: () => undefined, log: (line) => lines.push(line), now: () => 0 });
    expect(lines).toEqual(['undefined,undefined,undefined,undefined,undefined,undefined,undefined']);
    plain.dispose();
  });

  it('reports a syntax error with where it is, and an exception with its message', () => {
    const broken = new SandboxedScript(quickJs, 'let = ;');
    expect(broken.syntaxError).toMatchObject({ ok: false, code: '2354' });
    broken.dispose();
    const throwing = new SandboxedScript(quickJs, "throw new Error('valve stuck')");
    expect(
      throwing.run({ read: () => null, write: () => undefined, log: () => undefined, now: () => 0 }),
    ).toEqual({
      ok: false,
      code: '2355',
      params: { detail: 'Error: valve stuck' },
    });
    throwing.dispose();
  });
});

describe('ScriptRunner policies', () => {
  it('runs a periodic script every interval on the agent clock, and keeps its last run', async () => {
    const { scheduler, values, runner, state } = setUp([script({ intervalSeconds: 2 })]);
    runner.start();
    scheduler.advance(1999);
    await runner.idle();
    expect(values.get('hours')).toBe(0);
    scheduler.advance(1);
    await runner.idle();
    expect(values.get('hours')).toBe(1);
    scheduler.advance(4000);
    await runner.idle();
    expect(values.get('hours')).toBe(3);
    expect(state('counter')).toMatchObject({
      runs: 3,
      failures: 0,
      lastOk: true,
      lastRunAt: scheduler.now(),
    });
    await runner.stop();
    scheduler.advance(10_000);
    await runner.idle();
    expect(values.get('hours')).toBe(3);
  });

  it('spreads the first runs of periodic scripts over their interval instead of running them in one burst', async () => {
    const { scheduler, runner, state } = setUp(
      [0, 1, 2, 3].map((index) => script({ key: `s${index}`, intervalSeconds: 4, code: 'log(now())' })),
    );
    runner.start();
    const ranBy = () => [0, 1, 2, 3].filter((index) => state(`s${index}`).runs > 0).length;
    const counts: number[] = [];
    for (let second = 0; second < 4; second += 1) {
      scheduler.advance(1000);
      await runner.idle();
      counts.push(ranBy());
    }
    expect(counts).toEqual([1, 2, 3, 4]);
    scheduler.advance(4000);
    await runner.idle();
    expect([0, 1, 2, 3].map((index) => state(`s${index}`).runs)).toEqual([2, 2, 2, 2]);
    await runner.stop();
  });

  it('runs a startup script once when the configuration starts', async () => {
    const { scheduler, runner, state } = setUp([
      script({ key: 'boot', policy: 'startup', code: "log('started at', now())" }),
    ]);
    runner.start();
    scheduler.advance(60_000);
    await runner.idle();
    expect(state('boot')).toMatchObject({ runs: 1, lastRunAt: scheduler.now() - 60_000 });
    const [line] = state('boot').log;
    expect(Number(line?.replace('started at ', ''))).toBeGreaterThanOrEqual(scheduler.now() - 60_000);
    await runner.stop();
  });

  it('runs a condition script when its condition becomes true, once per time it does', async () => {
    const { values, runner, state } = setUp([
      script({ key: 'hot', policy: 'condition', condition: 'temp > 80', code: "write('pump', 1)" }),
    ]);
    runner.start();
    runner.afterUpdate();
    await runner.idle();
    expect(state('hot').runs).toBe(0);
    values.set('temp', 85);
    runner.afterUpdate();
    runner.afterUpdate();
    await runner.idle();
    expect(state('hot').runs).toBe(1);
    values.set('temp', 70);
    runner.afterUpdate();
    values.set('temp', 90);
    runner.afterUpdate();
    await runner.idle();
    expect(state('hot').runs).toBe(2);
    await runner.stop();
  });

  it('repeats a condition script every interval while the condition holds', async () => {
    const { scheduler, values, runner, state } = setUp([
      script({
        key: 'hot',
        policy: 'condition',
        condition: 'temp > 80',
        frequency: 'repeat',
        intervalSeconds: 5,
        code: "log('hot')",
      }),
    ]);
    runner.start();
    values.set('temp', 85);
    runner.afterUpdate();
    for (const _interval of [1, 2]) {
      await runner.idle();
      scheduler.advance(5000);
    }
    await runner.idle();
    expect(state('hot').runs).toBe(3);
    values.set('temp', 20);
    scheduler.advance(10_000);
    await runner.idle();
    expect(state('hot').runs).toBe(3);
    await runner.stop();
  });

  it('runs a data-change script after a cycle in which a watched variable changed', async () => {
    const { values, runner, state } = setUp([
      script({ key: 'watch', policy: 'data-change', watch: ['pump'], code: "log('pump is', read('pump'))" }),
    ]);
    runner.start();
    runner.afterUpdate();
    await runner.idle();
    expect(state('watch').runs).toBe(0);
    values.set('pump', 1);
    runner.afterUpdate();
    await runner.idle();
    expect(state('watch')).toMatchObject({ runs: 1, log: ['pump is 1'] });
    values.set('temp', 99);
    runner.afterUpdate();
    await runner.idle();
    expect(state('watch').runs).toBe(1);
    await runner.stop();
  });

  it('sends device writes in order through the write path and stops a sequence at the first refusal', async () => {
    const attempts: string[] = [];
    const { scheduler, runner, state } = setUp(
      [
        script({
          key: 'shutdown',
          policy: 'startup',
          code: "write('burner', 0); write('fan', 0); write('pump', 0); write('step', 3);",
        }),
      ],
      {
        values: { burner: 1, fan: 1, pump: 1 },
        write: (key) => {
          attempts.push(key);
          return Promise.resolve(key === 'fan' ? { ok: false, code: '1715' } : { ok: true });
        },
      },
    );
    runner.start();
    await runner.idle();
    expect(attempts).toEqual(['burner', 'fan']);
    expect(state('shutdown')).toMatchObject({
      runs: 1,
      failures: 1,
      lastOk: false,
      lastErrorCode: '2358',
      lastErrorParams: { key: 'fan', reason: '1715' },
      lastErrorAt: scheduler.now(),
    });
    await runner.stop();
  });

  it('raises an error in the script for an unknown variable and keeps it as the last error', async () => {
    const { scheduler, runner, state } = setUp([script({ code: "write('nothing', 1)" })]);
    runner.start();
    scheduler.advance(1000);
    await runner.idle();
    expect(state('counter')).toMatchObject({
      failures: 1,
      lastOk: false,
      lastErrorCode: '2355',
      lastErrorParams: { detail: 'Error: write: no variable nothing' },
    });
    await runner.stop();
  });
});

describe('scripts on the worker thread', () => {
  const overrunning = {
    loop: 'while (true) {}',
    arrays: 'const kept = []; for (;;) kept.push([1, 2, 3, kept.length]);',
    texts: "let text = 'x'; for (;;) text = text + text.slice(0, 64);",
  };

  for (const [name, code] of Object.entries(overrunning)) {
    it(`stops a script that overruns (${name}), pauses it after ${SCRIPT_OVERRUNS_TO_PAUSE} runs in a row, and the agent's thread never waits for it`, async () => {
      const { scheduler, runner, state, values } = setUp([
        script({ key: 'hog', intervalSeconds: 1, code }),
        script({ key: 'counter', intervalSeconds: 1 }),
      ]);
      runner.start();
      for (let second = 0; second < SCRIPT_OVERRUNS_TO_PAUSE + 2; second += 1) {
        // The run is asked for and the agent's thread goes on at once: it never waits for the worker.
        scheduler.advance(1000);
        expect(state('hog').runs).toBe(Math.min(second, SCRIPT_OVERRUNS_TO_PAUSE));
        await runner.idle();
      }
      expect(state('hog')).toMatchObject({
        runs: SCRIPT_OVERRUNS_TO_PAUSE,
        failures: SCRIPT_OVERRUNS_TO_PAUSE,
        lastOk: false,
      });
      expect(['2356', '2357']).toContain(state('hog').lastErrorCode);
      expect(state('hog').pausedAt).toBeTypeOf('number');
      // The other script of the configuration kept running on every interval.
      expect(state('counter')).toMatchObject({ runs: SCRIPT_OVERRUNS_TO_PAUSE + 2, failures: 0 });
      expect(values.get('hours')).toBe(SCRIPT_OVERRUNS_TO_PAUSE + 2);
      await runner.stop();
    }, 60_000);
  }

  it('reports a syntax error found by the worker without running the script', async () => {
    const { scheduler, runner, state } = setUp([script({ key: 'broken', code: 'let = ;' })]);
    runner.start();
    scheduler.advance(1000);
    await runner.idle();
    await expect.poll(() => state('broken').lastErrorCode).toBe('2354');
    await runner.stop();
  });
});
