import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MapDevicesSchema,
  MapSettingsSchema,
  POSITION_REFRESH_DAILY_QUOTA,
  TrackSchema,
} from '@lyyp/contracts/fleet';
import { devices, gateways } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildAccount, buildBoundDevice } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';

const base = Date.UTC(2026, 10, 10, 8, 0, 0);
// The demo boiler has no GPS; two of its numeric variables stand in for latitude and longitude.
const position = { latitudeKey: 'waterTemperature', longitudeKey: 'heatOutput' };

describe.each(databaseVariants())('fleet map on $name', (variant) => {
  let server: TestServer;
  let owner: TestClient;
  let stranger: TestClient;
  let located: Awaited<ReturnType<typeof buildBoundDevice>>;
  let unlocated: Awaited<ReturnType<typeof buildBoundDevice>>;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const db = server.database.db;
    located = await buildBoundDevice(db);
    unlocated = await buildBoundDevice(db);
    await db
      .update(devices)
      .set({ ownerAccountId: located.owner.id })
      .where(eq(devices.id, unlocated.device.id));
    await db
      .update(devices)
      .set({ latitude: 31.23, longitude: 121.47, address: 'Shanghai' })
      .where(eq(devices.id, located.device.id));
    await db.update(gateways).set({ status: 'online' }).where(eq(gateways.sn, located.gateway.sn));
    owner = new TestClient(server);
    expect((await owner.login(located.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
    const other = await buildAccount(db, 'terminal');
    stranger = new TestClient(server);
    expect((await stranger.login(other.username!, FACTORY_PASSWORD)).code).toBe('200');
    const rows = [];
    for (let step = 0; step < 5; step += 1) {
      rows.push({
        deviceId: located.device.id,
        key: 'waterTemperature',
        ts: base + step * 60_000,
        value: 31 + step / 100,
        error: null,
      });
      rows.push({
        deviceId: located.device.id,
        key: 'heatOutput',
        ts: base + step * 60_000,
        value: 121 + step / 100,
        error: null,
      });
    }
    // A latitude alone moved: the longitude's last value still holds.
    rows.push({
      deviceId: located.device.id,
      key: 'waterTemperature',
      ts: base + 30_000,
      value: 40,
      error: null,
    });
    await server.runtime.history.store(rows);
  });
  afterAll(async () => server.close());

  it('answers the map settings: no tile server by default', async () => {
    const answer = await owner.call('POST', '/platform/map-settings');
    expect(answer.code).toBe('200');
    expect(MapSettingsSchema.parse(answer.data)).toMatchObject({
      tileUrl: null,
      positionRefreshDailyQuota: POSITION_REFRESH_DAILY_QUOTA,
    });
  });

  it('shows the devices the caller may see with a position, a derived status and counts', async () => {
    const answer = await owner.call('POST', '/equipment/map');
    expect(answer.code).toBe('200');
    const map = MapDevicesSchema.parse(answer.data);
    expect(map.total).toBe(2);
    expect(map.located).toBe(1);
    expect(map.list).toEqual([
      {
        id: located.device.id,
        name: 'Boiler 1',
        lat: 31.23,
        lng: 121.47,
        status: 'online',
        address: 'Shanghai',
        shared: false,
      },
    ]);
    expect(map.counts.online).toBe(1);
    const offline = MapDevicesSchema.parse(
      (await owner.call('POST', '/equipment/map', { status: 'offline' })).data,
    );
    expect(offline).toMatchObject({ total: 1, located: 0, list: [] });
    const foreign = MapDevicesSchema.parse((await stranger.call('POST', '/equipment/map')).data);
    expect(foreign).toMatchObject({ total: 0, list: [] });
  });

  it('plays back the positions oldest first, each coordinate holding until it changes', async () => {
    const answer = await owner.call('POST', '/equipment/track', {
      id: located.device.id,
      ...position,
      start: base,
      end: base + 4 * 60_000,
    });
    expect(answer.code).toBe('200');
    const track = TrackSchema.parse(answer.data);
    expect(track.thinned).toBe(false);
    expect(track.points.map((point) => point.t)).toEqual(
      [0, 30_000, 60_000, 120_000, 180_000, 240_000].map((offset) => base + offset),
    );
    expect(track.points[1]).toEqual({ t: base + 30_000, lat: 40, lng: 121 });
    expect(track.points[5]).toEqual({ t: base + 240_000, lat: 31.04, lng: 121.04 });
  });

  it('refuses a reversed range, one variable twice, unknown variables and foreign devices', async () => {
    const track = (extra: Record<string, string | number>) =>
      owner.call('POST', '/equipment/track', {
        id: located.device.id,
        ...position,
        start: base,
        end: base + 1000,
        ...extra,
      });
    expect((await track({ start: base + 2000 })).code).toBe('1804');
    expect((await track({ longitudeKey: 'waterTemperature' })).code).toBe('2553');
    const unknown = await track({ latitudeKey: 'nope' });
    expect(unknown.code).toBe('2554');
    expect(unknown.message).toContain('nope');
    const foreign = await stranger.call('POST', '/equipment/track', {
      id: located.device.id,
      ...position,
      start: base,
      end: base + 1000,
    });
    expect(foreign.code).toBe('1003');
  });

  it('refreshes the position from the latest values within the daily quota', async () => {
    const refresh = (id: string) => owner.call('POST', '/equipment/position/refresh', { id, ...position });
    // No values yet: refused, and the attempt is given back.
    const empty = await refresh(unlocated.device.id);
    expect(empty.code).toBe('2552');
    const first = await refresh(located.device.id);
    expect(first.code).toBe('200');
    expect(first.data).toMatchObject({
      lat: 31.04,
      lng: 121.04,
      remaining: POSITION_REFRESH_DAILY_QUOTA - 1,
    });
    const [stored] = await server.database.db.select().from(devices).where(eq(devices.id, located.device.id));
    expect(stored).toMatchObject({ latitude: 31.04, longitude: 121.04 });
    const answers = await Promise.all(
      Array.from({ length: POSITION_REFRESH_DAILY_QUOTA }, () => refresh(located.device.id)),
    );
    expect(answers.filter((answer) => answer.code === '200')).toHaveLength(POSITION_REFRESH_DAILY_QUOTA - 1);
    expect(answers.filter((answer) => answer.code === '2551')).toHaveLength(1);
    expect(
      (await stranger.call('POST', '/equipment/position/refresh', { id: located.device.id, ...position }))
        .code,
    ).toBe('1003');
    // The next day the quota is whole again.
    server.clock.advance(86_400_001);
    expect((await owner.login(located.owner.username!, FACTORY_PASSWORD)).code).toBe('200');
    expect((await refresh(located.device.id)).code).toBe('200');
  });
});
