import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEVICE_KNOWLEDGE_API_PATHS,
  KNOWLEDGE_API_PATHS,
  knowledgeArticleSchema,
  knowledgeFileSchema,
  knowledgePageSchema,
  type KnowledgeAddBody,
} from '@lyyp/contracts/knowledge';
import { buildBoundDevice } from '../../test/factories.ts';
import {
  databaseVariants,
  startTestServer,
  type TestClient,
  type TestServer,
} from '../../test/test-server.ts';
import {
  HIGH_TEMPERATURE,
  addRule,
  alarmFixture,
  connectGateway,
  signedIn,
  upload,
} from '../alarm/alarm-test-support.ts';
import { postJson, postMultipart } from '../device/catalogue-test-support.ts';
import { IMAGE_SAMPLES } from '../files/files-test-support.ts';

describe.each(databaseVariants())('product knowledge base on $name', (variant) => {
  let server: TestServer;
  let fixture: Awaited<ReturnType<typeof alarmFixture>>;

  const okData = async (client: TestClient, path: string, body: unknown) => {
    const answer = await postJson(server, client, path, body);
    expect(answer.code, answer.message).toBe('200');
    return answer.data;
  };
  /** GET a served file as `client` (null: nobody signed in). */
  const fetchFile = (url: string, client: TestClient | null) =>
    server.app.inject({
      method: 'GET',
      url,
      headers: client
        ? { cookie: [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
        : {},
    });
  const write = async (client: TestClient, body: KnowledgeAddBody) =>
    knowledgeArticleSchema.parse(await okData(client, KNOWLEDGE_API_PATHS.add, body));

  beforeAll(async () => {
    server = await startTestServer(variant, { ALARM_SWEEP_INTERVAL_MS: '0', REPORT_SWEEP_INTERVAL_MS: '0' });
    await server.runtime.start();
    fixture = await alarmFixture(server);
  });
  afterAll(async () => server.close());

  it('stores the body sanitised: no scripts, handlers, unsafe links or foreign image schemes', async () => {
    const image = knowledgeFileSchema.parse(
      (
        await postMultipart(
          server,
          fixture.developerClient,
          KNOWLEDGE_API_PATHS.uploadImage,
          {},
          {
            field: 'file',
            name: 'valve.png',
            bytes: IMAGE_SAMPLES.png,
          },
        )
      ).data,
    );
    // §5, §9: images are under 100K; one of exactly 100 × 1024 bytes is refused.
    const upload = (size: number) =>
      postMultipart(
        server,
        fixture.developerClient,
        KNOWLEDGE_API_PATHS.uploadImage,
        {},
        {
          field: 'file',
          name: 'big.png',
          bytes: Buffer.concat([IMAGE_SAMPLES.png, Buffer.alloc(size - IMAGE_SAMPLES.png.length)]),
        },
      );
    const tooBig = await upload(100 * 1024);
    expect(tooBig.code).toBe('1802');
    expect(tooBig.message).toContain('100K');
    expect((await upload(100 * 1024 - 1)).code).toBe('200');
    const article = await write(fixture.developerClient, {
      productId: fixture.product.id,
      title: '锅炉超温处理',
      summary: 'What to do when the water is too hot',
      body:
        `<h2 onclick="steal()">步骤</h2><p style="color:red">关闭<b>燃烧器</b></p><script>alert(1)</script>` +
        `<img src="${image.url}" onerror="steal()"><img src="data:image/png;base64,AAAA"><img src="javascript:alert(1)">` +
        `<a href="javascript:alert(1)">bad</a><a href="https://example.com/manual">manual</a><iframe src="https://x"></iframe>`,
    });
    expect(article.body).toContain('<h2>步骤</h2>');
    expect(article.body).toContain('<b>燃烧器</b>');
    expect(article.body).toContain(`<img src="${image.url}">`);
    expect(article.body).toContain('href="https://example.com/manual"');
    for (const removed of ['script', 'onclick', 'onerror', 'style=', 'data:', 'javascript:', 'iframe']) {
      expect(article.body).not.toContain(removed);
    }
    expect(article.authorName).toBe(fixture.developer.name);
    // The uploaded image is served from the file store, to those who may read the article only.
    const served = await fetchFile(image.url, fixture.developerClient);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('private, no-store');
  });

  it('finds articles by part of the title or body text, Chinese included, with wildcards taken literally', async () => {
    const productId = fixture.product.id;
    await write(fixture.developerClient, {
      productId,
      title: 'Low water level',
      body: '<p>检查<strong>给水泵</strong>是否运行</p><p>Refill to 50%_mark</p>',
    });
    await write(fixture.developerClient, { productId, title: '压力过高', body: '<p>打开泄压阀</p>' });
    const search = async (keyword: string) =>
      knowledgePageSchema
        .parse(await okData(fixture.developerClient, KNOWLEDGE_API_PATHS.list, { productId, keyword }))
        .list.map((item) => item.title);
    expect(await search('给水泵')).toEqual(['Low water level']);
    expect(await search('泄压')).toEqual(['压力过高']);
    expect(await search('LOW WATER')).toEqual(['Low water level']);
    expect(await search('50%_m')).toEqual(['Low water level']);
    expect(await search('%')).toEqual(['Low water level']);
    // Markup is not text: a tag name finds nothing.
    expect(await search('strong')).toEqual([]);
    const all = knowledgePageSchema.parse(
      await okData(fixture.developerClient, KNOWLEDGE_API_PATHS.list, { productId }),
    );
    expect(all.total).toBe(3);
    expect(all.list[0]).toMatchObject({ title: '压力过高', authorName: fixture.developer.name });
  });

  it('refuses an empty body, a foreign attachment and a missing article, and changes nothing', async () => {
    const productId = fixture.product.id;
    const before = knowledgePageSchema.parse(
      await okData(fixture.developerClient, KNOWLEDGE_API_PATHS.list, { productId }),
    ).total;
    const empty = await postJson(server, fixture.developerClient, KNOWLEDGE_API_PATHS.add, {
      productId,
      title: 'Empty',
      body: '<script>alert(1)</script><p> </p>',
    });
    expect(empty).toMatchObject({ code: '2761' });
    expect(empty.message).toContain('no content');
    // An attachment uploaded by someone else cannot be taken into an article.
    const other = await buildBoundDevice(server.database.db);
    const otherClient = await signedIn(server, other.developer.username!);
    const foreignFile = knowledgeFileSchema.parse(
      (
        await postMultipart(
          server,
          otherClient,
          KNOWLEDGE_API_PATHS.uploadAttachment,
          {},
          {
            field: 'file',
            name: 'manual.pdf',
            bytes: Buffer.from('%PDF-1.4 manual'),
          },
        )
      ).data,
    );
    expect(
      await postJson(server, fixture.developerClient, KNOWLEDGE_API_PATHS.add, {
        productId,
        title: 'Stolen',
        body: '<p>x</p>',
        attachments: [{ id: foreignFile.id }],
      }),
    ).toMatchObject({ code: '2763' });
    expect(
      await postJson(server, fixture.developerClient, KNOWLEDGE_API_PATHS.edit, {
        productId,
        id: 'no-such-article',
        title: 'x',
        body: '<p>x</p>',
      }),
    ).toMatchObject({ code: '1003' });
    const notImage = await postMultipart(
      server,
      fixture.developerClient,
      KNOWLEDGE_API_PATHS.uploadImage,
      {},
      {
        field: 'file',
        name: 'fake.png',
        bytes: Buffer.from('not an image'),
      },
    );
    expect(notImage.code).toBe('2764');
    expect(
      knowledgePageSchema.parse(
        await okData(fixture.developerClient, KNOWLEDGE_API_PATHS.list, { productId }),
      ).total,
    ).toBe(before);
  });

  it('keeps attachments, and answers another product’s articles as missing', async () => {
    const file = knowledgeFileSchema.parse(
      (
        await postMultipart(
          server,
          fixture.developerClient,
          KNOWLEDGE_API_PATHS.uploadAttachment,
          {},
          {
            field: 'file',
            name: 'wiring.pdf',
            bytes: Buffer.from('%PDF-1.4 wiring'),
          },
        )
      ).data,
    );
    const article = await write(fixture.developerClient, {
      productId: fixture.product.id,
      title: 'Wiring',
      body: '<p>See the attachment</p>',
      attachments: [{ id: file.id }],
    });
    expect(article.attachments).toEqual([{ id: file.id, name: 'wiring.pdf', size: 15, url: file.url }]);
    const edited = knowledgeArticleSchema.parse(
      await okData(fixture.developerClient, KNOWLEDGE_API_PATHS.edit, {
        productId: fixture.product.id,
        id: article.id,
        title: 'Wiring diagram',
        body: '<p>See the attachment</p>',
        attachments: [{ id: file.id }],
      }),
    );
    expect(edited).toMatchObject({ title: 'Wiring diagram', attachments: [{ name: 'wiring.pdf' }] });

    const other = await buildBoundDevice(server.database.db);
    const otherClient = await signedIn(server, other.developer.username!);
    // Another developer can neither read nor change it, through their own product id or this one.
    for (const productId of [fixture.product.id, other.product.id]) {
      expect(
        await postJson(server, otherClient, KNOWLEDGE_API_PATHS.info, { productId, id: article.id }),
      ).toMatchObject({ code: '1003' });
      expect(
        await postJson(server, otherClient, KNOWLEDGE_API_PATHS.delete, { productId, id: article.id }),
      ).toMatchObject({ code: '1003' });
    }
    // The owner of another device cannot read it through that device.
    const otherOwner = await signedIn(server, other.owner.username!);
    expect(
      await postJson(server, otherOwner, DEVICE_KNOWLEDGE_API_PATHS.info, {
        deviceId: other.device.id,
        id: article.id,
      }),
    ).toMatchObject({ code: '1003' });
    expect(
      await postJson(server, otherOwner, DEVICE_KNOWLEDGE_API_PATHS.list, { deviceId: fixture.device.id }),
    ).toMatchObject({ code: '1003' });
  });

  it('lets the device owner read the articles, read-only, and an alarm rule links one shown with the record', async () => {
    const productId = fixture.product.id;
    const article = await write(fixture.developerClient, {
      productId,
      title: '超温怎么办',
      body: '<p>降低负荷，检查循环泵</p>',
    });
    const mine = knowledgePageSchema.parse(
      await okData(fixture.ownerClient, DEVICE_KNOWLEDGE_API_PATHS.list, {
        deviceId: fixture.device.id,
        keyword: '循环泵',
      }),
    );
    expect(mine.list.map((item) => item.id)).toEqual([article.id]);
    expect(
      knowledgeArticleSchema.parse(
        await okData(fixture.ownerClient, DEVICE_KNOWLEDGE_API_PATHS.info, {
          deviceId: fixture.device.id,
          id: article.id,
        }),
      ).body,
    ).toBe('<p>降低负荷，检查循环泵</p>');
    // End users cannot write.
    expect(
      await postJson(server, fixture.ownerClient, KNOWLEDGE_API_PATHS.add, {
        productId,
        title: 'x',
        body: '<p>x</p>',
      }),
    ).toMatchObject({ code: '1201' });

    // A rule may link only an article of its own product.
    const other = await buildBoundDevice(server.database.db);
    const otherClient = await signedIn(server, other.developer.username!);
    const foreignArticle = knowledgeArticleSchema.parse(
      await okData(otherClient, KNOWLEDGE_API_PATHS.add, {
        productId: other.product.id,
        title: 'Theirs',
        body: '<p>x</p>',
      }),
    );
    expect(
      await postJson(server, fixture.developerClient, '/alarm/rule/add', {
        productId,
        rule: { ...HIGH_TEMPERATURE, articleId: foreignArticle.id },
      }),
    ).toMatchObject({ code: '2765', data: { field: 'articleId' } });

    const rule = await addRule(server, fixture.developerClient, productId, {
      ...HIGH_TEMPERATURE,
      articleId: article.id,
    });
    expect(rule.articleId).toBe(article.id);
    // A linked article cannot be deleted.
    const refused = await postJson(server, fixture.developerClient, KNOWLEDGE_API_PATHS.delete, {
      productId,
      id: article.id,
    });
    expect(refused).toMatchObject({ code: '2766' });
    expect(refused.message).toContain('High temperature');

    const link = await connectGateway(server, fixture.gateway);
    try {
      const now = server.clock.now();
      await upload(link, 1, [{ k: 'waterTemperature', t: now - 1000, v: 95 }]);
    } finally {
      await link.close();
    }
    const records = await okData(fixture.ownerClient, '/alarm/record/device', {
      equipmentId: fixture.device.id,
      pageSize: 10,
    });
    expect((records as { list: { article: unknown }[] }).list[0]?.article).toEqual({
      id: article.id,
      title: '超温怎么办',
    });
  });
  it('serves an article’s images and attachments only to its readers, never from a shared cache', async () => {
    const upload = async (path: string, name: string, bytes: Buffer) =>
      knowledgeFileSchema.parse(
        (await postMultipart(server, fixture.developerClient, path, {}, { field: 'file', name, bytes })).data,
      );
    const image = await upload(KNOWLEDGE_API_PATHS.uploadImage, 'pump.png', IMAGE_SAMPLES.png);
    const attachment = await upload(
      KNOWLEDGE_API_PATHS.uploadAttachment,
      'manual.pdf',
      Buffer.from('%PDF-1.4 x'),
    );
    // Before any article names them, only the person who uploaded them gets them.
    expect((await fetchFile(attachment.url, fixture.ownerClient)).statusCode).toBe(404);
    expect((await fetchFile(attachment.url, fixture.developerClient)).statusCode).toBe(200);
    await write(fixture.developerClient, {
      productId: fixture.product.id,
      title: 'Pump manual',
      body: `<p>Pump</p><img src="${image.url}">`,
      attachments: [{ id: attachment.id }],
    });

    const other = await buildBoundDevice(server.database.db);
    const strangers = {
      nobody: null,
      'another developer': await signedIn(server, other.developer.username!),
      'the owner of another product’s device': await signedIn(server, other.owner.username!),
    };
    for (const url of [image.url, attachment.url]) {
      for (const [who, client] of Object.entries(strangers)) {
        const refused = await fetchFile(url, client);
        expect(refused.statusCode, `${who} ${url}`).toBe(404);
        expect(refused.json()).toMatchObject({ code: '1003' });
        expect(refused.headers['cache-control']).toBe('private, no-store');
      }
      // The product's developer and the owner of one of its devices read the article, so its files.
      for (const client of [fixture.developerClient, fixture.ownerClient]) {
        const served = await fetchFile(url, client);
        expect(served.statusCode).toBe(200);
        expect(served.headers['cache-control']).toBe('private, no-store');
      }
    }

    // A design page's image stays public and cacheable.
    const pageImage = await postMultipart(
      server,
      fixture.developerClient,
      '/file/upload',
      {},
      { field: 'file', name: 'logo.png', bytes: IMAGE_SAMPLES.png },
    );
    const publicImage = await fetchFile((pageImage.data as { url: string }).url, null);
    expect(publicImage.statusCode).toBe(200);
    expect(publicImage.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });
});
