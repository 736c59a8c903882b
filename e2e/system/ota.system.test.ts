/**
 * Upgrades end to end, the real platform and the real agent each its own process: the agent runs
 * under its launcher, as on a gateway. Application firmware is uploaded through the API and a task
 * is created on the product's tab paths. A corrupted file on the platform fails the check (2742)
 * and changes nothing; retried with the right bytes, the agent downloads, verifies, installs the
 * package beside itself and restarts into it, and the platform shows success from the version the
 * gateway reports. A version that cannot start is rolled back by the launcher and the step fails
 * with 2744, the gateway still on the good version. System firmware goes through the simulated
 * install hook.
 */
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { demoBoilerModelInput } from '@lyyp/contracts/device-model';
import type { FirmwareFile, FirmwareItem } from '@lyyp/contracts/firmware';
import { OTA_API_PATHS, type OtaStep, type OtaTaskDetail } from '@lyyp/contracts/ota';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentProcess } from './support/agent.ts';
import { brokenAgentPackage, tarGz, workingAgentPackage } from './support/agent-package.ts';
import { ADMIN, PlatformProcess } from './support/platform.ts';
import { PlatformApi } from './support/platform-api.ts';
import { eventually, stopAll } from './support/processes.ts';

const STEP_TIMEOUT_MS = 180_000;
/** Starting an agent process (tsx compiling on a loaded machine) and reaching the platform. */
const AGENT_START_MS = 90_000;

describe('upgrades between the platform and the agent as separate processes', () => {
  let platform: PlatformProcess;
  let api: PlatformApi;
  let agent: AgentProcess;
  let productId: string;
  let gatewaySn: string;

  async function saveFirmware(kind: 'application' | 'system', version: string, bytes: Buffer) {
    const file = await api.upload<FirmwareFile>('/system/firmware/upload', `agent-${version}.tgz`, bytes);
    const firmware = await api.post<FirmwareItem>('/system/firmware/add', {
      name: `Agent ${version}`,
      kind,
      version,
      ...(kind === 'application' ? { packageFileId: file.id } : { rootfsFileId: file.id }),
    });
    return { firmware, file };
  }

  const task = (id: string) => api.post<OtaTaskDetail>(OTA_API_PATHS.info, { id });
  /** Waits until the gateway's step of the task is in a final state, and answers it. */
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
  const gatewayFirmware = async () =>
    (await api.post<{ firmware: string | null; status: string }>('/gateway/info', { sn: gatewaySn }))
      .firmware;

  beforeAll(async () => {
    platform = await PlatformProcess.create();
    await platform.start(90_000);
    api = new PlatformApi(platform.baseUrl);
    await api.signIn(ADMIN.username, ADMIN.password);
    const product = await api.post<{ id: string }>('/product/advance/importProduct', {
      title: 'Boiler upgrade test',
      productModel: 'LY-BLR-2T',
      json: demoBoilerModelInput({ host: '192.0.2.10', pollIntervalMs: 1000 }),
    });
    productId = product.id;
    const [gateway] = await api.post<Array<{ sn: string; verificationCode: string; secret: string }>>(
      '/gateway/batchAdd',
      { count: 1 },
    );
    gatewaySn = gateway!.sn;
    await api.post('/equipment/add', {
      name: 'Boiler 1',
      sn: gateway!.sn,
      verificationCode: gateway!.verificationCode,
      productId,
    });
    agent = await AgentProcess.start({
      sn: gateway!.sn,
      secret: gateway!.secret,
      platformUrl: platform.mqttUrl,
      launcher: { platformHttpUrl: platform.baseUrl, trialSeconds: 60 },
    });
    await agent.process.waitForLine(/version 0\.1\.0 started/, AGENT_START_MS);
    await eventually(
      'the gateway to report version 0.1.0',
      async () => (await gatewayFirmware()) === '0.1.0',
      AGENT_START_MS,
    );
  }, 240_000);

  afterAll(async () => {
    await agent?.remove();
    await stopAll();
    await platform?.remove();
  });

  it(
    'refuses a corrupted download, then installs the package and restarts into it on retry',
    async () => {
      const bytes = workingAgentPackage('0.2.0');
      const { firmware, file } = await saveFirmware('application', '0.2.0', bytes);
      // The stored bytes are damaged (same size): the platform serves them with the recorded checksum.
      const stored = path.join(platform.dataDir, 'files', file.id);
      const damaged = Buffer.from(await readFile(stored));
      damaged[damaged.length - 20] = damaged[damaged.length - 20]! ^ 0xff;
      await writeFile(stored, damaged);

      const created = await api.post<OtaTaskDetail>(OTA_API_PATHS.add, {
        productId,
        firmwareId: firmware.id,
        target: 'all',
      });
      const failed = await finalStep(created.id);
      expect(failed).toMatchObject({ state: 'failed', code: '2742', currentVersion: '0.1.0' });
      expect(await gatewayFirmware()).toBe('0.1.0');

      await writeFile(stored, bytes);
      const linesBefore = agent.process.lines.length;
      const retried = await api.post<OtaTaskDetail>(OTA_API_PATHS.retry, { id: created.id });
      expect(retried.steps[0]).toMatchObject({ attempt: 2 });
      await agent.process.waitForLine(
        /launcher: starting agent version 0\.2\.0 \(trial\)/,
        STEP_TIMEOUT_MS,
        linesBefore,
      );
      await agent.process.waitForLine(/launcher: version 0\.2\.0 kept/, STEP_TIMEOUT_MS, linesBefore);
      const succeeded = await finalStep(created.id);
      expect(succeeded).toMatchObject({ state: 'succeeded', currentVersion: '0.2.0', fromVersion: '0.1.0' });
      expect(await gatewayFirmware()).toBe('0.2.0');
      expect((await task(created.id)).state).toBe('finished');
    },
    STEP_TIMEOUT_MS * 2,
  );

  it(
    'goes back to the running version when the new one does not start',
    async () => {
      const { firmware } = await saveFirmware('application', '0.3.0', brokenAgentPackage('0.3.0'));
      const linesBefore = agent.process.lines.length;
      const created = await api.post<OtaTaskDetail>(OTA_API_PATHS.add, {
        productId,
        firmwareId: firmware.id,
        target: 'version',
        fromVersion: '0.2.0',
      });
      await agent.process.waitForLine(
        /launcher: version 0\.3\.0 failed .*going back to 0\.2\.0/,
        STEP_TIMEOUT_MS,
        linesBefore,
      );
      const failed = await finalStep(created.id);
      expect(failed).toMatchObject({ state: 'failed', code: '2744', params: { version: '0.2.0' } });
      expect(await gatewayFirmware()).toBe('0.2.0');
      expect(agent.process.alive).toBe(true);
    },
    STEP_TIMEOUT_MS,
  );

  it(
    'hands system firmware to the (simulated) install hook and reports the new system version',
    async () => {
      const { firmware } = await saveFirmware('system', 'os-2.1', tarGz({ 'rootfs.img': 'image bytes' }));
      const created = await api.post<OtaTaskDetail>(OTA_API_PATHS.add, {
        productId,
        firmwareId: firmware.id,
        target: 'list',
        sns: [gatewaySn],
      });
      expect(await finalStep(created.id)).toMatchObject({ state: 'succeeded' });
      // The gateway's next status carries the system version it runs now.
      await eventually(
        'the gateway to report system firmware os-2.1',
        async () => (await task(created.id)).steps[0]?.currentVersion === 'os-2.1',
      );
    },
    STEP_TIMEOUT_MS,
  );
});
