/**
 * Upgrade tasks over the real routes and database: targets and their refusals, the §9 start rule,
 * staged rollout, progress reports, states derived from reported versions and silence, retry and
 * cancel, and what the platform sends gateways on `down/ota`.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  OTA_API_PATHS,
  OTA_STEP_SILENCE_MS,
  otaTaskDetailSchema,
  otaTaskPageSchema,
  type OtaTaskDetail,
} from '@lyyp/contracts/ota';
import { FIRMWARE_API_PATHS } from '@lyyp/contracts/firmware';
import {
  otaOrderSchema,
  upTopic,
  type OtaOrder,
  type OtaReport,
  type StatusPayload,
} from '@lyyp/contracts/protocol';
import { devices, firmware, firmwareFiles } from '../../db/schema/index.ts';
import { newId } from '../../lib/ids.ts';
import { buildGateway, buildProduct } from '../../test/factories.ts';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';

describe.each(databaseVariants())('upgrade tasks on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let developerAccount: AccountRow;
  let sent: Array<{ sn: string; order: OtaOrder }>;

  beforeAll(async () => {
    server = await startTestServer(variant);
    ({ client: developer, account: developerAccount } = await signIn(server, 'developer'));
    const transport = server.runtime.transport;
    const publish = transport.publish.bind(transport);
    vi.spyOn(transport, 'publish').mockImplementation(async (topic, payload, options) => {
      const match = /^gw\/(\d+)\/down\/ota$/.exec(topic);
      if (match) sent.push({ sn: match[1]!, order: otaOrderSchema.parse(JSON.parse(String(payload))) });
      return publish(topic, payload, options);
    });
  });
  afterAll(async () => closeTestServer(server));
  beforeEach(() => {
    sent = [];
  });

  const post = async (path: string, body: unknown, as: TestClient = developer) =>
    postJson(server, as, path, body);

  async function buildFirmware(version: string, kind: 'application' | 'system' = 'application') {
    const id = newId();
    await server.database.db.insert(firmware).values({ id, kind, name: `Agent ${version}`, version });
    const fileId = newId();
    await server.database.db.insert(firmwareFiles).values({
      id: fileId,
      firmwareId: id,
      part: kind === 'application' ? 'package' : 'rootfs',
      name: 'agent.tgz',
      size: 1234,
      sha256: randomBytes(32).toString('hex'),
      storageKey: fileId,
    });
    return { id, fileId };
  }

  /** A product of the developer with `count` gateways bound to devices of it. */
  async function buildFleet(count: number) {
    const product = await buildProduct(server.database.db, developerAccount.id);
    const sns: string[] = [];
    for (let index = 0; index < count; index++) {
      const gateway = await buildGateway(server.database.db);
      await server.database.db.insert(devices).values({
        id: newId(),
        name: `Boiler ${index + 1}`,
        gatewaySn: gateway.sn,
        productId: product.id,
        ownerAccountId: developerAccount.id,
      });
      sns.push(gateway.sn);
    }
    // Gateways are taken in SN order (the first batch is the first of them).
    return { product, sns: sns.sort() };
  }

  const status = (sn: string, payload: Partial<StatusPayload>) =>
    server.runtime.link.handle({
      topic: upTopic(sn, 'status'),
      payload: Buffer.from(JSON.stringify({ status: 'online', ts: server.clock.now(), ...payload })),
    });
  const report = (sn: string, payload: Omit<OtaReport, 'ts'>) =>
    server.runtime.link.handle({
      topic: upTopic(sn, 'ota'),
      payload: Buffer.from(JSON.stringify({ ts: server.clock.now(), ...payload })),
    });
  const detail = async (id: string): Promise<OtaTaskDetail> => {
    const answer = await post(OTA_API_PATHS.info, { id });
    expect(answer.code).toBe('200');
    return otaTaskDetailSchema.parse(answer.data);
  };
  const stateOf = (task: OtaTaskDetail, sn: string) => task.steps.find((step) => step.sn === sn);

  it('starts only online gateways above 65 % signal, stages the rollout and follows progress', async () => {
    const { product, sns } = await buildFleet(3);
    const [strong, weak, offline] = sns as [string, string, string];
    await status(strong, { signal: 80, firmware: '1.0.0' });
    await status(weak, { signal: 65, firmware: '1.0.0' });
    await status(offline, { status: 'offline', signal: 90, firmware: '1.0.0' });
    const target = await buildFirmware('2.0.0');

    const created = await post(OTA_API_PATHS.add, {
      productId: product.id,
      firmwareId: target.id,
      target: 'all',
      firstBatch: 1,
    });
    expect(created.code).toBe('200');
    const task = otaTaskDetailSchema.parse(created.data);
    expect(task.steps.map((step) => [step.sn, step.batch, step.state, step.fromVersion])).toEqual([
      [strong, 1, 'downloading', '1.0.0'],
      [weak, 2, 'waiting', '1.0.0'],
      [offline, 2, 'waiting', '1.0.0'],
    ]);
    // Only the qualifying gateway of the first batch was told, with the file to fetch and its checksum.
    expect(sent).toEqual([
      {
        sn: strong,
        order: expect.objectContaining({
          op: 'start',
          task: task.id,
          attempt: 1,
          kind: 'application',
          version: '2.0.0',
          files: [expect.objectContaining({ id: target.fileId, part: 'package', size: 1234 })],
        }) as OtaOrder,
      },
    ]);
    sent = [];

    await report(strong, { task: task.id, attempt: 1, state: 'downloading', percent: 40 });
    // A report of another attempt is stale.
    await report(strong, { task: task.id, attempt: 7, state: 'failed', code: '2742' });
    expect(stateOf(await detail(task.id), strong)).toMatchObject({ state: 'downloading', percent: 40 });

    // The weak gateway qualifies in batch 2 only once the first batch succeeded.
    await status(weak, { signal: 90, firmware: '1.0.0' });
    expect(stateOf(await detail(task.id), weak)?.state).toBe('waiting');
    // The new version in the gateway's status is success, whatever the row said.
    await report(strong, { task: task.id, attempt: 1, state: 'applying' });
    await status(strong, { signal: 80, firmware: '2.0.0' });
    let now = await detail(task.id);
    expect(stateOf(now, strong)).toMatchObject({ state: 'succeeded', currentVersion: '2.0.0' });
    expect(stateOf(now, weak)?.state).toBe('downloading');
    expect(stateOf(now, offline)?.state).toBe('waiting');
    expect(sent.map((entry) => entry.sn)).toEqual([weak]);

    // The offline one starts when it comes online with a strong signal.
    await status(offline, { signal: 70, firmware: '1.0.0' });
    expect(sent.map((entry) => entry.sn)).toEqual([weak, offline]);

    await report(weak, { task: task.id, attempt: 1, state: 'failed', code: '2742' });
    now = await detail(task.id);
    expect(stateOf(now, weak)).toMatchObject({ state: 'failed', code: '2742' });
    expect(now.state).toBe('running');
    // Upgraded later by other means (another task, by hand): this task's failure stands.
    await status(weak, { signal: 90, firmware: '2.0.0' });
    now = await detail(task.id);
    expect(stateOf(now, weak)).toMatchObject({ state: 'failed', code: '2742', currentVersion: '2.0.0' });

    // Silent too long: failed with 2745, derived on reading without waiting for a sweep.
    server.clock.advance(OTA_STEP_SILENCE_MS + 1000);
    now = await detail(task.id);
    expect(stateOf(now, offline)).toMatchObject({ state: 'failed', code: '2745', params: { minutes: 10 } });
    expect(now.state).toBe('finished');
    expect(now.counts).toMatchObject({ total: 3, succeeded: 1, failed: 2 });

    // Retry one: it starts again with the next attempt.
    sent = [];
    const retried = await post(OTA_API_PATHS.retry, { id: task.id, sn: offline });
    expect(retried.code).toBe('200');
    expect(stateOf(otaTaskDetailSchema.parse(retried.data), offline)).toMatchObject({
      state: 'downloading',
      attempt: 2,
    });
    expect(sent).toEqual([{ sn: offline, order: expect.objectContaining({ attempt: 2 }) as OtaOrder }]);
    // The listing counts by derived state.
    const page = otaTaskPageSchema.parse((await post(OTA_API_PATHS.list, { productId: product.id })).data);
    expect(page.list[0]).toMatchObject({ id: task.id, state: 'running', counts: { active: 1, failed: 1 } });

    // Cancelling tells the downloading gateway to stop; a cancelled task cannot be retried.
    sent = [];
    const cancelled = await post(OTA_API_PATHS.cancel, { id: task.id });
    expect(cancelled.code).toBe('200');
    const after = otaTaskDetailSchema.parse(cancelled.data);
    expect(after.state).toBe('cancelled');
    expect(stateOf(after, offline)?.state).toBe('cancelled');
    expect(stateOf(after, strong)?.state).toBe('succeeded');
    expect(sent).toEqual([{ sn: offline, order: { op: 'cancel', task: task.id, attempt: 2 } }]);
    expect(await post(OTA_API_PATHS.retry, { id: task.id })).toMatchObject({ status: 409, code: '2735' });
  });

  it('chooses gateways by list or by version, and refuses what cannot be upgraded', async () => {
    const { product, sns } = await buildFleet(3);
    const [first, second, third] = sns as [string, string, string];
    await status(first, { signal: 50, firmware: '1.0.0' });
    await status(second, { signal: 50, firmware: '1.1.0' });
    await status(third, { signal: 50, firmware: '1.1.0' });
    const target = await buildFirmware('3.0.0');
    const other = await buildFleet(1);

    const refusals = [
      [{ target: 'list' }, '2737'],
      [{ target: 'list', sns: [first, other.sns[0]] }, '2732'],
      [{ target: 'version' }, '2738'],
      [{ target: 'version', fromVersion: '0.9' }, '2731'],
      [{ target: 'all', firmwareId: 'missing' }, '2733'],
      [{ target: 'sideways' }, '1002'],
    ] as const;
    for (const [body, code] of refusals) {
      const answer = await post(OTA_API_PATHS.add, { productId: product.id, firmwareId: target.id, ...body });
      expect([body, answer.code]).toEqual([body, code]);
    }
    // A translated message, never a stack trace.
    const zh = await postJson(
      server,
      Object.assign(Object.create(developer) as TestClient, { language: 'zh-CN' }),
      OTA_API_PATHS.add,
      {
        productId: product.id,
        firmwareId: target.id,
        target: 'list',
        sns: [other.sns[0]],
      },
    );
    expect(zh.message).toBe(`网关不属于该产品：${other.sns[0]}`);

    const byVersion = await post(OTA_API_PATHS.add, {
      productId: product.id,
      firmwareId: target.id,
      target: 'version',
      fromVersion: '1.1.0',
    });
    expect(byVersion.code).toBe('200');
    expect(otaTaskDetailSchema.parse(byVersion.data).steps.map((step) => step.sn)).toEqual([second, third]);
    // Too weak to start: they wait.
    expect(sent).toEqual([]);
    // A gateway in a task that has not ended cannot be in another.
    const busy = await post(OTA_API_PATHS.add, {
      productId: product.id,
      firmwareId: target.id,
      target: 'list',
      sns: [first, third],
    });
    expect(busy).toMatchObject({ status: 409, code: '2734' });
    const listed = await post(OTA_API_PATHS.add, {
      productId: product.id,
      firmwareId: target.id,
      target: 'list',
      sns: [first],
    });
    expect(listed.code).toBe('200');

    // Firmware named by a task stays (2503).
    const { client: staff } = await signIn(server, 'super');
    const refused = await post(FIRMWARE_API_PATHS.delete, { id: target.id }, staff);
    expect(refused).toMatchObject({ status: 409, code: '2503' });

    // Another developer sees neither the product's tasks nor its gateways.
    const { client: stranger } = await signIn(server, 'developer');
    for (const [path, body] of [
      [OTA_API_PATHS.list, { productId: product.id }],
      [OTA_API_PATHS.gateways, { productId: product.id }],
      [OTA_API_PATHS.firmware, { productId: product.id }],
      [OTA_API_PATHS.info, { id: (byVersion.data as { id: string }).id }],
      [OTA_API_PATHS.cancel, { id: (byVersion.data as { id: string }).id }],
    ] as const) {
      expect(await post(path, body, stranger)).toMatchObject({ status: 404, code: '1003' });
    }
    const firmwareOptions = await post(OTA_API_PATHS.firmware, { productId: product.id });
    expect((firmwareOptions.data as { list: Array<{ id: string }> }).list.map((item) => item.id)).toContain(
      target.id,
    );
    const options = await post(OTA_API_PATHS.gateways, { productId: product.id });
    expect(options.data).toMatchObject({
      list: [
        { sn: first, qualifies: false, firmware: '1.0.0' },
        { sn: second, qualifies: false },
        { sn: third, qualifies: false },
      ],
    });
  });

  it('system firmware follows the system version the gateway reports', async () => {
    const { product, sns } = await buildFleet(1);
    const [sn] = sns as [string];
    await status(sn, { signal: 99, firmware: '1.0.0' });
    const target = await buildFirmware('os-5', 'system');
    const created = await post(OTA_API_PATHS.add, {
      productId: product.id,
      firmwareId: target.id,
      target: 'all',
    });
    const task = otaTaskDetailSchema.parse(created.data);
    expect(sent[0]?.order).toMatchObject({ op: 'start', kind: 'system', version: 'os-5' });
    // A restart of the platform loses nothing: the next status with the version settles it.
    await status(sn, { signal: 99, firmware: '1.0.0', systemFirmware: 'os-5' });
    expect(stateOf(await detail(task.id), sn)).toMatchObject({ state: 'succeeded', currentVersion: 'os-5' });
  });
});
