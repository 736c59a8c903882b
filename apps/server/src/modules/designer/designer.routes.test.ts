/**
 * Designer page routes: the pages of a product (add, rename, copy, delete, the start page), who may
 * edit them, and a device's pages as its viewers see them. Loading and saving a page, addresses
 * and passwords in it are in `designer-page-save.routes.test.ts`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_MAX_FAILURES } from '@lyyp/contracts';
import { buildProduct } from '../../test/factories.ts';
import { TestClient, databaseVariants, type TestServer } from '../../test/test-server.ts';
import type { AccountRow } from '../account/account.repository.ts';
import { signIn } from '../device/catalogue-test-support.ts';
import {
  closeDesignerWorld,
  pageCalls,
  signInAs,
  startDesignerWorld,
  type DesignerWorld,
  type Summary,
} from './designer-routes-test-support.ts';
import { emptyBinds, pageSettings } from './designer-test-support.ts';

describe.each(databaseVariants())('designer pages on $name', (variant) => {
  let world: DesignerWorld | undefined;
  let server: TestServer;
  let developer: TestClient;
  let developerAccount: AccountRow;
  let otherDeveloper: TestClient;
  let operator: TestClient;
  let owner: TestClient;
  let stranger: TestClient;
  let deviceId: string;
  let deviceProductId: string;

  beforeAll(async () => {
    world = await startDesignerWorld(variant);
    ({
      server,
      developer,
      developerAccount,
      otherDeveloper,
      operator,
      owner,
      stranger,
      deviceId,
      deviceProductId,
    } = world);
  });
  afterAll(() => closeDesignerWorld(world));

  const { newProduct, addPage, listPages, startPages, load, saveMultipart } = pageCalls(() => world!);

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
