import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staleAfterFor, type CurrentValuesAnswer } from '@lyyp/contracts/live';
import type { AckPayload } from '@lyyp/contracts/protocol';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

describe.each(databaseVariants())('current values over HTTP on $name', (variant) => {
  let server: TestServer;
  let bound: Awaited<ReturnType<typeof buildBoundDevice>>;
  let link: TestGateway;
  let owner: TestClient;
  let measuredAt: number;

  const signedIn = async (username: string) => {
    const client = new TestClient(server);
    expect((await client.login(username, FACTORY_PASSWORD)).code).toBe('200');
    return client;
  };
  const valuesOf = (client: TestClient, body: Record<string, string>) =>
    client.call('POST', '/equipment/values', body);

  beforeAll(async () => {
    server = await startTestServer(variant);
    await server.runtime.start();
    bound = await buildBoundDevice(server.database.db);
    link = await TestGateway.connect(
      `mqtt://127.0.0.1:${server.runtime.address().port}`,
      bound.gateway.sn,
      bound.gateway.secret,
    );
    await link.send('status', { status: 'online', ts: Date.now() });
    await eventually(
      async () => (await server.runtime.runtime.gatewayState(bound.gateway.sn))?.status === 'online',
    );
    measuredAt = Date.now() - 1000;
    await link.send('data', {
      seq: 1,
      points: [
        { k: 'waterTemperature', t: measuredAt, v: 71.5 },
        { k: 'running', t: measuredAt, v: 1 },
      ],
    });
    await link.waitFor<AckPayload>('ack', (ack) => ack.seq === 1);
    owner = await signedIn(bound.owner.username!);
  });
  afterAll(async () => {
    await link?.close();
    await server.close();
  });

  it("answers every variable's latest value, time and staleness, as the live snapshot does", async () => {
    const answer = await valuesOf(owner, { equipmentId: bound.device.id });
    expect(answer.code).toBe('200');
    const data = answer.data as CurrentValuesAnswer;
    expect(data).toMatchObject({
      deviceId: bound.device.id,
      gateway: { sn: bound.gateway.sn, status: 'online' },
    });
    expect(data.values.map((item) => item.key)).toEqual(
      bound.product.model.variables.map((item) => item.key),
    );
    const byKey = new Map(data.values.map((item) => [item.key, item]));
    const pollMs = bound.product.model.drivers[0]!.pollIntervalMs;
    expect(byKey.get('waterTemperature')).toEqual({
      key: 'waterTemperature',
      value: 71.5,
      error: null,
      ts: measuredAt,
      receivedAt: expect.any(Number) as number,
      staleAfterMs: staleAfterFor(pollMs),
      stale: false,
    });
    expect(byKey.get('running')).toMatchObject({ value: true, stale: false });
    // Never received: present, empty and stale. On-demand variables never go stale by age.
    expect(byKey.get('steamPressure')).toMatchObject({
      value: null,
      ts: null,
      receivedAt: null,
      stale: true,
    });
    expect(byKey.get('serialNumber')).toMatchObject({ staleAfterMs: null });
  });

  it('answers only the keys asked for, as an array or comma-separated, and 1714 for an unknown key', async () => {
    const listed = (
      await valuesOf(owner, { equipmentId: bound.device.id, keys: 'running, waterTemperature' })
    ).data as CurrentValuesAnswer;
    expect(listed.values.map((item) => item.key)).toEqual(['running', 'waterTemperature']);
    const indexed = (await valuesOf(owner, { equipmentId: bound.device.id, 'keys[0]': 'waterTemperature' }))
      .data as CurrentValuesAnswer;
    expect(indexed.values.map((item) => item.key)).toEqual(['waterTemperature']);
    expect(await valuesOf(owner, { equipmentId: bound.device.id, keys: 'noSuchKey' })).toMatchObject({
      status: 404,
      code: '1714',
      message: 'Variable does not exist',
    });
    expect(await valuesOf(owner, { keys: 'running' })).toMatchObject({
      code: '1001',
      message: 'Missing parameter: equipmentId',
    });
  });

  it('marks a value stale once it was not refreshed in time', async () => {
    server.clock.advance(10 * 60_000);
    try {
      const data = (await valuesOf(owner, { equipmentId: bound.device.id, keys: 'waterTemperature' }))
        .data as CurrentValuesAnswer;
      expect(data.values[0]).toMatchObject({ value: 71.5, stale: true });
    } finally {
      server.clock.advance(-10 * 60_000);
    }
  });

  it("answers another tenant's device exactly like a missing one, and nothing without a session", async () => {
    const stranger = await signedIn((await buildAccount(server.database.db, 'terminal')).username!);
    const foreign = await valuesOf(stranger, { equipmentId: bound.device.id });
    expect(foreign).toMatchObject({ status: 404, code: '1003' });
    expect(foreign).toEqual(await valuesOf(stranger, { equipmentId: 'no-such-device' }));
    expect(await valuesOf(new TestClient(server), { equipmentId: bound.device.id })).toMatchObject({
      code: '1010',
    });
    // The developer of the product sees the device read-only, on the live channel and here alike.
    const developer = await signedIn(bound.developer.username!);
    expect((await valuesOf(developer, { equipmentId: bound.device.id })).code).toBe('200');
  });

  it('is in the OpenAPI document with its fields described', async () => {
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, { post?: { summary?: string; requestBody?: unknown; responses?: unknown } }>;
    }>();
    const path = document.paths['/lyyp/developer/equipment/values']?.post;
    expect(path?.summary).toContain('current values');
    const text = JSON.stringify(path);
    expect(text).toContain('Variable keys to answer');
    expect(text).toContain('Show as stale now');
  });
});
