/**
 * The MQTT part of a gateway's remote settings: TLS files (§5: pem or der, at most 1 MB) checked
 * on upload, kept by the platform, never answered in clear, and sent to the gateway with the next
 * save; and the additional subscription topic (§5: at most 200 characters) under the gateway's
 * own down topics.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  DEFAULT_GATEWAY_SETTINGS,
  type GatewaySettingsAnswer,
  type MqttTlsFile,
} from '@lyyp/contracts/gateway-ops';
import { API_PREFIX } from '@lyyp/contracts';
import type { CommandPayload } from '@lyyp/contracts/protocol';
import { gatewaySettings, gatewayTlsFiles } from '../../db/schema/index.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { databaseVariants, type TestClient, type TestServer } from '../../test/test-server.ts';
import {
  PATHS,
  closeGatewayOpsWorld,
  gatewayOpsCalls,
  startGatewayOpsWorld,
  type CommandAnswer,
  type GatewayOpsWorld,
} from './gateway-ops-test-support.ts';

const fixture = (name: string) => readFileSync(path.join(import.meta.dirname, 'testing', 'tls', name));
const TLS_UPLOAD = '/equipment/gateway/settings/tls/upload';
const TLS_REMOVE = '/equipment/gateway/settings/tls/remove';
/** Each test makes a dozen requests and a round trip over the broker: room for a loaded machine. */
const TEST_TIMEOUT_MS = 120_000;

