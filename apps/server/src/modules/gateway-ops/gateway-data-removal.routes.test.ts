/**
 * Gateway operation routes that remove a device's platform data: clearing it, and a factory reset
 * (data removed only once the gateway confirmed). Replacement and remote settings are in
 * `gateway-ops.routes.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ClearedData } from '@lyyp/contracts/gateway-ops';
import type { CommandPayload } from '@lyyp/contracts/protocol';
import { alarmRecords, commands, deviceEvents, latestValues, pointsRollup } from '../../db/schema/index.ts';
import { buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { eventually } from '../../test/gateway-client.ts';
import { databaseVariants, type TestServer } from '../../test/test-server.ts';
import {
  EARLY,
  HOUR,
  LATE,
  PATHS,
  closeGatewayOpsWorld,
  gatewayOpsCalls,
  startGatewayOpsWorld,
  type CommandAnswer,
  type GatewayOpsWorld,
} from './gateway-ops-test-support.ts';

describe.each(databaseVariants())('gateway operations on $name', (variant) => {
  let world: GatewayOpsWorld | undefined;
  let server: TestServer;

  beforeAll(async () => {
    world = await startGatewayOpsWorld(variant);
    ({ server } = world);
  });
  afterAll(() => closeGatewayOpsWorld(world));

  const { call, signedIn, connectedDevice, upload, pointCount, alarm, summaries } = gatewayOpsCalls(
    () => world!,
  );

  describe('clearing data', () => {
    it('removes a time range: points, summaries and ended alarms in it; the rest stays', async () => {
      const { device, owner, link, product } = await connectedDevice();
      await upload(link, 1, [
        { k: 'waterTemperature', t: EARLY, v: 60 },
        { k: 'waterTemperature', t: LATE, v: 62 },
      ]);
      await summaries(device.id, EARLY);
      await alarm(device.id, product.id, EARLY, true);
      await alarm(device.id, product.id, EARLY + 1000, false);
      await alarm(device.id, product.id, LATE, true);

      const missing = await call(owner, PATHS.clearData, {
        equipmentId: device.id,
        scope: 'range',
        from: EARLY,
        confirm: true,
      });
      expect(missing.code).toBe('1001');
      const backwards = await call(owner, PATHS.clearData, {
        equipmentId: device.id,
        scope: 'range',
        from: LATE,
        to: EARLY,
        confirm: true,
      });
      expect(backwards.code).toBe('1804');
      expect(await pointCount(device.id)).toBe(2);

      const cleared = await call<ClearedData>(owner, PATHS.clearData, {
        equipmentId: device.id,
        scope: 'range',
        from: EARLY - HOUR,
        to: EARLY + HOUR,
        confirm: true,
      });
      expect(cleared.code).toBe('200');
      expect(cleared.data).toMatchObject({ points: 1, alarmRecords: 1, latestValues: 0 });
      // One minute summary and the hour summary of the early hour; the day holds both hours' data.
      expect(cleared.data.summaries).toBe(2);
      expect(await pointCount(device.id)).toBe(1);
      const remaining = await server.database.db
        .select()
        .from(alarmRecords)
        .where(eq(alarmRecords.deviceId, device.id));
      expect(remaining.map((record) => [record.raisedAt.getTime(), record.releasedAt !== null])).toEqual(
        expect.arrayContaining([
          [EARLY + 1000, false],
          [LATE, true],
        ]),
      );
      expect(remaining).toHaveLength(2);
      expect(
        await server.database.db.select().from(pointsRollup).where(eq(pointsRollup.deviceId, device.id)),
      ).toHaveLength(1);
      expect(
        await server.database.db.select().from(latestValues).where(eq(latestValues.deviceId, device.id)),
      ).toHaveLength(1);
    });

    it('removes everything measured with "all", keeps commands and the log, and needs a confirmation', async () => {
      const { device, owner, link, product } = await connectedDevice();
      await upload(link, 1, [{ k: 'waterTemperature', t: EARLY, v: 60 }]);
      await summaries(device.id, EARLY);
      await alarm(device.id, product.id, EARLY, true);
      const write = await call<CommandAnswer>(owner, '/equipment/command/write', {
        equipmentId: device.id,
        key: 'temperatureSetpoint',
        value: 65,
      });
      expect(write.data.online).toBe(true);

      expect(
        (await call(owner, PATHS.clearData, { equipmentId: device.id, scope: 'all', confirm: false })).code,
      ).toBe('2859');
      expect(await pointCount(device.id)).toBe(1);
      const cleared = await call<ClearedData>(owner, PATHS.clearData, {
        equipmentId: device.id,
        scope: 'all',
        confirm: true,
      });
      expect(cleared.data).toMatchObject({ points: 1, summaries: 3, alarmRecords: 1, latestValues: 1 });
      expect(await pointCount(device.id)).toBe(0);
      expect(
        await server.database.db.select().from(commands).where(eq(commands.deviceId, device.id)),
      ).toHaveLength(1);
      const [event] = await server.database.db
        .select()
        .from(deviceEvents)
        .where(and(eq(deviceEvents.deviceId, device.id), eq(deviceEvents.kind, 'clear-data')));
      expect(event?.detail).toMatchObject({ scope: 'all', points: 1 });
    });

    it('is not for someone who only sees the device', async () => {
      const { device } = await connectedDevice();
      const operator = await buildAccount(server.database.db, 'developer');
      const developer = await signedIn(operator.username!);
      const answer = await call(developer, PATHS.clearData, {
        equipmentId: device.id,
        scope: 'all',
        confirm: true,
      });
      expect(['1003', '1201']).toContain(answer.code);
    });
  });

  describe('factory reset', () => {
    it('is refused for offline and dormant gateways (§8)', async () => {
      const offline = await buildBoundDevice(server.database.db);
      const owner = await signedIn(offline.owner.username!);
      const answer = await call<CommandAnswer>(owner, PATHS.factoryReset, {
        equipmentId: offline.device.id,
        keepPlatformData: true,
        confirm: true,
      });
      expect(answer.data).toMatchObject({ online: false, code: '1501' });
      const dormant = await connectedDevice('dormant');
      const asleep = await call<CommandAnswer>(dormant.owner, PATHS.factoryReset, {
        equipmentId: dormant.device.id,
        keepPlatformData: true,
        confirm: true,
      });
      expect(asleep.data).toMatchObject({ online: false, code: '1502' });
    });

    it('without platform data clears the device data once the gateway confirmed, and sends its configuration again', async () => {
      const { device, owner, link } = await connectedDevice();
      await upload(link, 1, [{ k: 'waterTemperature', t: EARLY, v: 60 }]);
      const answer = await call<CommandAnswer>(owner, PATHS.factoryReset, {
        equipmentId: device.id,
        keepPlatformData: false,
        confirm: true,
      });
      expect(answer.data).toMatchObject({ online: true, status: 'pending' });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === answer.data.uuid,
      );
      expect(command.op).toBe('factory-reset');
      // Nothing is removed before the gateway did its part.
      expect(await pointCount(device.id)).toBe(1);
      const configsBefore = link.received.filter((message) => message.topic.endsWith('/config')).length;
      await link.send('reply', { uuid: command.uuid, status: 'success', code: '200' });
      await eventually(async () => (await pointCount(device.id)) === 0);
      await eventually(() =>
        Promise.resolve(
          link.received.filter((message) => message.topic.endsWith('/config')).length > configsBefore,
        ),
      );
    });

    it('keeping platform data leaves history in place', async () => {
      const { device, owner, link } = await connectedDevice();
      await upload(link, 1, [{ k: 'waterTemperature', t: EARLY, v: 60 }]);
      const answer = await call<CommandAnswer>(owner, PATHS.factoryReset, {
        equipmentId: device.id,
        keepPlatformData: true,
        confirm: true,
      });
      const command = await link.waitFor<CommandPayload>(
        'cmd',
        (payload) => payload.uuid === answer.data.uuid,
      );
      await link.send('reply', { uuid: command.uuid, status: 'success', code: '200' });
      await eventually(async () => {
        const [row] = await server.database.db.select().from(commands).where(eq(commands.uuid, command.uuid));
        return row?.status === 'success';
      });
      expect(await pointCount(device.id)).toBe(1);
    });
  });
});
