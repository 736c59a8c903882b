import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { ConfigError, loadConfig } from '../config.ts';
import { databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';

const directivesOf = (policy: unknown) =>
  new Map(
    String(policy)
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources] as const),
  );

describe('security headers', () => {
  let server: TestServer;
  let webDist: string;

  beforeAll(async () => {
    webDist = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-web-'));
    await fs.writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>LYYP</title>');
    await fs.writeFile(path.join(webDist, 'app.js'), 'console.log(1)');
    server = await startTestServer(databaseVariants()[0]!, {
      WEB_DIST: webDist,
      CSP_IMG_HOSTS: 'https://tile.example.com, https://*.tiles.example.org',
      CSP_MEDIA_HOSTS: 'https://cams.example.com',
      CSP_CONNECT_HOSTS: 'wss://cams.example.com:8443',
    });
  });
  afterAll(async () => {
    await server.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  it('gives console pages a policy without inline script, framed only by the console itself', async () => {
    for (const url of ['/', '/monitor/devices', '/app.js']) {
      const response = await server.app.inject({
        method: 'GET',
        url,
        headers: { host: 'iot.example.com:8080' },
      });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      const policy = directivesOf(response.headers['content-security-policy']);
      expect(policy.get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(policy.get('script-src')).toEqual(["'self'", "'wasm-unsafe-eval'"]);
      expect(policy.get('object-src')).toEqual(["'none'"]);
      expect(policy.get('img-src')).toEqual([
        "'self'",
        'data:',
        'blob:',
        'https://tile.example.com',
        'https://*.tiles.example.org',
      ]);
      expect(policy.get('media-src')).toEqual(["'self'", 'blob:', 'https://cams.example.com']);
      expect(policy.get('connect-src')).toEqual([
        "'self'",
        'blob:',
        'ws://iot.example.com:8080',
        'wss://iot.example.com:8080',
        'wss://cams.example.com:8443',
      ]);
    }
  });

  it('lets nobody frame API answers, errors included', async () => {
    for (const url of [`${API_PREFIX}/account/info`, `${API_PREFIX}/no/such/path`]) {
      const response = await server.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('DENY');
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(directivesOf(response.headers['content-security-policy']).get('frame-ancestors')).toEqual([
        "'none'",
      ]);
    }
  });

  it('leaves a Host header that is no host out of the policy', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: '/',
      headers: { host: "evil; script-src 'unsafe-inline'" },
    });
    expect(String(response.headers['content-security-policy'])).not.toContain('unsafe-inline;');
    expect(directivesOf(response.headers['content-security-policy']).get('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
    ]);
  });

  it('refuses a source list that is not origins or hosts', () => {
    expect(() => loadConfig({ CSP_IMG_HOSTS: "https://ok.example.com 'unsafe-inline'" })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig({ CSP_CONNECT_HOSTS: 'https://a.example.com; script-src *' })).toThrow(
      /CSP_CONNECT_HOSTS/,
    );
    expect(loadConfig({}).csp).toEqual({ imgHosts: [], mediaHosts: [], connectHosts: [] });
  });
});
