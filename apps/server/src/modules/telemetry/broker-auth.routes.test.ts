import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoundDevice } from '../../test/factories.ts';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

describe('HTTP authentication and authorisation for external brokers', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(databaseVariants()[0]!, {
      MQTT_URL: 'mqtt://platform:Pl%40tform-secret@127.0.0.1:1',
    });
  });
  afterAll(async () => server.close());

  const post = async (path: string, body: Record<string, string>) =>
    (await server.app.inject({ method: 'POST', url: `/lyyp/developer${path}`, payload: body })).json<{
      result: string;
      is_superuser?: boolean;
    }>();

  it('lets a gateway in with its SN and secret only', async () => {
    const { gateway } = await buildBoundDevice(server.database.db);
    expect(
      await post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: gateway.secret }),
    ).toEqual({ result: 'allow', is_superuser: false });
    expect(
      (await post('/mqtt/auth', { clientid: gateway.sn, username: gateway.sn, password: 'nope' })).result,
    ).toBe('deny');
    expect(
      (await post('/mqtt/auth', { clientid: 'other', username: gateway.sn, password: gateway.secret }))
        .result,
    ).toBe('deny');
    expect(
      (await post('/mqtt/auth', { clientid: '999999999999', username: '999999999999', password: 'x' }))
        .result,
    ).toBe('deny');
  });

  it('lets the platform in as superuser with the credentials of MQTT_URL', async () => {
    expect(
      await post('/mqtt/auth', { clientid: 'node-1', username: 'platform', password: 'Pl@tform-secret' }),
    ).toEqual({ result: 'allow', is_superuser: true });
    expect(
      (await post('/mqtt/auth', { clientid: 'node-1', username: 'platform', password: 'guess' })).result,
    ).toBe('deny');
  });

  it('keeps each gateway to its own topics', async () => {
    const own = '123456789012';
    const acl = (topic: string, action: 'publish' | 'subscribe') =>
      post('/mqtt/acl', { clientid: own, username: own, topic, action });
    expect((await acl(`gw/${own}/up/data`, 'publish')).result).toBe('allow');
    expect((await acl(`gw/${own}/down/+`, 'subscribe')).result).toBe('allow');
    expect((await acl(`gw/${own}/down/cmd`, 'publish')).result).toBe('deny');
    expect((await acl('gw/210987654321/up/data', 'publish')).result).toBe('deny');
    expect((await acl('gw/210987654321/down/+', 'subscribe')).result).toBe('deny');
    expect((await acl('#', 'subscribe')).result).toBe('deny');
    expect((await acl(`gw/${own}/down/#`, 'subscribe')).result).toBe('allow');
  });
});
