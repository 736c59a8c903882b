import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type Platform } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase, type DatabaseHandle } from '../../db/client.ts';
import { pgliteTemplateBlob } from '../../test/pglite-template.ts';

describe('health while the platform starts', () => {
  let database: DatabaseHandle;
  let platform: Platform;

  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await pgliteTemplateBlob() });
    const config = loadConfig({ DEMO: '0', WEB_DIST: '/nonexistent', MQTT_PORT: '0', MQTT_WS_PORT: '0' });
    platform = await buildApp({ config, database, awaitStartup: true, logger: false });
    await platform.app.ready();
  });

  afterAll(async () => {
    await platform.app.close();
    await database.close();
  });

  it('answers 503 "starting" until start-up is complete, then 200', async () => {
    const before = await platform.app.inject({ method: 'GET', url: '/healthz' });
    expect(before.statusCode).toBe(503);
    expect(before.json()).toEqual({ status: 'starting', database: 'pglite' });
    platform.markReady();
    const after = await platform.app.inject({ method: 'GET', url: '/healthz' });
    expect(after.statusCode).toBe(200);
    expect(after.json()).toEqual({ status: 'ok', database: 'pglite' });
  });
});
