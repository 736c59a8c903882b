/** Account centre test helpers: JSON requests that keep cookies like a browser, and emailed codes from the log. */
import { API_PREFIX } from '@lyyp/contracts';
import type { TestClient, TestServer } from '../../test/test-server.ts';

/** A JSON POST as `client`, keeping the cookies it sets (the verification cookie) like a browser. */
export async function send(server: TestServer, client: TestClient, path: string, body: unknown = {}) {
  const cookie = [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: { 'accept-language': client.language, ...(cookie ? { cookie } : {}) },
    remoteAddress: client.address,
    payload: body as Record<string, unknown>,
  });
  for (const set of response.cookies) {
    if (set.maxAge === 0 || (set.expires && set.expires.getTime() < Date.now()))
      client.cookies.delete(set.name);
    else client.cookies.set(set.name, set.value);
  }
  const json = response.json<{ code: string; message: string; data: unknown }>();
  return { status: response.statusCode, ...json };
}

/** The last code the log email provider "sent" to an address. */
export function lastEmailedCode(server: TestServer, to: string): string {
  const line = server.logs.findLast((entry) => entry.msg === 'email sent' && entry.to === to);
  const text = typeof line?.text === 'string' ? line.text : '';
  const code = /\d{6}/.exec(text)?.[0];
  if (!code) throw new Error(`no email was sent to ${to}`);
  return code;
}
