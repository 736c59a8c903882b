import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { databaseVariants, type TestClient, type TestServer, startTestServer } from '../test/test-server.ts';
import { closeTestServer, signIn } from '../modules/device/catalogue-test-support.ts';
import { IMAGE_SAMPLES, multipartBody } from '../modules/files/files-test-support.ts';
import { decodeFormComponent, decodeUtf8, findMalformedText } from './text-input.ts';

describe('strict decoding', () => {
  it('keeps bytes that are not UTF-8 as lone surrogates instead of U+FFFD', () => {
    expect(decodeUtf8(Buffer.from('Kessel 3 °C', 'utf8'))).toBe('Kessel 3 °C');
    expect(decodeUtf8(Buffer.from([0x61, 0xed, 0xa0, 0x80, 0x62]))).toBe('a\udced\udca0\udc80b');
    expect(decodeUtf8(Buffer.from([0xf0, 0x9f, 0x94, 0xa5, 0xff]))).toBe('🔥\udcff');
    expect(decodeFormComponent('a+b%20c%E4%B8%AD')).toBe('a b c中');
    expect(findMalformedText({ title: decodeFormComponent('%ED%A0%80') }, '')).toBe('title');
    // A percent sign that starts no escape is text, as a browser would have meant it.
    expect(decodeFormComponent('100%')).toBe('100%');
    expect(decodeFormComponent('100%+%ED%A0%80')).toBe('100% \udced\udca0\udc80');
  });

  it('finds NUL and lone surrogates in nested fields and keys, and accepts pairs', () => {
    expect(findMalformedText({ list: [{ name: 'ok' }, { name: 'a\u0000' }] }, '')).toBe('list.1.name');
    expect(findMalformedText({ ['k\ud800']: 'v' }, '')).toBe('k\ud800');
    expect(findMalformedText({ name: 'pump 🔥', low: '\udc00x' }, '')).toBe('low');
    expect(findMalformedText({ name: 'pump 🔥', bytes: Buffer.from([0]) }, '')).toBeNull();
  });
});

