import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { CommandPayload } from '@lyyp/contracts/protocol';
import { commands, deviceAccess } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { COMMAND_DEADLINE_MS } from './command.service.ts';

interface Reply {
  online: boolean;
  uuid: string | null;
  status: string | null;
  code: string | null;
  data: { value: unknown } | null;
}

describe.each(databaseVariants())('device commands on $name', (variant) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
  });
  afterAll(async () => server.close());
  const url = () => `mqtt://127.0.0.1:${server.runtime.address().port}`;

  async function onlineDevice() {
    const bound = await buildBoundDevice(server.database.db);
    const link = await TestGateway.connect(url(), bound.gateway.sn, bound.gateway.secret);
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(
      async () => (await server.runtime.runtime.gatewayState(bound.gateway.sn))?.status === 'online',
    );
    const owner = new TestClient(server);
    expect((await owner.login(bound.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
    return { ...bound, link, owner };
  }

  it('sends a write to the gateway, settles it by the reply, and audits who wrote what', async () => {
    const { device, link, owner } = await onlineDevice();
    const issued = await owner.call('POST', '/equipment/command/write', {
      equipmentId: device.id,
      key: 'temperatureSetpoint',
      value: '65',
    });
    expect(issued.code).toBe('200');
    const reply = issued.data as Reply;
    expect(reply).toMatchObject({ online: true, status: 'pending' });
    const command = await link.waitFor<CommandPayload>('cmd', (payload) => payload.uuid === reply.uuid);
    expect(command).toMatchObject({ op: 'write', key: 'temperatureSetpoint', value: 65 });

    const pending = await owner.call('POST', '/bluetooth/equipment/multi/callback', { uuid: reply.uuid! });
    expect((pending.data as Reply).status).toBe('pending');
    await link.send('reply', {
      uuid: reply.uuid,
      status: 'success',
      code: '200',
      data: { value: 65, previous: 60 },
    });
    const done = await eventually(async () => {
      const answer = (await owner.call('POST', '/bluetooth/equipment/multi/callback', { uuid: reply.uuid! }))
        .data as Reply;
      return answer.status === 'success' ? answer : undefined;
    });
    expect(done.data).toEqual({ value: 65 });
    // A late or repeated reply cannot change a settled command.
    await link.send('reply', { uuid: reply.uuid, status: 'failure', code: '1711' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const [row] = await server.database.db.select().from(commands).where(eq(commands.uuid, reply.uuid!));
    const me = (await owner.call('GET', '/account/info')).data as { id: string };
    expect(row).toMatchObject({
      status: 'success',
      op: 'write',
      key: 'temperatureSetpoint',
      value: 65,
      result: 65,
      createdBy: me.id,
    });
    await link.close();
  });

  it('rejects a failure with the gateway code, which the client maps to the catalogue text', async () => {
    const { device, link, owner } = await onlineDevice();
    const reply = (
      await owner.call('POST', '/equipment/command/write', {
        equipmentId: device.id,
        key: 'temperatureSetpoint',
        value: '70',
      })
    ).data as Reply;
    await link.waitFor<CommandPayload>('cmd', (payload) => payload.uuid === reply.uuid);
    await link.send('reply', { uuid: reply.uuid, status: 'failure', code: '1711' });
    const failed = await eventually(async () => {
      const answer = (await owner.call('POST', '/bluetooth/equipment/multi/callback', { uuid: reply.uuid! }))
        .data as Reply;
      return answer.status === 'failure' ? answer : undefined;
    });
    expect(failed.code).toBe('1711');
    await link.close();
  });

  it('refuses writes to read-only variables, beyond the limits, or empty, before anything is sent', async () => {
    const { device, link, owner } = await onlineDevice();
    expect(
      (
        await owner.call('POST', '/equipment/command/write', {
          equipmentId: device.id,
          key: 'waterTemperature',
          value: '50',
        })
      ).code,
    ).toBe('2004');
    const beyond = await owner.call('POST', '/equipment/command/write', {
      equipmentId: device.id,
      key: 'temperatureSetpoint',
      value: '120',
    });
    expect(beyond).toMatchObject({ code: '2003', message: 'Write value out of range' });
    expect(
      (
        await owner.call('POST', '/equipment/command/write', {
          equipmentId: device.id,
          key: 'temperatureSetpoint',
          value: ' ',
        })
      ).code,
    ).toBe('1403');
    expect(
      (
        await owner.call('POST', '/equipment/command/write', {
          equipmentId: device.id,
          key: 'noSuchKey',
          value: '1',
        })
      ).code,
    ).toBe('1714');
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(link.received.filter((message) => message.topic.endsWith('/cmd'))).toHaveLength(0);
    await link.close();
  });

  it('answers at once with online false for an offline gateway', async () => {
    const { device, gateway, owner: account } = await buildBoundDevice(server.database.db);
    const owner = new TestClient(server);
    await owner.login(account.username!, FACTORY_PASSWORD);
    const answer = (
      await owner.call('POST', '/equipment/command/write', {
        equipmentId: device.id,
        key: 'temperatureSetpoint',
        value: '60',
      })
    ).data as Reply;
    expect(answer).toMatchObject({ online: false, status: 'failure', code: '1501' });
    expect((await server.runtime.runtime.gatewayState(gateway.sn))?.status).toBe('offline');
  });

  it('settles an unanswered command as a timeout after its deadline, once', async () => {
    const { device, link, owner } = await onlineDevice();
    const reply = (
      await owner.call('POST', '/equipment/command/read', { equipmentId: device.id, key: 'waterTemperature' })
    ).data as Reply;
    await link.waitFor<CommandPayload>('cmd', (payload) => payload.uuid === reply.uuid);
    server.clock.advance(COMMAND_DEADLINE_MS + 1000);
    const late = (await owner.call('POST', '/bluetooth/equipment/multi/callback', { uuid: reply.uuid! }))
      .data as Reply;
    expect(late).toMatchObject({ status: 'failure', code: '99902' });
    await link.send('reply', { uuid: reply.uuid, status: 'success', code: '200', data: { value: 70 } });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      ((await owner.call('POST', '/bluetooth/equipment/multi/callback', { uuid: reply.uuid! })).data as Reply)
        .status,
    ).toBe('failure');
    await link.close();
  });

  it("treats another tenant's device and command as missing, and needs write permission on shared devices", async () => {
    const { device, link, owner } = await onlineDevice();
    const stranger = await buildAccount(server.database.db, 'terminal');
    const other = new TestClient(server);
    await other.login(stranger.username!, FACTORY_PASSWORD);
    expect(
      (
        await other.call('POST', '/equipment/command/write', {
          equipmentId: device.id,
          key: 'temperatureSetpoint',
          value: '60',
        })
      ).code,
    ).toBe('1003');
    expect(
      (
        await other.call('POST', '/equipment/command/write', {
          equipmentId: 'no-such-device',
          key: 'temperatureSetpoint',
          value: '60',
        })
      ).code,
    ).toBe('1003');
    const mine = (
      await owner.call('POST', '/equipment/command/read', { equipmentId: device.id, key: 'waterTemperature' })
    ).data as Reply;
    expect((await other.call('POST', '/bluetooth/equipment/multi/callback', { uuid: mine.uuid! })).code).toBe(
      '1003',
    );

    await server.database.db
      .insert(deviceAccess)
      .values({ deviceId: device.id, accountId: stranger.id, kind: 'shared', canWrite: false });
    expect(
      (
        await other.call('POST', '/equipment/command/read', {
          equipmentId: device.id,
          key: 'waterTemperature',
        })
      ).code,
    ).toBe('200');
    expect(
      (
        await other.call('POST', '/equipment/command/write', {
          equipmentId: device.id,
          key: 'temperatureSetpoint',
          value: '60',
        })
      ).code,
    ).toBe('1202');
    await link.close();
  });
});

describe('device variables for those who see the device', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(databaseVariants()[0]!);
  });
  afterAll(async () => server.close());

  it('lists the model of a visible device to its end user and answers others as missing', async () => {
    const { device, owner } = await buildBoundDevice(server.database.db);
    const client = new TestClient(server);
    await client.login(owner.username!, FACTORY_PASSWORD);
    const answer = (await client.call('POST', '/equipment/variables', { id: device.id })).data as {
      list: Array<{ key: string; unit: string }>;
    };
    expect(answer.list.find((variable) => variable.key === 'waterTemperature')?.unit).toBe('℃');
    const stranger = await buildAccount(server.database.db, 'terminal');
    const other = new TestClient(server);
    await other.login(stranger.username!, FACTORY_PASSWORD);
    expect((await other.call('POST', '/equipment/variables', { id: device.id })).code).toBe('1003');
  });
});
