/**
 * Script overhead on the edge agent: the demo boiler polled every 100 ms from its simulator, with
 * computed variables, first without scripts, then with 100 scripts running every second (each
 * reads three values, does some arithmetic and sets an internal variable). Figures: how late poll
 * cycles start (p99 and worst, against the 100 ms schedule) in both runs, the time scripts take
 * per second, and the p99 of one run. The poll cycle is on time when the lateness with scripts
 * stays within a few ms of the lateness without.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { demoBoilerModel, type DeviceModel, type ScriptInput } from '@lyyp/contracts/device-model';
import { configPayloadSchema, type ConfigPayload } from '@lyyp/contracts/protocol';
import { EdgeLogic } from '../src/agent/edge-logic.ts';
import { silentLogger } from '../src/agent/logger.ts';
import { sharedFormulaEngine } from '../src/core/shared-formula-engine.ts';
import { createModbusAgent } from '../src/modbus/modbus-agent.ts';
import { systemScheduler } from '../src/modbus/system-scheduler.ts';
import type { ScriptState } from '@lyyp/contracts/protocol';
import { startModbusSimulator } from '../src/simulator/modbus-simulator.ts';

const POLL_MS = 100;
const SCRIPTS = Number(process.env.BENCH_SCRIPTS ?? 100);
const RUN_MS = Number(process.env.BENCH_SCRIPT_RUN_MS ?? 10_000);

interface Figure {
  scenario: string;
  metric: string;
  value: number;
  unit: string;
  config: Record<string, unknown>;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.max(0, Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1))]!;
}

function modelWith(scripts: number, port: number): ConfigPayload {
  const demo = demoBoilerModel({ port, pollIntervalMs: POLL_MS, timeoutMs: 5000 });
  const counters = Array.from({ length: scripts }, (_, index) => ({
    key: `counter${index}`,
    name: `counter${index}`,
    kind: 'internal' as const,
    dataType: 'double' as const,
    decimals: 2,
  }));
  const bodies: ScriptInput[] = counters.map((counter, index) => ({
    key: `script${index}`,
    name: `script${index}`,
    policy: 'periodic',
    intervalSeconds: 1,
    code: [
      "const rise = read('waterTemperature') - read('returnTemperature');",
      "const load = read('heatOutput') / 10;",
      `write('${counter.key}', (read('${counter.key}') || 0) + rise * 0.01 + load * 0.001);`,
    ].join('\n'),
  }));
  const model: DeviceModel = configPayloadSchema.parse({
    version: 1,
    model: { ...demo, variables: [...demo.variables, ...counters], scripts: bodies },
  }).model;
  return { version: 1, model };
}

async function measure(scripts: number): Promise<{ lateness: number[]; states: ScriptState[] }> {
  const simulator = await startModbusSimulator({ animate: true });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'lyyp-script-bench-'));
  const config = modelWith(scripts, simulator.port);
  const starts: number[] = [];
  const edge = new EdgeLogic({
    keptFile: path.join(dataDir, 'kept-values.json'),
    scheduler: systemScheduler,
    logger: silentLogger,
    writeDevice: () => Promise.resolve({ ok: true }),
    onSamples: () => undefined,
    publishReport: () => true,
  });
  await edge.apply(config);
  const agent = createModbusAgent({
    model: config.model,
    formulas: sharedFormulaEngine,
    onReport: (report) => {
      starts.push(report.at);
      edge.afterCycle(report.readings, report.at);
    },
  });
  agent.start();
  await new Promise((resolve) => setTimeout(resolve, RUN_MS));
  await agent.stop();
  const states =
    (edge as unknown as { active: { runner: { states(): ScriptState[] } } | null }).active?.runner.states() ??
    [];
  await edge.stop();
  await simulator.stop();
  await rm(dataDir, { recursive: true, force: true });
  // Skip the first cycles (connection, warm-up); a cycle should start POLL_MS after the one before.
  const lateness = starts.slice(5).map((at, index) => Math.max(0, at - starts[index + 4]! - POLL_MS));
  return { lateness: lateness.sort((a, b) => a - b), states };
}

export async function benchScripts(record: (figure: Figure) => void): Promise<void> {
  const config = { scripts: SCRIPTS, intervalSeconds: 1, pollIntervalMs: POLL_MS, runMs: RUN_MS };
  const scenario = 'edge scripts';
  const without = await measure(0);
  const withScripts = await measure(SCRIPTS);
  record({
    scenario,
    metric: 'poll lateness p95, no scripts',
    value: percentile(without.lateness, 0.95),
    unit: 'ms',
    config,
  });
  record({
    scenario,
    metric: 'poll lateness p95, with scripts',
    value: percentile(withScripts.lateness, 0.95),
    unit: 'ms',
    config,
  });
  record({
    scenario,
    metric: 'poll lateness p99, no scripts',
    value: percentile(without.lateness, 0.99),
    unit: 'ms',
    config,
  });
  record({
    scenario,
    metric: 'poll lateness p99, with scripts',
    value: percentile(withScripts.lateness, 0.99),
    unit: 'ms',
    config,
  });
  record({
    scenario,
    metric: 'poll lateness max, with scripts',
    value: withScripts.lateness.at(-1) ?? Number.NaN,
    unit: 'ms',
    config,
  });
  const runs = withScripts.states.reduce((sum, state) => sum + state.runs, 0);
  const failures = withScripts.states.reduce((sum, state) => sum + state.failures, 0);
  const durations = withScripts.states.flatMap((state) =>
    state.lastDurationMs === null ? [] : [state.lastDurationMs],
  );
  const perRun = durations.reduce((sum, value) => sum + value, 0) / Math.max(1, durations.length);
  record({
    scenario,
    metric: 'script runs per second',
    value: runs / (RUN_MS / 1000),
    unit: 'runs/s',
    config,
  });
  record({ scenario, metric: 'failed runs', value: failures, unit: 'runs', config });
  const codes = [
    ...new Set(withScripts.states.flatMap((state) => (state.lastErrorCode ? [state.lastErrorCode] : []))),
  ];
  if (codes.length > 0) console.log(`# script failures: ${codes.join(', ')}`);
  record({
    scenario,
    metric: 'script time per second',
    value: (perRun * runs) / (RUN_MS / 1000),
    unit: 'ms/s',
    config,
  });
  record({
    scenario,
    metric: 'one run p99 (last runs)',
    value: percentile(
      [...durations].sort((a, b) => a - b),
      0.99,
    ),
    unit: 'ms',
    config,
  });
}