describe.each(databaseVariants())('malformed text on $name', (variant) => {
  let server: TestServer;
  let developer: TestClient;
  let operator: TestClient;
  let owner: TestClient;
  let productId: string;
  let gatewaySn: string;
  let deviceId: string;

  beforeAll(async () => {
    server = await startTestServer(variant);
    developer = (await signIn(server, 'developer')).client;
    operator = (await signIn(server, 'operation')).client;
    owner = (await signIn(server, 'terminal')).client;
    productId = ((await developer.call('POST', '/product/add', { title: 'Boiler' })).data as { id: string })
      .id;
    await developer.call('POST', '/product/setPublish', { id: productId });
    const [first, second] = (await operator.call('POST', '/gateway/batchAdd', { count: 2 })).data as Array<{
      sn: string;
      verificationCode: string;
    }>;
    gatewaySn = second!.sn;
    const bound = await owner.call('POST', '/equipment/add', {
      name: 'Boiler 1',
      sn: first!.sn,
      verificationCode: first!.verificationCode,
      productId,
    });
    deviceId = (bound.data as { id: string }).id;
  });
  afterAll(async () => closeTestServer(server));

  const cookieOf = (client: TestClient) =>
    [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');

  /** Sends a raw body; the text of a field is spliced in exactly as given (percent or JSON escapes). */
  const send = async (client: TestClient, path: string, contentType: string, payload: string | Buffer) => {
    const response = await server.app.inject({
      method: 'POST',
      url: `${API_PREFIX}${path}`,
      headers: { 'content-type': contentType, 'accept-language': 'en-US', cookie: cookieOf(client) },
      payload,
    });
    return { status: response.statusCode, ...response.json<{ code: string; data: unknown }>() };
  };

  const form = (fields: Record<string, string>, raw: [string, string]) =>
    [
      ...Object.entries(fields).map(([key, value]) => `${key}=${encodeURIComponent(value)}`),
      raw.join('='),
    ].join('&');
  const json = (fields: Record<string, string>, raw: [string, string]) =>
    `{${[...Object.entries(fields).map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value)}`), `"${raw[0]}":"${raw[1]}"`].join(',')}}`;

  interface FieldCase {
    name: string;
    client: TestClient;
    path: string;
    fields: Record<string, string>;
    field: string;
  }

  /** Each named text field, with the other fields it needs. */
  const cases = (): FieldCase[] => [
    { name: 'product title', client: developer, path: '/product/add', fields: {}, field: 'title' },
    {
      name: 'page title',
      client: developer,
      path: '/product/page/add',
      fields: { productId },
      field: 'title',
    },
    {
      name: 'device name',
      client: owner,
      path: '/equipment/edit',
      fields: { id: deviceId },
      field: 'name',
    },
    {
      name: 'device remark',
      client: owner,
      path: '/equipment/edit',
      fields: { id: deviceId },
      field: 'remark',
    },
    {
      name: 'gateway remark',
      client: operator,
      path: '/gateway/editRemark',
      fields: { sn: gatewaySn },
      field: 'remark',
    },
  ];

  /** Malformed values as each body kind carries them on the wire. */
  const FORM_VALUES = { nul: 'Kessel%00A', surrogate: 'Kessel%ED%A0%80', lowSurrogate: '%ED%B0%80x' };
  const JSON_VALUES = { nul: 'Kessel\\u0000A', surrogate: 'Kessel\\ud800', lowSurrogate: '\\udc00x' };

  it('refuses NUL and lone surrogates in every named field of a form body with 1002', async () => {
    for (const entry of cases()) {
      for (const [kind, value] of Object.entries(FORM_VALUES)) {
        const body = form(entry.fields, [entry.field, value]);
        const answer = await send(entry.client, entry.path, 'application/x-www-form-urlencoded', body);
        expect(answer, `${entry.name} ${kind}`).toMatchObject({ code: '1002', data: { field: entry.field } });
      }
    }
  });

  it('refuses them in JSON bodies, as escapes and as raw bytes', async () => {
    for (const entry of cases()) {
      for (const [kind, value] of Object.entries(JSON_VALUES)) {
        const answer = await send(
          entry.client,
          entry.path,
          'application/json',
          json(entry.fields, [entry.field, value]),
        );
        expect(answer, `${entry.name} ${kind}`).toMatchObject({ code: '1002', data: { field: entry.field } });
      }
      const rawBytes = Buffer.concat([
        Buffer.from(json(entry.fields, [entry.field, 'Kessel']).slice(0, -2)),
        Buffer.from([0xed, 0xa0, 0x80]),
        Buffer.from('"}'),
      ]);
      const answer = await send(entry.client, entry.path, 'application/json', rawBytes);
      expect(answer, `${entry.name} raw bytes`).toMatchObject({ code: '1002', data: { field: entry.field } });
    }
  });

  it('refuses a NUL in multipart field values and file names', async () => {
    for (const entry of cases()) {
      const body = multipartBody({ ...entry.fields, [entry.field]: 'Kessel\u0000A' });
      const answer = await send(entry.client, entry.path, body.contentType, body.payload);
      expect(answer, entry.name).toMatchObject({ code: '1002', data: { field: entry.field } });
    }
    const upload = multipartBody({}, [{ field: 'file', name: 'logo\u0000.png', bytes: IMAGE_SAMPLES.png }]);
    expect(await send(developer, '/file/upload', upload.contentType, upload.payload)).toMatchObject({
      code: '1002',
      data: { field: 'file' },
    });
  });

  it('refuses them in path parameters and query strings', async () => {
    const param = await server.app.inject({ method: 'GET', url: `${API_PREFIX}/file/a%00b` });
    expect(param.json()).toMatchObject({ code: '1002', data: { field: 'id' } });
    const query = await server.app.inject({
      method: 'GET',
      url: `${API_PREFIX}/account/info?time=1&note=%ED%A0%80`,
      headers: { cookie: cookieOf(owner) },
    });
    expect(query.json()).toMatchObject({ code: '1002', data: { field: 'note' } });
  });

  it('changes nothing, and still stores well-formed text of any script exactly', async () => {
    const devices = (await owner.call('POST', '/equipment/info', { id: deviceId })).data as {
      name: string;
      remark: string | null;
    };
    expect(devices).toMatchObject({ name: 'Boiler 1', remark: null });
    const products = (await developer.call('POST', '/product/query', {})).data as { total: number };
    expect(products.total).toBe(1);

    const text = '锅炉𠀀 Kessel';
    const edited = await send(
      owner,
      '/equipment/edit',
      'application/json',
      JSON.stringify({ id: deviceId, name: text }),
    );
    expect(edited.code).toBe('200');
    const renamed = (await owner.call('POST', '/equipment/info', { id: deviceId })).data as { name: string };
    expect(renamed.name).toBe(text);
  });
});
