/**
 * What upgrade screens say stays true, with the real platform and the real agent under its
 * launcher: application firmware is refused at upload unless it is an agent package of the version
 * it is saved as; a task whose step failed stays failed after another task brought the gateway to
 * that version (that success is the other task's).
 *
 * Waits are for conditions (log lines, reported states), never for time.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import type { FirmwareFile, FirmwareItem } from '@lyyp/contracts/firmware';
import { OTA_API_PATHS, type OtaStep, type OtaTaskDetail } from '@lyyp/contracts/ota';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentProcess } from './support/agent.ts';
import { tarGz, workingAgentPackage } from './support/agent-package.ts';
import { AGENT_START_MS, Fleet } from './support/fleet.ts';
import { eventually, stopAll } from './support/processes.ts';

const STEP_TIMEOUT_MS = 180_000;

describe('upgrade outcomes with the real agent under its launcher', () => {
  let fleet: Fleet;
  let agent: AgentProcess;
  let productId: string;
  let gatewaySn: string;

  const upload = (name: string, bytes: Buffer) =>
    fleet.api.upload<FirmwareFile>('/system/firmware/upload', name, bytes);
  const saveApplication = (version: string, file: FirmwareFile) =>
    fleet.api.post<FirmwareItem>('/system/firmware/add', {
      name: `Agent ${version}`,
      kind: 'application',
      version,
      packageFileId: file.id,
    });
  const task = (id: string) => fleet.api.post<OtaTaskDetail>(OTA_API_PATHS.info, { id });
  async function finalStep(id: string): Promise<OtaStep> {
    return eventually(
      `task ${id} to end\n${agent.process.tail()}`,
      async () => {
        const step = (await task(id)).steps[0];
        return step && ['succeeded', 'failed', 'cancelled'].includes(step.state) ? step : null;
      },
      STEP_TIMEOUT_MS - 10_000,
      500,
    );
  }

  beforeAll(async () => {
    fleet = await Fleet.start();
    const boiler = await fleet.deviceWithAgent({
      title: 'Boiler, upgrades',
      productModel: 'LY-BLR-OTA',
      model: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 1000 }),
      deviceName: 'Boiler 1',
      agent: { launcher: { platformHttpUrl: fleet.platform.baseUrl, trialSeconds: 60 } },
    });
    ({ productId, agent } = boiler);
    gatewaySn = boiler.gateway.sn;
    await eventually(
      'the gateway to report version 0.1.0',
      async () => (await fleet.gatewayInfo(gatewaySn)).firmware === '0.1.0',
      AGENT_START_MS,
    );
  }, 240_000);

  afterAll(async () => {
    await agent?.remove();
    await stopAll();
    await fleet?.platform.remove();
  });

  it('refuses application firmware that is not an agent package of the declared version', async () => {
    const notAPackage = await upload('agent.tgz', Buffer.from('these bytes are not an agent package'));
    await expect(saveApplication('0.9.0', notAPackage)).rejects.toMatchObject({ code: '2506' });
    const archiveWithoutAgent = await upload('image.tgz', tarGz({ 'rootfs.img': 'image bytes' }));
    await expect(saveApplication('0.9.0', archiveWithoutAgent)).rejects.toMatchObject({ code: '2506' });
    const otherVersion = await upload('agent-0.9.1.tgz', workingAgentPackage('0.9.1'));
    await expect(saveApplication('0.9.0', otherVersion)).rejects.toMatchObject({ code: '2507' });
    // Refused saves leave nothing behind: the version is still free for the right package.
    const right = await upload('agent-0.9.0.tgz', workingAgentPackage('0.9.0'));
    expect(await saveApplication('0.9.0', right)).toMatchObject({ version: '0.9.0', kind: 'application' });
  });

  it(
    'keeps a failed step failed after another task brought the gateway to that version',
    async () => {
      const bytes = workingAgentPackage('0.2.0');
      const file = await upload('agent-0.2.0.tgz', bytes);
      const firmware = await saveApplication('0.2.0', file);
      // The stored bytes are damaged (same size): the agent's check refuses them.
      const stored = path.join(fleet.platform.dataDir, 'files', file.id);
      const damaged = Buffer.from(await readFile(stored));
      damaged[damaged.length - 20] = damaged[damaged.length - 20]! ^ 0xff;
      await writeFile(stored, damaged);
      const first = await fleet.api.post<OtaTaskDetail>(OTA_API_PATHS.add, {
        productId,
        firmwareId: firmware.id,
        target: 'all',
      });
      expect(await finalStep(first.id)).toMatchObject({ state: 'failed', code: '2742' });

      // Another task, the bytes repaired: the gateway upgrades.
      await writeFile(stored, bytes);
      const from = agent.process.lines.length;
      const second = await fleet.api.post<OtaTaskDetail>(OTA_API_PATHS.add, {
        productId,
        firmwareId: firmware.id,
        target: 'list',
        sns: [gatewaySn],
      });
      await agent.process.waitForLine(/launcher: version 0\.2\.0 kept/, STEP_TIMEOUT_MS, from);
      expect(await finalStep(second.id)).toMatchObject({ state: 'succeeded', currentVersion: '0.2.0' });
      await eventually(
        'the gateway to report version 0.2.0',
        async () => (await fleet.gatewayInfo(gatewaySn)).firmware === '0.2.0',
      );

      // The first task's failure stands: the success is the second task's.
      const failed = await task(first.id);
      expect(failed.steps[0]).toMatchObject({ state: 'failed', code: '2742', currentVersion: '0.2.0' });
      expect(failed.state).toBe('finished');
      expect(failed.counts).toMatchObject({ total: 1, succeeded: 0, failed: 1 });
    },
    STEP_TIMEOUT_MS * 2,
  );
});
