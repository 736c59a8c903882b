import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import { WIDGET_MAX_COUNT } from '@lyyp/contracts/designer';
import { designerPages } from '../../db/schema/index.ts';
import { FACTORY_PASSWORD, buildBoundDevice, buildProduct } from '../../test/factories.ts';
import { TestClient, databaseVariants, startTestServer, type TestServer } from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';
import { multipartBody } from '../files/files-test-support.ts';
import { emptyBinds, pageSettings, rectWidget } from './designer-test-support.ts';

// Until the application registers these paths itself, the platform the tests build gets them here.
interface Summary {
  id: string;
  title: string;
  kind: 'main' | 'child';
  isStart: boolean;
  sortOrder: number;
  checkpwd: boolean;
  version: number;
  updatedAt: string;
}

interface Loaded {
  summary: Summary;
  version: number;
  con: Record<string, unknown>;
  widgets: Array<{ id: string }>;
  bind: typeof emptyBinds;
}

async function signInAs(server: TestServer, account: AccountRow): Promise<TestClient> {
  const client = new TestClient(server);
  const answer = await client.login(account.username!, FACTORY_PASSWORD);
  if (answer.code !== '200') throw new Error(`sign-in failed: ${answer.code}`);
  return client;
}

const cookieOf = (client: TestClient) =>
  [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

describe.each(databaseVariants())('designer pages on $name', (variant) => {
  let server: TestServer;
  let dataDir: string;
  let developer: TestClient;
  let developerAccount: AccountRow;
  let otherDeveloper: TestClient;
  let operator: TestClient;
  let owner: TestClient;
  let stranger: TestClient;
  let deviceId: string;
  let deviceProductId: string;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-pages-'));
    server = await startTestServer(variant, { DATA_DIR: dataDir });
    const bound = await buildBoundDevice(server.database.db);
    developerAccount = bound.developer;
    deviceId = bound.device.id;
    deviceProductId = bound.product.id;
    developer = await signInAs(server, bound.developer);
    owner = await signInAs(server, bound.owner);
    otherDeveloper = (await signIn(server, 'developer')).client;
    operator = (await signIn(server, 'operation')).client;
    stranger = (await signIn(server, 'terminal')).client;
  });
  afterAll(async () => {
    await closeTestServer(server);
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  const newProduct = async () => (await buildProduct(server.database.db, developerAccount.id)).id;

  const addPage = async (
    productId: string,
    title: string,
    kind: 'main' | 'child' = 'main',
    client = developer,
  ) => {
    const answer = await client.call('POST', '/product/page/add', { productId, title, kind });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Summary;
  };
  const listPages = async (productId: string, client = developer) => {
    const answer = await client.call('POST', '/product/page/list', { productId });
    expect(answer.code, answer.message).toBe('200');
    return answer.data as Summary[];
  };
  const startPages = (pages: Summary[]) => pages.filter((page) => page.isStart).map((page) => page.title);
  const load = async (id: string, client = developer) => {
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
    const response = await server.app.inject({
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

  describe('the pages of a product', () => {
    it('adds pages at the end of the list; the first main page becomes the start page', async () => {
      const productId = await newProduct();
      expect(await listPages(productId)).toEqual([]);
      const help = await addPage(productId, 'Help', 'child');
      expect(help).toMatchObject({
        title: 'Help',
        kind: 'child',
        isStart: false,
        checkpwd: false,
        version: 0,
      });
      const overview = await addPage(productId, 'Overview');
      expect(overview.isStart).toBe(true);
      const trends = await addPage(productId, 'Trends');
      expect(trends.isStart).toBe(false);
      const pages = await listPages(productId);
      expect(pages.map((page) => page.title)).toEqual(['Help', 'Overview', 'Trends']);
      expect(startPages(pages)).toEqual(['Overview']);
      expect(Object.keys(pages[0]!).sort()).toEqual(
        ['checkpwd', 'id', 'isStart', 'kind', 'sortOrder', 'title', 'updatedAt', 'version'].sort(),
      );
    });

    it('keeps exactly one start page when main pages are added at the same time', async () => {
      const productId = await newProduct();
      const answers = await Promise.all(
        ['A', 'B', 'C', 'D'].map((title) =>
          developer.call('POST', '/product/page/add', { productId, title, kind: 'main' }),
        ),
      );
      expect(answers.map((answer) => answer.code)).toEqual(['200', '200', '200', '200']);
      const pages = await listPages(productId);
      expect(startPages(pages)).toHaveLength(1);
      expect(new Set(pages.map((page) => page.sortOrder)).size).toBe(4);
    });

    it('refuses broken fields and stores nothing', async () => {
      const productId = await newProduct();
      expect(await developer.call('POST', '/product/page/add', { productId })).toMatchObject({
        status: 400,
        code: '1001',
        data: { field: 'title' },
      });
      expect(
        await developer.call('POST', '/product/page/add', { productId, title: 'x'.repeat(51), kind: 'main' }),
      ).toMatchObject({ code: '1137', data: { field: 'title' } });
      expect(
        await developer.call('POST', '/product/page/add', { productId, title: 'Overview', kind: 'popup' }),
      ).toMatchObject({ code: '1002', data: { field: 'kind' } });
      expect(await developer.call('POST', '/product/page/add', { title: 'Overview' })).toMatchObject({
        code: '1001',
        data: { field: 'productId' },
      });
      expect(await listPages(productId)).toEqual([]);
    });

    it('renames a page, and the rename counts as a change of the page', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      const renamed = await developer.call('POST', '/product/page/rename', {
        id: page.id,
        title: 'Boiler room',
      });
      expect(renamed.data).toMatchObject({ id: page.id, title: 'Boiler room', version: 1 });
      expect((await load(page.id)).con.title).toBe('Boiler room');
      expect(await saveMultipart(developer, { id: page.id, version: 0 })).toMatchObject({
        status: 409,
        code: '1141',
      });
      expect(await developer.call('POST', '/product/page/rename', { id: page.id, title: ' ' })).toMatchObject(
        {
          code: '1001',
          data: { field: 'title' },
        },
      );
    });

    it('copies a page with its content under a new id, never as a second start page', async () => {
      const productId = await newProduct();
      const page = await addPage(productId, 'Overview');
      expect((await saveMultipart(developer, { id: page.id, version: 0 })).code).toBe('200');
      const copy = (await developer.call('POST', '/product/page/copy', { id: page.id })).data as Summary;
      expect(copy).toMatchObject({ title: 'Overview copy', kind: 'main', isStart: false, version: 0 });
      expect(copy.id).not.toBe(page.id);
      const loaded = await load(copy.id);
      expect(loaded.con).toMatchObject({ id: copy.id, title: 'Overview copy', width: 1280 });
      expect(loaded.widgets.map((widget) => widget.id)).toEqual(['w1', 'w2']);
      const named = (await developer.call('POST', '/product/page/copy', { id: page.id, title: 'Night view' }))
        .data as Summary;
      expect(named.title).toBe('Night view');
      expect(startPages(await listPages(productId))).toEqual(['Overview']);
    });

    it('hands the start over to the next main page when the start page is deleted', async () => {
      const productId = await newProduct();
      const first = await addPage(productId, 'First');
      await addPage(productId, 'Popup', 'child');
      await addPage(productId, 'Second');
      const remaining = (await developer.call('POST', '/product/page/delete', { id: first.id }))
        .data as Summary[];
      expect(remaining.map((page) => page.title)).toEqual(['Popup', 'Second']);
      expect(startPages(remaining)).toEqual(['Second']);
      const second = remaining.find((page) => page.title === 'Second')!;
      const last = (await developer.call('POST', '/product/page/delete', { id: second.id }))
        .data as Summary[];
      expect(startPages(last)).toEqual([]);
      expect(await developer.call('POST', '/product/page/load', { id: first.id })).toMatchObject({
        code: '1003',
      });
    });

    it('moves the start to a main page only, and keeps the start page a main page', async () => {
      const productId = await newProduct();
      const overview = await addPage(productId, 'Overview');
      const popup = await addPage(productId, 'Popup', 'child');
      const trends = await addPage(productId, 'Trends');
      expect(await developer.call('POST', '/product/page/setStart', { id: popup.id })).toMatchObject({
        code: '1002',
        data: { field: 'id' },
      });
      const moved = (await developer.call('POST', '/product/page/setStart', { id: trends.id }))
        .data as Summary[];
      expect(startPages(moved)).toEqual(['Trends']);
      expect(
        await developer.call('POST', '/product/page/setKind', { id: trends.id, kind: 'child' }),
      ).toMatchObject({ code: '1002', data: { field: 'kind' } });
      const changed = (
        await developer.call('POST', '/product/page/setKind', { id: overview.id, kind: 'child' })
      ).data as Summary[];
      expect(changed.find((page) => page.id === overview.id)).toMatchObject({
        kind: 'child',
        isStart: false,
      });
      expect(startPages(changed)).toEqual(['Trends']);
    });

    it('makes a page turned main the start page of a product that had only child pages', async () => {
      const productId = await newProduct();
      const popup = await addPage(productId, 'Popup', 'child');
      await addPage(productId, 'Help', 'child');
      const pages = (await developer.call('POST', '/product/page/setKind', { id: popup.id, kind: 'main' }))
        .data as Summary[];
      expect(startPages(pages)).toEqual(['Popup']);
    });
  });

  describe('who may edit pages', () => {
    it("answers another developer's product and pages like missing ones", async () => {
      const productId = await newProduct();
      const page = await addPage(productId, 'Overview');
      const calls: Array<[string, Record<string, string | number>]> = [
        ['/product/page/list', { productId }],
        ['/product/page/add', { productId, title: 'Mine', kind: 'main' }],
        ['/product/page/load', { id: page.id }],
        ['/product/page/rename', { id: page.id, title: 'Mine' }],
        ['/product/page/copy', { id: page.id }],
        ['/product/page/setStart', { id: page.id }],
        ['/product/page/setKind', { id: page.id, kind: 'main' }],
        ['/product/page/delete', { id: page.id }],
      ];
      for (const [url, body] of calls) {
        expect(await otherDeveloper.call('POST', url, body), url).toMatchObject({
          status: 404,
          code: '1003',
        });
      }
      expect(await saveMultipart(otherDeveloper, { id: page.id, version: 0 })).toMatchObject({
        code: '1003',
      });
      expect(await listPages(productId)).toHaveLength(1);
      expect((await load(page.id)).version).toBe(0);
    });

    it('lets operation staff edit any product', async () => {
      const productId = await newProduct();
      const page = await addPage(productId, 'Overview', 'main', operator);
      expect((await saveMultipart(operator, { id: page.id, version: 0 })).code).toBe('200');
      expect((await listPages(productId)).map((item) => item.title)).toEqual(['Overview']);
    });

    it('needs the designer permission to change pages and a product permission to see them', async () => {
      const { client: viewer, account } = await signIn(server, 'developer', { auths: 'manage:product:view' });
      const productId = (await buildProduct(server.database.db, account.id)).id;
      const page = await addPage(productId, 'Overview', 'main', operator);
      expect((await listPages(productId, viewer)).map((item) => item.id)).toEqual([page.id]);
      expect((await load(page.id, viewer)).summary.id).toBe(page.id);
      for (const [url, body] of [
        ['/product/page/add', { productId, title: 'X', kind: 'main' }],
        ['/product/page/rename', { id: page.id, title: 'X' }],
        ['/product/page/delete', { id: page.id }],
      ] as const) {
        expect(await viewer.call('POST', url, body), url).toMatchObject({ status: 403, code: '1201' });
      }
      expect(await saveMultipart(viewer, { id: page.id, version: 0 })).toMatchObject({ code: '1201' });
      expect(await stranger.call('POST', '/product/page/list', { productId })).toMatchObject({
        status: 403,
        code: '1201',
      });
      expect(await new TestClient(server).call('POST', '/product/page/list', { productId })).toMatchObject({
        status: 401,
        code: '1010',
      });
      expect(await listPages(productId, viewer)).toHaveLength(1);
    });
  });

  describe('loading and saving', () => {
    it('loads a page nobody saved as an empty default canvas', async () => {
      const productId = await newProduct();
      const page = await addPage(productId, 'Overview');
      const loaded = await load(page.id);
      expect(loaded).toMatchObject({
        summary: { id: page.id, isStart: true },
        version: 0,
        con: {
          id: page.id,
          productId,
          title: 'Overview',
          width: 1024,
          height: 768,
          checkpwd: false,
          password: '',
          hasPassword: false,
        },
        widgets: [],
        bind: emptyBinds,
      });
    });

    it('saves a multipart form and answers the new version; the page loads as saved', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      const saved = await saveMultipart(developer, {
        id: page.id,
        version: 0,
        con: pageSettings({ title: 'Boiler room' }),
        bind: { ...emptyBinds, signals: ['temperature'] },
      });
      expect(saved).toMatchObject({ code: '200', data: { version: 1 } });
      const loaded = await load(page.id);
      expect(loaded).toMatchObject({
        version: 1,
        summary: { title: 'Boiler room', version: 1 },
        con: { id: page.id, title: 'Boiler room', width: 1280, bgColor: '#202020' },
        bind: { signals: ['temperature'] },
      });
      expect(loaded.widgets.map((widget) => widget.id)).toEqual(['w1', 'w2']);
    });

    it('accepts the same save as JSON and as a form', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      const json = await postJson(server, developer, '/product/page/save', {
        id: page.id,
        version: 0,
        con: pageSettings(),
        widgets: [rectWidget('a')],
        bind: emptyBinds,
      });
      expect(json).toMatchObject({ code: '200', data: { version: 1 } });
      const form = await developer.call('POST', '/product/page/save', {
        id: page.id,
        version: 1,
        con: JSON.stringify(pageSettings()),
        widgets: JSON.stringify([rectWidget('b')]),
        bind: JSON.stringify(emptyBinds),
      });
      expect(form).toMatchObject({ code: '200', data: { version: 2 } });
      expect((await load(page.id)).widgets.map((widget) => widget.id)).toEqual(['b']);
    });

    it('refuses a save based on an older version, and of two saves at once exactly one wins', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      expect((await saveMultipart(developer, { id: page.id, version: 0 })).code).toBe('200');
      expect(await saveMultipart(developer, { id: page.id, version: 0 })).toMatchObject({
        status: 409,
        code: '1141',
        message: 'Someone else changed this page; reload it before saving',
      });
      const racing = await Promise.all([
        saveMultipart(developer, { id: page.id, version: 1, widgets: [rectWidget('mine')] }),
        saveMultipart(operator, { id: page.id, version: 1, widgets: [rectWidget('theirs')] }),
      ]);
      expect(racing.map((answer) => answer.code).sort()).toEqual(['1141', '200']);
      const winner = racing.findIndex((answer) => answer.code === '200');
      const loaded = await load(page.id);
      expect(loaded.version).toBe(2);
      expect(loaded.widgets.map((widget) => widget.id)).toEqual([winner === 0 ? 'mine' : 'theirs']);
    });

    it('refuses a page over the limits or with broken parts, and changes nothing', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      const tooMany = Array.from({ length: WIDGET_MAX_COUNT + 1 }, (_, index) => rectWidget(`w${index}`));
      expect(await saveMultipart(developer, { id: page.id, version: 0, widgets: tooMany })).toMatchObject({
        status: 400,
        code: '1002',
        data: { field: 'widgets' },
      });
      expect(
        await saveMultipart(developer, { id: page.id, version: 0, con: pageSettings({ width: -5 }) }),
      ).toMatchObject({ code: '1002', data: { field: 'con.width' } });
      expect(
        await saveMultipart(developer, { id: page.id, version: 0, bind: { equips: 'all' } }),
      ).toMatchObject({ code: '1002', data: { field: 'bind.equips' } });
      expect(
        await developer.call('POST', '/product/page/save', {
          id: page.id,
          version: 0,
          con: '{not json',
          widgets: '[]',
          bind: '{}',
        }),
      ).toMatchObject({ code: '1002', data: { field: 'con' } });
      expect(
        await developer.call('POST', '/product/page/save', {
          id: page.id,
          version: 0,
          widgets: '[]',
          bind: '{}',
        }),
      ).toMatchObject({ code: '1001', data: { field: 'con' } });
      expect(
        await developer.call('POST', '/product/page/save', {
          id: page.id,
          version: -1,
          con: '{}',
          widgets: '[]',
          bind: '{}',
        }),
      ).toMatchObject({ code: '1002', data: { field: 'version' } });
      expect((await load(page.id)).version).toBe(0);
    });
  });

  describe('addresses in saved pages', () => {
    const linkWidget = (id: string, link: string) => {
      const widget = rectWidget(id);
      return { ...widget, event: { ...widget.event, enable: true, action: 'link', link, target: '_self' } };
    };

    it.each([
      [
        'a script click link',
        [linkWidget('w1', 'javascript:alert(document.cookie)')],
        undefined,
        'widgets.0.event.link',
      ],
      [
        'a disguised script link',
        [linkWidget('w1', ' \tJaVa\tScRiPt:alert(1)')],
        undefined,
        'widgets.0.event.link',
      ],
      [
        'a protocol-relative link',
        [linkWidget('w1', '//evil.example/login')],
        undefined,
        'widgets.0.event.link',
      ],
      [
        'a data image',
        [rectWidget('w1', 'UsualImage', { url: 'data:image/svg+xml,<svg onload=alert(1)>' })],
        undefined,
        'widgets.0.data.url',
      ],
      [
        'a script background',
        [rectWidget('w1')],
        pageSettings({ bgImage: 'vbscript:msgbox(1)' }),
        'con.bgImage',
      ],
    ])(
      'refuses %s with the catalogue error and keeps the page as it was',
      async (_label, widgets, con, field) => {
        const page = await addPage(await newProduct(), 'Links');
        const safe = [linkWidget('w1', 'https://example.com/manual')];
        expect(await saveMultipart(developer, { id: page.id, version: 0, widgets: safe })).toMatchObject({
          code: '200',
        });
        const refused = await saveMultipart(developer, { id: page.id, version: 1, widgets, con });
        expect(refused).toMatchObject({ status: 400, code: '1650', data: { field } });
        expect(refused.message).toBe(
          `Unsafe address in ${field}: only http(s) links and addresses on this site are allowed`,
        );
        const loaded = await load(page.id);
        expect(loaded.version).toBe(1);
        expect(loaded.widgets).toMatchObject([{ id: 'w1', event: { link: 'https://example.com/manual' } }]);
        expect(loaded.con.bgImage).toBe('');
      },
    );

    it('checks click scripts on save: a syntax error is refused naming its field, a good script is kept', async () => {
      const page = await addPage(await newProduct(), 'Scripts');
      const scriptWidget = (id: string, script: string) => {
        const widget = rectWidget(id);
        return { ...widget, event: { ...widget.event, enable: true, action: 'script', script } };
      };
      const good = "const t = read('temperature'); if (t > 80) write('pump', 0);";
      expect(
        await saveMultipart(developer, { id: page.id, version: 0, widgets: [scriptWidget('w1', good)] }),
      ).toMatchObject({ code: '200' });
      const refused = await saveMultipart(developer, {
        id: page.id,
        version: 1,
        widgets: [scriptWidget('w1', good), scriptWidget('w2', 'write("pump", ')],
      });
      expect(refused).toMatchObject({ status: 400, code: '2687', data: { field: 'widgets.1.event.script' } });
      expect(refused.message).toMatch(/^The click script has a syntax error: /);
      const loaded = await load(page.id);
      expect(loaded.version).toBe(1);
      expect(loaded.widgets).toMatchObject([{ id: 'w1', event: { action: 'script', script: good } }]);
    });

    it('keeps links and pictures on this site and on http(s) sites', async () => {
      const page = await addPage(await newProduct(), 'Links');
      const widgets = [
        linkWidget('w1', '/monitor/devices'),
        rectWidget('w2', 'UsualImage', { url: '/lyyp/developer/files/pump.png' }),
      ];
      const con = pageSettings({ bgImage: 'https://cdn.example.com/plant.jpg' });
      expect(await saveMultipart(developer, { id: page.id, version: 0, widgets, con })).toMatchObject({
        code: '200',
      });
      expect((await load(page.id)).con.bgImage).toBe('https://cdn.example.com/plant.jpg');
    });
  });

  describe('page passwords', () => {
    const storedRow = async (id: string) =>
      (await server.database.db.select().from(designerPages).where(eq(designerPages.id, id)))[0]!;

    it('keeps only a hash of the password and never shows it', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      const saved = await saveMultipart(developer, {
        id: page.id,
        version: 0,
        con: pageSettings({ checkpwd: true, password: 'Valve#42' }),
      });
      expect(saved.code).toBe('200');
      const row = await storedRow(page.id);
      expect(row.passwordHash).toMatch(/^scrypt\$/);
      expect(JSON.stringify(row.content)).not.toContain('Valve#42');
      const loaded = await load(page.id);
      expect(loaded.con).toMatchObject({ checkpwd: true, password: '', hasPassword: true });
      expect(loaded.summary.checkpwd).toBe(true);
    });

    it('keeps the password for an empty one, forgets it without the check, needs one to turn the check on', async () => {
      const page = await addPage(await newProduct(), 'Overview');
      expect(
        await saveMultipart(developer, { id: page.id, version: 0, con: pageSettings({ checkpwd: true }) }),
      ).toMatchObject({ code: '1001', data: { field: 'con.password' } });
      await saveMultipart(developer, {
        id: page.id,
        version: 0,
        con: pageSettings({ checkpwd: true, password: 'Valve#42' }),
      });
      const hash = (await storedRow(page.id)).passwordHash;
      await saveMultipart(developer, { id: page.id, version: 1, con: pageSettings({ checkpwd: true }) });
      expect((await storedRow(page.id)).passwordHash).toBe(hash);
      await saveMultipart(developer, { id: page.id, version: 2, con: pageSettings({ checkpwd: false }) });
      expect(await storedRow(page.id)).toMatchObject({ checkpwd: false, passwordHash: null });
      expect((await load(page.id)).con).toMatchObject({ checkpwd: false, hasPassword: false });
    });
  });

  describe('pages of a device for its viewers', () => {
    let start: Summary;
    let locked: Summary;
    let foreign: Summary;

    beforeAll(async () => {
      await addPage(deviceProductId, 'Popup', 'child');
      start = await addPage(deviceProductId, 'Overview');
      locked = await addPage(deviceProductId, 'Maintenance');
      await saveMultipart(developer, {
        id: locked.id,
        version: 0,
        con: pageSettings({ checkpwd: true, password: 'Valve#42' }),
      });
      foreign = await addPage(await newProduct(), 'Elsewhere');
    });

    it("lists the device product's pages, the start page first", async () => {
      const answer = await owner.call('POST', '/equipment/page/list', { equipmentId: deviceId });
      expect(answer.code).toBe('200');
      const pages = answer.data as Summary[];
      expect(pages.map((page) => page.title)).toEqual(['Overview', 'Popup', 'Maintenance']);
      expect(pages.find((page) => page.title === 'Maintenance')?.checkpwd).toBe(true);
      expect((await developer.call('POST', '/equipment/page/list', { equipmentId: deviceId })).code).toBe(
        '200',
      );
    });

    it('opens a page without a password check', async () => {
      const answer = await owner.call('POST', '/equipment/page/open', {
        equipmentId: deviceId,
        pageId: start.id,
      });
      expect(answer).toMatchObject({
        code: '200',
        data: { con: { id: start.id, title: 'Overview', password: '' }, widgets: [], bind: emptyBinds },
      });
    });

    it('answers a device the caller does not see, or a page of another product, like a missing one', async () => {
      expect(await stranger.call('POST', '/equipment/page/list', { equipmentId: deviceId })).toMatchObject({
        status: 404,
        code: '1003',
      });
      expect(
        await stranger.call('POST', '/equipment/page/open', { equipmentId: deviceId, pageId: start.id }),
      ).toMatchObject({ code: '1003' });
      expect(
        await owner.call('POST', '/equipment/page/open', { equipmentId: deviceId, pageId: foreign.id }),
      ).toMatchObject({ code: '1003' });
      expect(await owner.call('POST', '/equipment/page/open', { equipmentId: deviceId })).toMatchObject({
        code: '1001',
        data: { field: 'pageId' },
      });
    });

    it('opens a page with a password check only with its password', async () => {
      const open = (password?: string) =>
        owner.call('POST', '/equipment/page/open', {
          equipmentId: deviceId,
          pageId: locked.id,
          ...(password === undefined ? {} : { password }),
        });
      expect(await open()).toMatchObject({ status: 403, code: '1140' });
      expect(await open('')).toMatchObject({ code: '1140' });
      expect(await open('wrong')).toMatchObject({ status: 403, code: '1139' });
      const opened = await open('Valve#42');
      expect(opened).toMatchObject({
        code: '200',
        data: { con: { id: locked.id, checkpwd: true, password: '', hasPassword: true } },
      });
      expect(JSON.stringify(opened.data)).not.toContain('Valve#42');
    });

    it('stops guessing after repeated wrong passwords, per account and page', async () => {
      const guesser = await signInAs(server, developerAccount);
      const open = (client: TestClient, password: string) =>
        client.call('POST', '/equipment/page/open', { equipmentId: deviceId, pageId: locked.id, password });
      for (let attempt = 0; attempt < LOGIN_MAX_FAILURES; attempt += 1) {
        expect((await open(guesser, `guess-${attempt}`)).code).toBe('1139');
      }
      expect(await open(guesser, 'Valve#42')).toMatchObject({ status: 429, code: '1128' });
      expect((await open(owner, 'Valve#42')).code).toBe('200');
      server.clock.advance(16 * 60_000);
      expect((await open(guesser, 'Valve#42')).code).toBe('200');
    });
  });
});
