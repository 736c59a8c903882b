/**
 * What the designer page route tests share: a platform per test file (a test server start costs
 * seconds) with a developer, the owner of a bound device and people of other roles signed in, and
 * the page calls as the console makes them.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { FACTORY_PASSWORD, buildBoundDevice, buildProduct } from '../../test/factories.ts';
import {
  TestClient,
  startTestServer,
  type DatabaseVariant,
  type TestServer,
} from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { closeTestServer, signIn } from '../device/catalogue-test-support.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { emptyBinds, pageSettings, rectWidget } from './designer-test-support.ts';

export interface Summary {
  id: string;
  title: string;
  kind: 'main' | 'child';
  isStart: boolean;
  sortOrder: number;
  checkpwd: boolean;
  version: number;
  updatedAt: string;
}

export interface Loaded {
  summary: Summary;
  version: number;
  con: Record<string, unknown>;
  widgets: Array<{ id: string }>;
  bind: typeof emptyBinds;
}

export async function signInAs(server: TestServer, account: AccountRow): Promise<TestClient> {
  const client = new TestClient(server);
  const answer = await client.login(account.username!, FACTORY_PASSWORD);
  if (answer.code !== '200') throw new Error(`sign-in failed: ${answer.code}`);
  return client;
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

export interface DesignerWorld {
  readonly server: TestServer;
  readonly dataDir: string;
  readonly developer: TestClient;
  readonly developerAccount: AccountRow;
  readonly otherDeveloper: TestClient;
  readonly operator: TestClient;
  readonly owner: TestClient;
  readonly stranger: TestClient;
  readonly deviceId: string;
  readonly deviceProductId: string;
}

export async function startDesignerWorld(variant: DatabaseVariant): Promise<DesignerWorld> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-pages-'));
  const server = await startTestServer(variant, { DATA_DIR: dataDir });
  const bound = await buildBoundDevice(server.database.db);
  return {
    server,
    dataDir,
    developerAccount: bound.developer,
    deviceId: bound.device.id,
    deviceProductId: bound.product.id,
    developer: await signInAs(server, bound.developer),
    owner: await signInAs(server, bound.owner),
    otherDeveloper: (await signIn(server, 'developer')).client,
    operator: (await signIn(server, 'operation')).client,
    stranger: (await signIn(server, 'terminal')).client,
  };
}

export async function closeDesignerWorld(world: DesignerWorld | undefined) {
  if (!world) return;
  await closeTestServer(world.server);
  await fs.rm(world.dataDir, { recursive: true, force: true });
}

/** The page calls of the tests, over the world `current` answers once it is started. */
export function pageCalls(current: () => DesignerWorld) {
  const newProduct = async () =>
    (await buildProduct(current().server.database.db, current().developerAccount.id)).id;

  const addPage = async (
    productId: string,
    title: string,
    kind: 'main' | 'child' = 'main',
    client = current().developer,
  ) => {
    const answer = await client.call('POST', '/product/page/add', { productId, title, kind });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Summary;
  };
  const listPages = async (productId: string, client = current().developer) => {
    const answer = await client.call('POST', '/product/page/list', { productId });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Summary[];
  };
  const startPages = (pages: Summary[]) => pages.filter((page) => page.isStart).map((page) => page.title);
  const load = async (id: string, client = current().developer) => {
    const answer = await client.call('POST', '/product/page/load', { id });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Loaded;
  };

  /** A save as the designer sends it: a multipart form with the page file parts as JSON text. */
  const saveMultipart = async (
    client: TestClient,
    fields: { id: string; version: number; con?: unknown; widgets?: unknown; bind?: unknown },
  ) => {
    const body = multipartBody({
      id: fields.id,
      version: String(fields.version),
      con: JSON.stringify(fields.con ?? pageSettings()),
      widgets: JSON.stringify(fields.widgets ?? [rectWidget('w1'), rectWidget('w2')]),
      bind: JSON.stringify(fields.bind ?? emptyBinds),
    });
    const response = await current().server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}/product/page/save`,
      headers: { cookie: cookieOf(client), 'content-type': body.contentType, 'accept-language': 'en-US' },
      payload: body.payload,
    });
    return {
      status: response.statusCode,
      ...response.json<{ code: string; message: string; data: unknown }>(),
    };
  };

  return { newProduct, addPage, listPages, startPages, load, saveMultipart };
}
