/**
 * The agent under its launcher, as on a gateway, when the launcher itself is killed: the agent stops
 * with it instead of running on unsupervised, so a launcher started again starts its agent on the
 * same data directory (which one agent holds at a time).
 */
import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { isRunning } from '../../apps/gateway/src/agent/data-dir-lock.ts';
import { AgentProcess } from './support/agent.ts';
import { eventually, findFreePort, stopAll } from './support/processes.ts';

/** Starting an agent process (tsx compiling on a loaded machine). */
const AGENT_START_MS = 90_000;

/** The processes the launcher started (Linux). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

describe('the agent under its launcher', () => {
  const agents: AgentProcess[] = [];

  afterAll(async () => {
    for (const agent of agents) await agent.remove();
    await stopAll();
  });

  it('stops when its launcher is killed, and a new launcher starts it again on the same data', async () => {
    // No platform: the agent keeps trying to reach it, buffering what its simulated devices produce.
    const nowhere = await findFreePort();
    const options = {
      sn: '860000000077',
      secret: 'launcher-test-secret',
      platformUrl: `mqtt://127.0.0.1:${nowhere}`,
      launcher: { platformHttpUrl: `http://127.0.0.1:${nowhere}`, trialSeconds: 60 },
    };
    const first = await AgentProcess.start(options);
    agents.push(first);
    await first.process.waitForLine(/version 0\.1\.0 started/, AGENT_START_MS);
    const launcherPid = first.process.pid!;
    const [agentPid] = await childrenOf(launcherPid);
    expect(agentPid).toBeGreaterThan(0);

    process.kill(launcherPid, 'SIGKILL');
    await eventually('the agent to stop after its launcher', () => !isRunning(agentPid!), 30_000);

    const second = await AgentProcess.start({ ...options, dataDir: first.dataDir });
    agents.push(second);
    await second.process.waitForLine(/version 0\.1\.0 started/, AGENT_START_MS);
    expect(second.process.tail()).not.toMatch(/in use/);
  }, 240_000);
});
