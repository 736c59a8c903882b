/**
 * Designer page routes: loading and saving a page (versions, limits, multipart forms), the
 * addresses a saved page may hold, and page passwords. The pages of a product, who may edit them
 * and a device's pages for its viewers are in `designer.routes.test.ts`.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WIDGET_MAX_COUNT } from '@lyyp/contracts/designer';
import { designerPages } from '../../db/schema/index.ts';
import { databaseVariants, type TestClient, type TestServer } from '../../test/test-server.ts';
import { postJson } from '../device/catalogue-test-support.ts';
import {
  closeDesignerWorld,
  pageCalls,
  startDesignerWorld,
  type DesignerWorld,
} from './designer-routes-test-support.ts';
import { emptyBinds, pageSettings, rectWidget } from './designer-test-support.ts';

describe.each(databaseVariants())('designer pages on $name', (variant) => {
  let world: DesignerWorld | undefined;
  let server: TestServer;
  let developer: TestClient;
  let operator: TestClient;

  beforeAll(async () => {
    world = await startDesignerWorld(variant);
    ({ server, developer, operator } = world);
  });
  afterAll(() => closeDesignerWorld(world));

  const { newProduct, addPage, load, saveMultipart } = pageCalls(() => world!);

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
});
