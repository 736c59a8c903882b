/**
 * A gateway's remote settings that take effect at its next start (working mode, MQTT server), with
 * the real platform and the real agent under its launcher, as a gateway runs it:
 *
 * - "Restart gateway" restarts the agent's process: the launcher starts it again, it connects to
 *   the new MQTT server and runs the new working mode, and the settings panel's "restart required"
 *   goes away because the agent's status says so.
 * - A mistyped MQTT server address: the agent tries it a bounded number of times (every attempt is
 *   counted at that address), goes back to the last address that worked, logs the address it uses
 *   and reports the failure, which the panel shows as 1517.
 *
 * Both addresses are relays on loopback: one passes on to the platform's broker (a second address
 * of the same server), the other closes every connection (nothing listens there as such).
 * Waits are for conditions (log lines, the panel's state), never for time.
 */
import { readFile } from 'node:fs/promises';
import {
  GATEWAY_OPS_API_PATHS,
  type GatewaySettings,
  type GatewaySettingsAnswer,
} from '@lyyp/contracts/gateway-ops';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './support/agent.ts';
import { AGENT_START_MS, Fleet } from './support/fleet.ts';
import { eventually, stopAll } from './support/processes.ts';
import { TcpRelay } from './support/tcp-relay.ts';

const STEP_TIMEOUT_MS = 120_000;
/** The agent's attempts at a new address before it goes back (`ATTEMPTS_BEFORE_FALLBACK`). */
const ATTEMPTS_BEFORE_FALLBACK = 3;

/** The processes a launcher started (Linux). */
async function childrenOf(pid: number): Promise<number[]> {
  const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
  return text.split(/\s+/).filter(Boolean).map(Number);
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

describe('gateway settings applied by a restart, with the real agent under its launcher', () => {
  let fleet: Fleet;
  let agent: AgentProcess;
  let deviceId: string;
  /** A second address of the platform's broker: the new MQTT server. */
  let secondAddress: TcpRelay;
  /** A mistyped address: every connection there is closed at once. */
  let mistyped: TcpRelay;

  beforeAll(async () => {
    fleet = await Fleet.start();
    secondAddress = await TcpRelay.start(fleet.platform.mqttPort);
    mistyped = await TcpRelay.start(null);
    ({ deviceId, agent } = await fleet.deviceWithAgent({
      title: 'Boiler, settings',
      productModel: 'LY-BLR-SET',
      model: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 1000 }),
      deviceName: 'Boiler with settings',
      agent: { launcher: { platformHttpUrl: fleet.platform.baseUrl, trialSeconds: 60 } },
    }));
  }, 180_000);

  afterAll(async () => {
    await agent?.remove();
    await stopAll();
    await secondAddress?.stop();
    await mistyped?.stop();
    await fleet?.platform.remove();
  });

  const panel = () =>
    fleet.api.post<GatewaySettingsAnswer>(GATEWAY_OPS_API_PATHS.settings, { equipmentId: deviceId });

  /** "Save and send", until the gateway answered. */
  async function saveSettings(change: (settings: GatewaySettings) => GatewaySettings) {
    const { settings } = await panel();
    const reply = await fleet.command(GATEWAY_OPS_API_PATHS.saveSettings, {
      equipmentId: deviceId,
      settings: change(settings),
    });
    expect(reply.status).toBe('success');
    return eventually('the panel to show the gateway’s answer', async () => {
      const answer = await panel();
      return answer.outcomes.length > 0 ? answer : null;
    });
  }

  /** "Restart gateway": the agent answers, then its launcher starts it again. */
  async function restart(): Promise<number> {
    const [before] = await childrenOf(agent.process.pid!);
    const from = agent.process.lines.length;
    const reply = await fleet.command(GATEWAY_OPS_API_PATHS.restart, { equipmentId: deviceId });
    expect(reply.status).toBe('success');
    await agent.process.waitForLine(
      /restarting on request: the launcher starts the agent again/,
      30_000,
      from,
    );
    await agent.process.waitForLine(/launcher: starting agent version 0\.1\.0$/, 30_000, from);
    const [after] = await eventually('the launcher to run a new agent process', async () => {
      const children = await childrenOf(agent.process.pid!);
      return children.length === 1 && children[0] !== before ? children : null;
    });
    expect(after).toBeGreaterThan(0);
    return from;
  }

  it(
    'runs a new working mode and MQTT server after a restart, and the panel no longer asks for one',
    async () => {
      const saved = await saveSettings((settings) => ({
        ...settings,
        mode: 'router',
        mqtt: { url: secondAddress.url, keepAliveSeconds: 30 },
      }));
      expect(saved.restartRequired.sort()).toEqual(['mode', 'mqtt']);
      // Not in force before the restart: the agent still uses the address it started with.
      expect(secondAddress.connections).toBe(0);

      const from = await restart();
      await agent.process.waitForLine(
        new RegExp(`platform address: ${escape(secondAddress.url)} \\(remote settings\\)`),
        AGENT_START_MS,
        from,
      );
      await agent.process.waitForLine(
        new RegExp(`connected to ${escape(secondAddress.url)}$`),
        AGENT_START_MS,
        from,
      );
      expect(secondAddress.connections).toBeGreaterThan(0);

      const applied = await eventually('the panel to show both settings in force', async () => {
        const answer = await panel();
        return answer.restartRequired.length === 0 ? answer : null;
      });
      expect(applied.state).toBe('complete');
      expect(applied.outcomes).toEqual(
        expect.arrayContaining([
          { key: 'mode', status: 'applied' },
          { key: 'mqtt', status: 'applied' },
        ]),
      );
      expect((await fleet.gatewayInfo(applied.sn)).status).toBe('online');
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'tries a mistyped MQTT server a bounded number of times, goes back to the last address that worked and reports 1517',
    async () => {
      const saved = await saveSettings((settings) => ({
        ...settings,
        mqtt: { url: mistyped.url, keepAliveSeconds: 30 },
      }));
      expect(saved.restartRequired).toEqual(['mqtt']);

      const from = await restart();
      await agent.process.waitForLine(
        new RegExp(
          `platform address: ${escape(secondAddress.url)} \\(the last that worked; ${escape(mistyped.url)} failed ${ATTEMPTS_BEFORE_FALLBACK} times\\)`,
        ),
        AGENT_START_MS,
        from,
      );
      await agent.process.waitForLine(
        new RegExp(`connected to ${escape(secondAddress.url)}$`),
        AGENT_START_MS,
        from,
      );

      const failed = await eventually('the panel to show the MQTT setting failed', async () => {
        const answer = await panel();
        return answer.outcomes.some(
          (outcome) => outcome.key === 'mqtt' && outcome.status !== 'restart-required',
        )
          ? answer
          : null;
      });
      expect(failed.outcomes).toContainEqual({ key: 'mqtt', status: 'failed', code: '1517' });
      expect(failed.restartRequired).toEqual([]);
      expect(failed.state).toBe('failed');
      // Bounded: the attempts before going back, and none since.
      expect(mistyped.connections).toBe(ATTEMPTS_BEFORE_FALLBACK);
      expect((await fleet.gatewayInfo(failed.sn)).status).toBe('online');
      // The agent says which address it runs on, not the one it was given.
      const connected = agent.process.lines.slice(from).filter((line) => /connected to /.test(line));
      expect(connected.every((line) => line.includes(secondAddress.url))).toBe(true);
    },
    STEP_TIMEOUT_MS,
  );
});
