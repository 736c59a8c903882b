/**
 * Moving a whole product as a file: a product built through the paths a developer uses (model
 * with computed variables, a script, designer pages linking each other and a report, a report,
 * alarm groups and rules, offline alarms) is downloaded, imported as it is, and downloaded again:
 * the two files are equal but for ids, and every reference points at the new product's own parts.
 * A broken file names what is wrong and creates nothing; a file pointing at another tenant's parts
 * takes none of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { demoBoilerModel } from '@lyyp/contracts/device-model';
import { createWidget } from '@lyyp/designer-core';
import { products } from '../../db/schema/index.ts';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import { closeTestServer, postJson, signIn } from '../device/catalogue-test-support.ts';
import { emptyBinds, pageSettings } from '../designer/designer-test-support.ts';
import { normaliseIds } from './product-bundle.test-support.ts';

type Document = Record<string, unknown> & {
  product: { title: string };
  pages: Array<{ id: string; title: string; content: { widgets: Array<Record<string, unknown>> } | null }>;
  reports: Array<{ id: string }>;
  alarms: {
    groups: Array<{ id: string }>;
    rules: Array<{ id: string; groupIds: string[] }>;
    statusAlarms: unknown;
  };
};

describe.each(databaseVariants())('product files on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let developerId: string;

  beforeAll(async () => {
    server = await startTestServer(variant);
    const signedIn = await signIn(server, 'developer');
    developer = signedIn.client;
    developerId = signedIn.account.id;
  });
  afterAll(async () => closeTestServer(server));

  const post = async <T>(path: string, body: unknown, client = developer): Promise<T> => {
    const answer = await postJson(server, client, path, body);
    expect(answer.code, `${path}: ${answer.message}`).toBe('200');
    return answer.data as T;
  };
  let idCounter = 0;
  const createId = () => `w${++idCounter}`;

  /** A product as a developer builds it, with every part a product file carries. */
  async function buildFullProduct(title: string) {
    const product = await post<{ id: string }>('/product/advance/importProduct', {
      title,
      json: demoBoilerModel(),
    });
    const productId = product.id;
    await post('/product/script/save', {
      productId,
      script: {
        key: 'counter',
        name: 'Counter',
        policy: 'periodic',
        intervalSeconds: 10,
        code: "write('runHours', read('runHours') + 1)",
      },
    });
    const report = await post<{ id: string }>('/report/add', {
      productId,
      report: {
        name: 'Gas',
        type: 'consumption',
        storageMode: 'periodic',
        intervalMinutes: 60,
        variables: [{ key: 'gasTotal', aggregation: 'difference' }],
      },
    });
    const main = await post<{ id: string }>('/product/page/add', {
      productId,
      title: 'Overview',
      kind: 'main',
    });
    const detail = await post<{ id: string }>('/product/page/add', {
      productId,
      title: 'Detail',
      kind: 'child',
    });
    const button = createWidget('UsualButton', { x: 20, y: 20, width: 120, height: 40 }, { createId });
    button.event = { ...button.event, enable: true, action: 'page', pageId: detail.id };
    const history = createWidget('ComplexHistory', { x: 200, y: 20, width: 500, height: 300 }, { createId });
    history.data.dataAddon.reportId = report.id;
    await post('/product/page/save', {
      id: main.id,
      version: 0,
      con: pageSettings({ widgetCount: 2 }),
      widgets: [button, history],
      bind: emptyBinds,
    });
    const group = await post<{ id: string }>('/alarm/group/add', {
      productId,
      group: {
        name: 'Boiler room',
        channels: ['app', 'sms', 'wechat'],
        channelSettings: { wechat: { url: 'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key=secret' } },
        recipients: [{ accountId: developerId, channels: ['app'] }],
      },
    });
    await post('/alarm/rule/add', {
      productId,
      rule: {
        name: 'High temperature',
        variableKey: 'waterTemperature',
        condition: { operator: 'gt', limit: { kind: 'value', value: 80 } },
        groupIds: [group.id],
      },
    });
    await post('/alarm/rule/status/save', {
      productId,
      statusAlarms: { offline: { enabled: true, delaySeconds: 300, groupIds: [group.id] } },
    });
    return { productId, main, detail, report, group };
  }

  /** The file the console downloads, read back as the document it holds. */
  async function download(id: string, client = developer): Promise<{ name: string; text: string }> {
    const response = await server.app.inject({
      method: 'POST',
      url: '/lyyp/developer/product/advance/exportProductFile',
      headers: {
        cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ id }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/vnd.lyyp-product+json');
    const disposition = String(response.headers['content-disposition']);
    return {
      name: decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!),
      text: response.body,
    };
  }

  it('downloads a product file that imports as it is; exporting the copy gives the same file but ids', async () => {
    const source = await buildFullProduct('Boiler line 7');
    const first = await download(source.productId);
    expect(first.name).toBe('Boiler line 7.lyyp-product.json');
    const document = JSON.parse(first.text) as Document;
    expect(document).toMatchObject({ format: 'lyyp-product', version: 2 });
    expect(document.pages.map((page) => page.title)).toEqual(['Overview', 'Detail']);
    // What must stay on this platform does not travel: recipients, robot addresses with their keys.
    expect(document.alarms.groups[0]).toMatchObject({
      channels: ['app', 'sms'],
      recipients: [],
      channelSettings: {},
    });
    expect(first.text).not.toContain('key=secret');

    const imported = await post<{ id: string; title: string; model: { scripts: unknown[] } }>(
      '/product/advance/importProduct',
      { json: first.text },
    );
    expect(imported.id).not.toBe(source.productId);
    expect(imported.title).toBe('Boiler line 7');
    // The demo model's two scripts and the one added.
    expect(imported.model.scripts).toHaveLength(3);

    const second = JSON.parse((await download(imported.id)).text) as Document;
    expect(normaliseIds(second)).toEqual(normaliseIds(document));

    // Nothing of the copy points back at the source: pages, report and groups are its own.
    const newIds = {
      pages: second.pages.map((page) => page.id),
      report: second.reports[0]!.id,
      group: second.alarms.groups[0]!.id,
    };
    expect(newIds.pages).not.toContain(source.main.id);
    const widgets = second.pages[0]!.content!.widgets as Array<{
      event: { pageId: string };
      data: { dataAddon?: { reportId?: string } };
    }>;
    expect(widgets[0]!.event.pageId).toBe(newIds.pages[1]);
    expect(widgets[1]!.data.dataAddon!.reportId).toBe(newIds.report);
    expect(second.alarms.rules[0]!.groupIds).toEqual([newIds.group]);
    expect(second.alarms.statusAlarms).toMatchObject({
      offline: { enabled: true, groupIds: [newIds.group] },
    });
    // The copy works like any product: its page opens, its lists answer.
    expect(
      (await post<{ reports: unknown[] }>('/report/list', { productId: imported.id })).reports,
    ).toHaveLength(1);
    expect(
      (await post<Array<{ title: string }>>('/product/page/list', { productId: imported.id })).map(
        (page) => page.title,
      ),
    ).toEqual(['Overview', 'Detail']);
  });

  it('imports the saved answer of exportProduct as it is, on this platform or another', async () => {
    const source = await buildFullProduct('Boiler line 8');
    const answer = await postJson(server, developer, '/product/advance/exportProduct', {
      id: source.productId,
    });
    const other = await startTestServer(variant);
    try {
      const { client } = await signIn(other, 'developer');
      const imported = await postJson(other, client, '/product/advance/importProduct', {
        json: JSON.stringify(answer),
      });
      expect(imported.code, imported.message).toBe('200');
      const again = await postJson(other, client, '/product/advance/exportProduct', {
        id: (imported.data as { id: string }).id,
      });
      expect(normaliseIds(again.data)).toEqual(normaliseIds(answer.data));
    } finally {
      await other.close();
    }
    // Starting a second platform (the "other" one) takes a while on a loaded machine.
  }, 240_000);

  it('refuses a broken part with the field inside the file and creates nothing', async () => {
    const source = await buildFullProduct('Boiler line 9');
    const document = JSON.parse((await download(source.productId)).text) as Document;
    const count = async () =>
      (await server.database.db.select().from(products).where(eq(products.ownerAccountId, developerId)))
        .length;
    const before = await count();
    const cases: Array<[string, (copy: Document) => void, string, string]> = [
      [
        'a rule on a variable the model lacks',
        (copy) => {
          (copy.alarms.rules[0] as Record<string, unknown>).variableKey = 'noSuchVariable';
        },
        '2102',
        'json.alarms.rules.0.variableKey',
      ],
      [
        'a rule naming a group the file lacks',
        (copy) => {
          copy.alarms.rules[0]!.groupIds = ['missing'];
        },
        '2101',
        'json.alarms.rules.0.groupIds.0',
      ],
      [
        'a report on a variable the model lacks',
        (copy) => {
          (copy.reports[0] as Record<string, unknown>).variables = [{ key: 'nothing', aggregation: 'max' }];
        },
        '2301',
        'json.reports.0.variables.0.key',
      ],
      [
        'two reports of one name',
        (copy) => {
          copy.reports.push({ ...copy.reports[0]!, id: 'another' });
        },
        '2304',
        'json.reports.1.name',
      ],
      [
        'a page with a broken widget',
        (copy) => {
          copy.pages[0]!.content!.widgets[0]!.position = 'nowhere';
        },
        '1002',
        'json.pages.0.content.widgets.0',
      ],
      [
        'two pages with one id',
        (copy) => {
          copy.pages[1]!.id = copy.pages[0]!.id;
        },
        '1002',
        'json.pages.1.id',
      ],
    ];
    for (const [what, breakIt, code, field] of cases) {
      const copy = structuredClone(document);
      breakIt(copy);
      const answer = await postJson(server, developer, '/product/advance/importProduct', {
        json: JSON.stringify(copy),
      });
      expect([answer.code, (answer.data as { field?: string } | null)?.field], what).toEqual([code, field]);
    }
    expect(await count()).toBe(before);
  });

  it("takes nothing of another tenant's: links to pages and reports outside the file are unset, the owner is the importer", async () => {
    const victim = await buildFullProduct('Boiler line 11');
    const intruder = await signIn(server, 'developer');
    const document = JSON.parse((await download(victim.productId)).text) as Document;
    // The intruder's own file, pointing at the victim's page and report by their ids on this platform.
    const crafted = structuredClone(document);
    crafted.pages = [crafted.pages[0]!];
    crafted.reports = [];
    (crafted.product as Record<string, unknown>).ownerAccountId = developerId;
    (crafted.product as Record<string, unknown>).id = victim.productId;
    const widgets = crafted.pages[0]!.content!.widgets as Array<{
      event: { pageId: string };
      data: { dataAddon?: { reportId?: string } };
    }>;
    expect(widgets[0]!.event.pageId).toBe(victim.detail.id);
    expect(widgets[1]!.data.dataAddon!.reportId).toBe(victim.report.id);

    const answer = await postJson(server, intruder.client, '/product/advance/importProduct', {
      json: JSON.stringify(crafted),
    });
    expect(answer.code, answer.message).toBe('200');
    const imported = answer.data as { id: string };
    expect(imported.id).not.toBe(victim.productId);
    const [row] = await server.database.db.select().from(products).where(eq(products.id, imported.id));
    expect(row!.ownerAccountId).toBe(intruder.account.id);

    const again = JSON.parse((await download(imported.id, intruder.client)).text) as Document;
    const text = JSON.stringify(again);
    expect(text).not.toContain(victim.detail.id);
    expect(text).not.toContain(victim.report.id);
    const kept = again.pages[0]!.content!.widgets as typeof widgets;
    expect(kept[0]!.event.pageId).toBe('');
    expect(kept[1]!.data.dataAddon!.reportId).toBe('');
    // The victim's product is as it was.
    expect(
      (await post<Array<{ id: string }>>('/product/page/list', { productId: victim.productId })).length,
    ).toBe(2);
  });

  it('holds a picture address in a file to the rule of every stored address, and creates nothing otherwise', async () => {
    const count = async () =>
      (await server.database.db.select().from(products).where(eq(products.ownerAccountId, developerId)))
        .length;
    const before = await count();
    for (const imgUrl of [
      'javascript:alert(1)',
      '//elsewhere.example/track.png',
      'data:text/html,<b>x</b>',
    ]) {
      const answer = await postJson(server, developer, '/product/advance/importProduct', {
        json: JSON.stringify({
          format: 'lyyp-product',
          version: 2,
          product: { title: 'Picture', imgUrl },
          model: demoBoilerModel(),
        }),
      });
      expect([answer.code, (answer.data as { field?: string } | null)?.field], imgUrl).toEqual([
        '1651',
        'json.product.imgUrl',
      ]);
    }
    expect(await count()).toBe(before);
  });

  it('exports only what the caller may see', async () => {
    const source = await buildFullProduct('Boiler line 10');
    const stranger = (await signIn(server, 'developer')).client;
    expect(
      (await postJson(server, stranger, '/product/advance/exportProduct', { id: source.productId })).code,
    ).toBe('1003');
    const response = await server.app.inject({
      method: 'POST',
      url: '/lyyp/developer/product/advance/exportProductFile',
      payload: { id: source.productId },
    });
    expect(response.json()).toMatchObject({ code: '1010' });
  });
});
