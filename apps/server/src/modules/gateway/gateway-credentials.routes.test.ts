import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { TestGateway } from '../../test/gateway-client.ts';

const PLATFORM_BROKER_PASSWORD = 'broker-superuser-pw';

interface Credentials {
  sn: string;
  secret: string;
  mqtt: { url: string; username: string; password: string };
}

async function credentialsOf(server: TestServer): Promise<Credentials> {
  const { client: operator } = await signIn(server, 'operation');
  const created = await operator.call('POST', '/gateway/batchAdd', { count: 1 });
  const [gateway] = created.data as Array<{ sn: string }>;
  const answer = await operator.call('POST', '/gateway/credentials', { sn: gateway!.sn });
  expect(answer.code).toBe('200');
  return answer.data as Credentials;
}

describe.each(databaseVariants())('gateway credentials on $name', (variant) => {
  describe('with an external broker', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(variant, {
        MQTT_URL: `mqtt://platform:${PLATFORM_BROKER_PASSWORD}@broker.example:1883`,
      });
    });
    afterAll(async () => closeTestServer(server));

    it("gives the gateway its own SN and secret and the broker's address, never the platform account", async () => {
      const credentials = await credentialsOf(server);
      expect(credentials.mqtt).toMatchObject({
        url: 'mqtt://broker.example:1883',
        username: credentials.sn,
        password: credentials.secret,
      });
      expect(JSON.stringify(credentials)).not.toContain(PLATFORM_BROKER_PASSWORD);
      expect(JSON.stringify(credentials)).not.toContain('platform:');
      expect(JSON.stringify(server.logs)).not.toContain(PLATFORM_BROKER_PASSWORD);
    });
  });

  describe('with the embedded broker behind a public address', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(variant, { PUBLIC_URL: 'https://iot.example.com' });
      await server.runtime.start();
    });
    afterAll(async () => closeTestServer(server));

    it('names the public host and the port the broker listens on', async () => {
      const credentials = await credentialsOf(server);
      expect(credentials.mqtt.url).toBe(`mqtt://iot.example.com:${server.runtime.address().port}`);
    });

    it('rotates the secret: the connected agent is closed, the old secret refused, the new one accepted', async () => {
      const before = await credentialsOf(server);
      const broker = `mqtt://127.0.0.1:${server.runtime.address().port}`;
      const agent = await TestGateway.connect(broker, before.sn, before.secret);
      const closed = new Promise<void>((resolve) => agent.client.once('close', () => resolve()));
      const { client: operator } = await signIn(server, 'operation');
      const rotated = await operator.call('POST', '/gateway/rotateSecret', { sn: before.sn });
      expect(rotated.code).toBe('200');
      const after = rotated.data as Credentials & { disconnected: boolean };
      expect(after).toMatchObject({ sn: before.sn, disconnected: true, mqtt: { password: after.secret } });
      expect(after.secret).not.toBe(before.secret);
      await closed;
      await expect(TestGateway.connect(broker, before.sn, before.secret)).rejects.toThrow();
      const again = await TestGateway.connect(broker, before.sn, after.secret);
      await again.close();
      expect((await operator.call('POST', '/gateway/credentials', { sn: before.sn })).data).toMatchObject({
        secret: after.secret,
      });
      expect(JSON.stringify(server.logs)).not.toContain(after.secret);
      expect(JSON.stringify(server.logs)).not.toContain(before.secret);
    });

    it('lets neither a developer nor a stranger rotate a secret', async () => {
      const { sn, secret } = await credentialsOf(server);
      const { client: developer } = await signIn(server, 'developer');
      expect(await developer.call('POST', '/gateway/rotateSecret', { sn })).toMatchObject({ code: '1003' });
      expect(await developer.call('POST', '/gateway/rotateSecret', { sn: 'abc' })).toMatchObject({
        code: '1002',
        data: { field: 'sn' },
      });
      const { client: operator } = await signIn(server, 'operation');
      expect((await operator.call('POST', '/gateway/credentials', { sn })).data).toMatchObject({ secret });
    });
  });

  describe('with GATEWAY_MQTT_URL', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(variant, {
        MQTT_URL: `mqtt://platform:${PLATFORM_BROKER_PASSWORD}@10.0.0.9:1883`,
        GATEWAY_MQTT_URL: 'mqtts://gateways.example.com:8883',
      });
    });
    afterAll(async () => closeTestServer(server));

    it('gives gateways that address', async () => {
      expect((await credentialsOf(server)).mqtt.url).toBe('mqtts://gateways.example.com:8883');
    });
  });
});
