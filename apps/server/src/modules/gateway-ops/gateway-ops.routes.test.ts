/**
 * Gateway operation routes on a connected gateway: replacing a device's gateway (attempt-limited,
 * the device's data staying with the device) and its remote settings and restart. Clearing data
 * and factory reset are in `gateway-data-removal.routes.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import {
  DEFAULT_GATEWAY_SETTINGS,
  type GatewayReplacement,
  type GatewaySettings,
  type GatewaySettingsAnswer,
} from '@lyyp/contracts/gateway-ops';
import type { CommandPayload, ConfigPayload } from '@lyyp/contracts/protocol';
import { alarmRecords, deviceEvents, devices, gatewaySettings, gateways } from '../../db/schema/index.ts';
import { buildAccount, buildBoundDevice, buildGateway } from '../../test/factories.ts';
import { TestGateway, eventually } from '../../test/gateway-client.ts';
import { databaseVariants, type TestServer } from '../../test/test-server.ts';
import {
  EARLY,
  LATE,
  PATHS,
  SLOW_STEP_MS,
  closeGatewayOpsWorld,
  gatewayOpsCalls,
  startGatewayOpsWorld,
  type CommandAnswer,
  type GatewayOpsWorld,
} from './gateway-ops-test-support.ts';

describe.each(databaseVariants())('gateway operations on $name', (variant) => {
  let world: GatewayOpsWorld | undefined;
  let server: TestServer;
  let links: TestGateway[];

  beforeAll(async () => {
    world = await startGatewayOpsWorld(variant);
    ({ server, links } = world);
  });
  afterAll(() => closeGatewayOpsWorld(world));

  const { brokerUrl, call, signedIn, connectedDevice, upload, pointCount, alarm } = gatewayOpsCalls(
    () => world!,
  );

  describe('replacing the gateway', () => {
    it('moves the device to the new gateway: its history goes on, the old gateway is released', async () => {
      const { device, gateway: old, owner, link, product } = await connectedDevice();
      await upload(link, 1, [{ k: 'waterTemperature', t: EARLY, v: 60 }]);
      await alarm(device.id, product.id, EARLY, true);
      const fresh = await buildGateway(server.database.db);
      const site = { ...DEFAULT_GATEWAY_SETTINGS, mode: 'router' as const, reportIntervalSeconds: 4 };
      await server.database.db
        .insert(gatewaySettings)
        .values({ sn: old.sn, settings: site, commandUuid: 'sent-before' });

      // A wrong code, the device's own gateway and someone else's device change nothing.
      const wrong = await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode === '111111' ? '222222' : '111111',
        confirm: true,
      });
      expect(wrong.code).toBe('1102');
      const same = await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: old.sn,
        verificationCode: old.verificationCode,
        confirm: true,
      });
      expect(same.code).toBe('2858');
      const stranger = await signedIn((await buildAccount(server.database.db)).username!);
      const foreign = await call(stranger, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode,
        confirm: true,
      });
      expect(foreign.code).toBe('1003');
      const unconfirmed = await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode,
        confirm: false,
      });
      expect(unconfirmed.code).toBe('2859');
      expect(
        (await server.database.db.select().from(devices).where(eq(devices.id, device.id)))[0]?.gatewaySn,
      ).toBe(old.sn);

      const replaced = await call<GatewayReplacement>(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode,
        confirm: true,
      });
      expect(replaced.code).toBe('200');
      expect(replaced.data).toMatchObject({ oldSn: old.sn, newSn: fresh.sn, state: 'syncing' });
      const [moved] = await server.database.db.select().from(devices).where(eq(devices.id, device.id));
      expect(moved?.gatewaySn).toBe(fresh.sn);
      const owners = await server.database.db
        .select({ sn: gateways.sn, owner: gateways.ownerAccountId })
        .from(gateways)
        .where(sql`${gateways.sn} in (${old.sn}, ${fresh.sn})`);
      expect(Object.fromEntries(owners.map((row) => [row.sn, row.owner]))).toEqual({
        [old.sn]: null,
        [fresh.sn]: device.ownerAccountId,
      });
      // The old gateway's configuration is withdrawn (empty retained message).
      await link.waitFor<string>('config', (payload) => payload === '', SLOW_STEP_MS);

      // The new gateway connects, runs the device's configuration: the replacement is complete.
      const next = await TestGateway.connect(brokerUrl(), fresh.sn, fresh.secret);
      links.push(next);
      // The retained configuration reaches it on subscribing. (A status now would make the platform
      // push it once more, and this test gateway answers only the first.)
      const config = await next.waitFor<ConfigPayload>(
        'config',
        (payload) => typeof payload === 'object',
        SLOW_STEP_MS,
      );
      await next.send('config', { version: config.version, status: 'applied' });
      await eventually(
        async () =>
          (await call<GatewayReplacement>(owner, PATHS.replacement, { equipmentId: device.id })).data
            ?.state === 'complete',
        SLOW_STEP_MS,
      );
      // The site's settings are offered to the new gateway, not sent yet.
      const offered = (await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id }))
        .data;
      expect(offered).toMatchObject({ sn: fresh.sn, state: 'none', settings: site });
      // Its data continues the device's history; alarms stay with the device.
      await upload(next, 1, [{ k: 'waterTemperature', t: LATE, v: 61 }]);
      expect(await pointCount(device.id)).toBe(2);
      expect(
        await server.database.db.select().from(alarmRecords).where(eq(alarmRecords.deviceId, device.id)),
      ).toHaveLength(1);
      const [event] = await server.database.db
        .select()
        .from(deviceEvents)
        .where(and(eq(deviceEvents.deviceId, device.id), eq(deviceEvents.kind, 'replace')));
      expect(event?.detail).toEqual({ oldSn: old.sn, newSn: fresh.sn });
    });

    it('counts wrong codes like binding: past the limit even the right code waits (1128)', async () => {
      const { device, owner } = await connectedDevice();
      const fresh = await buildGateway(server.database.db);
      const wrong = fresh.verificationCode === '111111' ? '222222' : '111111';
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        const answer = await call(owner, PATHS.replace, {
          equipmentId: device.id,
          sn: fresh.sn,
          verificationCode: wrong,
          confirm: true,
        });
        expect(answer.code).toBe('1102');
      }
      const locked = await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode,
        confirm: true,
      });
      expect(locked.code).toBe('1128');
      const [unmoved] = await server.database.db.select().from(devices).where(eq(devices.id, device.id));
      expect(unmoved?.gatewaySn).toBe(device.gatewaySn);
    });

    it('refuses a new gateway that is bound to another device', async () => {
      const { device, owner } = await connectedDevice();
      const other = await buildBoundDevice(server.database.db);
      const answer = await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: other.gateway.sn,
        verificationCode: other.gateway.verificationCode,
        confirm: true,
      });
      expect(answer.code).toBe('1515');
      expect(await call(owner, PATHS.replacement, { equipmentId: device.id })).toMatchObject({
        code: '200',
        data: null,
      });
    });

    it('shows a failed replacement when the new gateway cannot run the configuration', async () => {
      const { device, owner } = await connectedDevice();
      const fresh = await buildGateway(server.database.db);
      await call(owner, PATHS.replace, {
        equipmentId: device.id,
        sn: fresh.sn,
        verificationCode: fresh.verificationCode,
        confirm: true,
      });
      const next = await TestGateway.connect(brokerUrl(), fresh.sn, fresh.secret);
      links.push(next);
      const config = await next.waitFor<ConfigPayload>('config', (payload) => typeof payload === 'object');
      await next.send('config', {
        version: config.version,
        status: 'failed',
        code: '1508',
        message: 'bad formula',
      });
      const failed = await eventually(async () => {
        const answer = (await call<GatewayReplacement>(owner, PATHS.replacement, { equipmentId: device.id }))
          .data;
        return answer?.state === 'failed' ? answer : undefined;
      });
      expect(failed.error).toBe('bad formula');
    });
  });

  describe('remote settings', () => {
    const router: GatewaySettings = {
      ...DEFAULT_GATEWAY_SETTINGS,
      mode: 'router',
      wan: {
        addressing: 'static',
        ip: '10.0.0.5',
        subnet: '255.255.255.0',
        gateway: '10.0.0.1',
        dns: '8.8.8.8',
      },
      reportIntervalSeconds: 3,
      trafficSaving: true,
    };

    it('checks the §5 network formats and changes nothing when one fails', async () => {
      const { device, owner, gateway } = await connectedDevice();
      const answer = await call(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: { ...router, wan: { ...router.wan, gateway: '10.0.9.1' } },
      });
      expect(answer).toMatchObject({ code: '2853' });
      expect(answer.message).toContain('wan.gateway');
      const settings = await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id });
      expect(settings.data).toMatchObject({
        sn: gateway.sn,
        state: 'none',
        settings: DEFAULT_GATEWAY_SETTINGS,
      });
    });

    it('sends them over the command channel and shows per setting what the gateway did', async () => {
      const { device, owner, link } = await connectedDevice();
      const saved = await call<CommandAnswer>(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: router,
      });
      expect(saved.data).toMatchObject({ online: true, status: 'pending' });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === saved.data.uuid,
      );
      expect(command).toMatchObject({
        op: 'settings',
        settings: { mode: 'router', reportIntervalSeconds: 3 },
      });
      expect(
        (await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id })).data.state,
      ).toBe('syncing');
      const outcomes = [
        { key: 'mode', status: 'restart-required' },
        { key: 'wan', status: 'unsupported', code: '2860' },
        { key: 'reportIntervalSeconds', status: 'applied' },
        { key: 'trafficSaving', status: 'applied' },
      ];
      await link.send('reply', {
        uuid: command.uuid,
        status: 'success',
        code: '200',
        data: { settings: outcomes },
      });
      const shown = await eventually(async () => {
        const answer = (await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id }))
          .data;
        return answer.state === 'complete' ? answer : undefined;
      });
      expect(shown.outcomes).toEqual(outcomes);
      expect(shown.restartRequired).toEqual(['mode']);
      expect(shown.settings.mode).toBe('router');

      const restart = await call<CommandAnswer>(owner, PATHS.restart, { equipmentId: device.id });
      const restartCommand = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === restart.data.uuid,
      );
      expect(restartCommand.op).toBe('restart');
    });

    it('never answers the Wi-Fi password, and an empty one in a save keeps it', async () => {
      const { device, owner, link } = await connectedDevice();
      const wifi = { enabled: true, role: 'client' as const, ssid: 'site', password: '' };
      const missing = await call(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: { ...DEFAULT_GATEWAY_SETTINGS, wifi },
      });
      expect(missing.code).toBe('2857');
      const first = await call<CommandAnswer>(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: { ...DEFAULT_GATEWAY_SETTINGS, wifi: { ...wifi, password: 'abc12xyz' } },
      });
      expect(first.data.online).toBe(true);
      const shown = (await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id }))
        .data;
      expect(shown.settings.wifi.password).toBe('');
      expect(shown.wifiPasswordSet).toBe(true);
      const again = await call<CommandAnswer>(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: { ...shown.settings, reportIntervalSeconds: 2 },
      });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === again.data.uuid,
      );
      expect(command.settings?.wifi.password).toBe('abc12xyz');
    });

    it('never answers a broker user or password: refused in a save, left out of an older stored address', async () => {
      const { device, owner, gateway } = await connectedDevice();
      const url = 'mqtts://site:Broker-secret-51@iot.example.com:8883';
      const refused = await call(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: { ...DEFAULT_GATEWAY_SETTINGS, mqtt: { url, keepAliveSeconds: 60 } },
      });
      expect(refused.code).toBe('1650');
      await server.database.db.insert(gatewaySettings).values({
        sn: gateway.sn,
        settings: { ...DEFAULT_GATEWAY_SETTINGS, mqtt: { url, keepAliveSeconds: 60 } },
      });
      const shown = await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id });
      expect(shown.data.settings.mqtt.url).toBe('mqtts://iot.example.com:8883');
      expect(JSON.stringify(shown)).not.toContain('Broker-secret-51');
    });

    it('refuses an offline gateway and takes from a dormant one only the change that wakes it', async () => {
      const offline = await buildBoundDevice(server.database.db);
      const offlineOwner = await signedIn(offline.owner.username!);
      const refused = await call<CommandAnswer>(offlineOwner, PATHS.saveSettings, {
        equipmentId: offline.device.id,
        settings: router,
      });
      expect(refused.data).toMatchObject({ online: false, code: '1501' });
      expect(
        (await call<GatewaySettingsAnswer>(offlineOwner, PATHS.settings, { equipmentId: offline.device.id }))
          .data.state,
      ).toBe('none');

      const { device, owner, link } = await connectedDevice('dormant');
      // It was put to sleep from the console earlier.
      await server.database.db
        .insert(gatewaySettings)
        .values({ sn: link.sn, settings: { ...DEFAULT_GATEWAY_SETTINGS, dormant: true } });
      expect((await call(owner, PATHS.saveSettings, { equipmentId: device.id, settings: router })).code).toBe(
        '2864',
      );
      expect(
        (await call<GatewaySettingsAnswer>(owner, PATHS.settings, { equipmentId: device.id })).data.settings
          .dormant,
      ).toBe(true);
      const wake = await call<CommandAnswer>(owner, PATHS.saveSettings, {
        equipmentId: device.id,
        settings: DEFAULT_GATEWAY_SETTINGS,
      });
      expect(wake).toMatchObject({ code: '200', data: { online: true, status: 'pending' } });
      const command = await link.waitFor<CommandPayload>('cmd', (payload) => payload.uuid === wake.data.uuid);
      expect(command.settings?.dormant).toBe(false);
    });
  });
});