describe.each(databaseVariants())('gateway MQTT settings on $name', (variant) => {
  let world: GatewayOpsWorld | undefined;
  let server: TestServer;

  beforeAll(async () => {
    world = await startGatewayOpsWorld(variant);
    ({ server } = world);
  });
  afterAll(() => closeGatewayOpsWorld(world));

  const { call, connectedDevice } = gatewayOpsCalls(() => world!);

  async function upload(client: TestClient, query: string, name: string, bytes: Buffer) {
    const body = multipartBody({}, [{ field: 'file', name, bytes }]);
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${TLS_UPLOAD}?${query}`,
      headers: {
        'accept-language': 'en-US',
        'content-type': body.contentType,
        cookie: [...client.cookies].map(([key, value]) => `${key}=${value}`).join('; '),
      },
      payload: body.payload,
    });
    return { text: response.body, ...response.json<{ code: string; data: MqttTlsFile; message: string }>() };
  }

  it(
    'checks TLS files on upload, keeps them out of every answer, and sends them with the next save',
    async () => {
      const { device, gateway, owner, link } = await connectedDevice();
      const query = (part: string) => `equipmentId=${device.id}&part=${part}`;
      const clientPem = fixture('client.pem').toString('utf8');
      const keyPem = fixture('client.key').toString('utf8');

      // Refused: wrong kind, not a certificate at all, over 1 MB, a key of another pair, bad query.
      expect((await upload(owner, query('ca'), 'ca.pem', fixture('client.key'))).code).toBe('1770');
      expect((await upload(owner, query('key'), 'client.key', fixture('client.pem'))).code).toBe('1771');
      expect((await upload(owner, query('cert'), 'x.der', Buffer.from('not a certificate'))).code).toBe(
        '1770',
      );
      const large = Buffer.concat([fixture('ca.pem'), Buffer.alloc(1024 * 1024, 0x20)]);
      const tooLarge = await upload(owner, query('ca'), 'ca.pem', large);
      expect([tooLarge.code, tooLarge.message]).toEqual([
        '1772',
        'The certificate or key file is too large, at most 1 MB',
      ]);
      expect(
        (await upload(owner, `equipmentId=${device.id}&part=chain`, 'ca.pem', fixture('ca.pem'))).code,
      ).toBe('1002');
      expect((await upload(owner, 'part=ca', 'ca.pem', fixture('ca.pem'))).code).toBe('1001');
      expect(await server.database.db.select().from(gatewayTlsFiles)).toEqual([]);

      // Accepted: a PEM CA, a DER client certificate and a DER key; answers carry no content.
      const ca = await upload(owner, query('ca'), 'ca.pem', fixture('ca.pem'));
      expect(ca.data).toMatchObject({
        part: 'ca',
        fileName: 'ca.pem',
        subject: 'CN=Test MQTT CA',
        fingerprint: new X509Certificate(fixture('ca.pem')).fingerprint256,
      });
      const cert = await upload(owner, query('cert'), 'client.der', fixture('client.der'));
      expect(cert.data).toMatchObject({ part: 'cert', subject: 'CN=100000000042' });
      expect((await upload(owner, query('key'), 'other.key', fixture('other.key'))).code).toBe('2868');
      const key = await upload(owner, query('key'), 'client-key.der', fixture('client-key.der'));
      expect(key.data).toMatchObject({ part: 'key', fileName: 'client-key.der', keyType: 'rsa' });
      expect(key.text).not.toContain('PRIVATE KEY');

      const shown = await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id });
      expect(shown.data.tlsFiles.map((file) => file.part)).toEqual(['ca', 'cert', 'key']);
      expect(JSON.stringify(shown)).not.toMatch(/BEGIN|PRIVATE/);

      // A save sends the files as PEM (the DER ones converted); a request's own TLS text is ignored.
      const saved = await call<CommandAnswer>(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: {
          ...DEFAULT_GATEWAY_SETTINGS,
          mqtt: { url: 'mqtts://broker.example.com:8883', keepAliveSeconds: 60, tls: { key: 'forged' } },
        },
      });
      expect(saved.data).toMatchObject({ online: true, status: 'pending' });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === saved.data.uuid,
      );
      expect(command.settings?.mqtt.tls).toEqual({
        ca: new X509Certificate(fixture('ca.pem')).toString(),
        cert: clientPem,
        key: keyPem,
      });
      const [stored] = await server.database.db
        .select()
        .from(gatewaySettings)
        .where(eq(gatewaySettings.sn, gateway.sn));
      expect(JSON.stringify(stored?.settings)).not.toMatch(/BEGIN|forged/);

      // Someone without the right to configure the gateway uploads nothing; removing forgets it.
      const stranger = (await connectedDevice()).owner;
      expect((await upload(stranger, query('ca'), 'ca.pem', fixture('ca.pem'))).code).not.toBe('200');
      const removed = await call<{ removed: boolean }>(owner, TLS_REMOVE, {
        equipmentId: device.id,
        part: 'ca',
      });
      expect(removed.data).toEqual({ removed: true });
      const after = await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id });
      expect(after.data.tlsFiles.map((file) => file.part)).toEqual(['cert', 'key']);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'takes a subscription topic only under the gateway’s own topics, at most 200 characters',
    async () => {
      const { device, gateway, owner, link } = await connectedDevice();
      const save = (subscribeTopic: string) =>
        call<CommandAnswer>(owner, PATHS.saveSettings, {
          equipmentId: device.id,
          settings: { ...DEFAULT_GATEWAY_SETTINGS, mqtt: { url: '', keepAliveSeconds: 60, subscribeTopic } },
        });
      const own = `gw/${gateway.sn}/down/`;
      const outside = await save('factory/line1/#');
      expect(outside.code).toBe('2866');
      expect(outside.message).toContain(own);
      expect((await save(`gw/000000000001/down/meter`)).code).toBe('2866');
      // Overlapping the protocol's own topics would deliver commands twice.
      expect((await save(`${own}#`)).code).toBe('2866');
      expect((await save(`${own}cmd`)).code).toBe('2866');
      expect((await save(`${own}meter/#/x`)).code).toBe('2867');
      expect((await save(`${own}met+er`)).code).toBe('2867');
      const long = await save(`${own}${'a'.repeat(201 - own.length)}`);
      expect(long.code).toBe('1137');
      expect(long.message).toContain('200');
      expect(
        await server.database.db.select().from(gatewaySettings).where(eq(gatewaySettings.sn, gateway.sn)),
      ).toEqual([]);

      const topic = `${own}${'a'.repeat(200 - own.length - 2)}/#`;
      expect(topic).toHaveLength(200);
      const saved = await save(topic);
      expect(saved.data).toMatchObject({ online: true });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === saved.data.uuid,
      );
      expect(command.settings?.mqtt.subscribeTopic).toBe(topic);
      const shown = await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id });
      expect(shown.data.settings.mqtt.subscribeTopic).toBe(topic);
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'takes the same save form-encoded in dot notation as in JSON',
    async () => {
      const { device, owner, link } = await connectedDevice();
      const flat: Record<string, string | number | boolean> = { equipmentId: device.id };
      const flatten = (prefix: string, value: unknown) => {
        if (value && typeof value === 'object')
          for (const [key, inner] of Object.entries(value)) flatten(`${prefix}.${key}`, inner);
        else flat[prefix] = value as string | number | boolean;
      };
      const topic = `gw/${link.sn}/down/meter/#`;
      flatten('settings', {
        ...DEFAULT_GATEWAY_SETTINGS,
        reportIntervalSeconds: 4,
        mqtt: { url: '', keepAliveSeconds: 45, subscribeTopic: topic },
      });
      const saved = await owner.call('POST', PATHS.saveSettings, flat);
      expect(saved).toMatchObject({ code: '200', data: { online: true } });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === (saved.data as CommandAnswer).uuid,
      );
      expect(command.settings).toMatchObject({
        reportIntervalSeconds: 4,
        trafficSaving: false,
        mqtt: { keepAliveSeconds: 45, subscribeTopic: topic },
      });
      // A refusal reads the same either way.
      flat['settings.mqtt.subscribeTopic'] = 'factory/#';
      expect((await owner.call('POST', PATHS.saveSettings, flat)).code).toBe('2866');
      const removed = await owner.call('POST', TLS_REMOVE, { equipmentId: device.id, part: 'key' });
      expect(removed).toMatchObject({ code: '200', data: { removed: false } });
    },
    TEST_TIMEOUT_MS,
  );
});
