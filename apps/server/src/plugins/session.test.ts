import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';
import { PUBLIC_PATHS, TICKET_PATHS } from '../test/public-paths.ts';

interface OpenApiDocument {
  paths: Record<string, Record<string, unknown>>;
}

/** Bodies a caller without a session might send: nothing, broken JSON, broken and odd form text. */
const BODIES = [
  { name: 'empty', headers: {}, payload: undefined },
  { name: 'broken JSON', headers: { 'content-type': 'application/json' }, payload: '{"id": ' },
  {
    name: 'malformed form',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'id[]=&page=-1&tel=x&smsCode=%ZZ&password=a&list.0.=1&\u0000=1',
  },
  {
    name: 'broken multipart',
    headers: { 'content-type': 'multipart/form-data; boundary=x' },
    payload: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n',
  },
] as const;

describe.each(databaseVariants())('authentication before anything else on $name', (variant) => {
  let server: TestServer;
  let document: OpenApiDocument;

  beforeAll(async () => {
    server = await startTestServer(variant);
    document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<OpenApiDocument>();
  });
  afterAll(async () => server.close());

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.keys(methods).map((method) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })),
    );

  it('lists the API paths, guarded and public', () => {
    const apiPaths = operations().filter(({ path }) => path.startsWith(API_PREFIX));
    expect(apiPaths.length).toBeGreaterThan(60);
    const documented = new Set(apiPaths.map(({ path }) => path.slice(API_PREFIX.length)));
    for (const path of [...PUBLIC_PATHS, ...Object.keys(TICKET_PATHS)]) expect(documented).toContain(path);
  });

  it('answers 1010 on every path that needs a session, whatever the body', async () => {
    const failures: string[] = [];
    for (const { path, method } of operations()) {
      if (!path.startsWith(API_PREFIX)) continue;
      const apiPath = path.slice(API_PREFIX.length);
      if (PUBLIC_PATHS.has(apiPath) || apiPath in TICKET_PATHS) continue;
      for (const body of BODIES) {
        const url = `${path.replaceAll(/\{\w+\}/g, 'x')}${method === 'GET' ? '?time=abc&id[]=1' : ''}`;
        const response = await server.app.inject({
          method,
          url,
          headers: { 'accept-language': 'en-US', ...body.headers },
          ...(method === 'GET' ? {} : { payload: body.payload }),
        });
        const code = response.json<{ code: string }>().code;
        if (code !== '1010') failures.push(`${method} ${apiPath} (${body.name}): ${code}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('checks the ticket of a public multi-step flow before its body', async () => {
    for (const [path, expected] of Object.entries(TICKET_PATHS)) {
      for (const body of BODIES) {
        const response = await server.app.inject({
          method: 'POST',
          url: `${API_PREFIX}${path}`,
          headers: { 'accept-language': 'en-US', ...body.headers },
          payload: body.payload,
        });
        expect(response.json<{ code: string }>().code, `${path} (${body.name})`).toBe(expected);
      }
    }
  });
});
