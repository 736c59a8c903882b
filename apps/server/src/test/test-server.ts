/**
 * Test helpers: boots the whole platform against a fresh database — PGlite in memory always, and a
 * new PostgreSQL database when TEST_DATABASE_URL is set — with a clock tests can move, and reads
 * SMS codes and captcha answers the way a person would see them (the log).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { constants, createPublicKey, publicEncrypt, randomBytes } from 'node:crypto';
import pg from 'pg';
import { API_PREFIX, SESSION_COOKIE } from '@lyyp/contracts';
import { buildApp, type Platform } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type DatabaseHandle } from '../db/client.ts';
import { pgliteTemplateBlob } from './pglite-template.ts';
import type { SmsMessage, SmsProvider } from '../modules/auth/sms.provider.ts';

export interface DatabaseVariant {
  name: 'pglite' | 'postgres';
  open(): Promise<DatabaseHandle & { drop(): Promise<void> }>;
}

/** A fresh PostgreSQL database several test servers can open (two platform nodes); null without TEST_DATABASE_URL. */
export async function sharedPostgresVariant(): Promise<{
  variant: DatabaseVariant;
  drop(): Promise<void>;
} | null> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return null;
  const first = await openFreshPostgres(url);
  const location = first.location;
  await first.close();
  const target = new URL(url);
  target.pathname = new URL(location).pathname;
  return {
    variant: {
      name: 'postgres',
      open: async () => ({
        ...(await openDatabase({ kind: 'postgres', url: target.toString() })),
        drop: () => Promise.resolve(),
      }),
    },
    drop: first.drop,
  };
}

async function openFreshPostgres(url: string) {
  const name = `lyyp_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: target.toString() });
  return {
    ...handle,
    drop: async () => {
      const cleaner = new pg.Client({ connectionString: url });
      await cleaner.connect();
      try {
        // pool.end() resolves before the server has seen every connection go; a forced drop would
        // then kill them and surface as an unhandled FATAL in the closed pool.
        for (let attempt = 0; attempt < 100; attempt += 1) {
          const result = await cleaner.query<{ sessions: number }>(
            'select count(*)::int as sessions from pg_stat_activity where datname = $1',
            [name],
          );
          if (result.rows[0]?.sessions === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await cleaner.query(`drop database if exists ${name} with (force)`);
      } finally {
        await cleaner.end();
      }
    },
  };
}

/** The databases every route and repository test runs against. */
export function databaseVariants(): DatabaseVariant[] {
  const variants: DatabaseVariant[] = [
    {
      name: 'pglite',
      open: async () => ({
        ...(await openDatabase({ kind: 'pglite', dataDir: null, loadDataDir: await pgliteTemplateBlob() })),
        drop: () => Promise.resolve(),
      }),
    },
  ];
  const url = process.env.TEST_DATABASE_URL;
  if (url) variants.push({ name: 'postgres', open: () => openFreshPostgres(url) });
  return variants;
}

/**
 * The embedded database in a data directory of its own on disk, as `npm start` runs it, removed on
 * `drop`: for the benchmarks. In memory, PGlite grows a file by copying it whole into a larger
 * buffer (an eighth larger each time), so under a sustained flood of points an insert now and then
 * waited for a copy of the whole `points` table, hundreds of milliseconds that a database on disk
 * never spends.
 */
export function pgliteOnDiskVariant(): DatabaseVariant {
  return {
    name: 'pglite',
    open: async () => {
      const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'lyyp-pglite-'));
      const handle = await openDatabase({
        kind: 'pglite',
        dataDir: directory,
        loadDataDir: await pgliteTemplateBlob(),
      });
      return { ...handle, drop: () => fs.rm(directory, { recursive: true, force: true }) };
    },
  };
}

export class CapturingSmsProvider implements SmsProvider {
  readonly name = 'capture';
  readonly sent: SmsMessage[] = [];
  failNext = false;

  send(message: SmsMessage): Promise<void> {
    if (this.failNext) {
      this.failNext = false;
      return Promise.reject(new Error('provider down'));
    }
    this.sent.push(message);
    return Promise.resolve();
  }

  lastCodeFor(tel: string): string {
    const message = this.sent.findLast((item) => item.tel === tel);
    if (!message) throw new Error(`no SMS was sent to ${tel}`);
    return message.code;
  }
}

export class TestClock {
  private offset = 0;
  readonly now = () => Date.now() + this.offset;
  advance(ms: number) {
    this.offset += ms;
  }
}

export interface TestServer extends Platform {
  config: Config;
  database: DatabaseHandle;
  sms: CapturingSmsProvider;
  clock: TestClock;
  /** JSON lines the server logged. */
  logs: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

export async function startTestServer(
  variant: DatabaseVariant,
  environment: Record<string, string> = {},
): Promise<TestServer> {
  const config = loadConfig({
    CAPTCHA_DEBUG_LOG: '1',
    LOG_LEVEL: 'info',
    DEMO: '0',
    WEB_DIST: '/nonexistent',
    HOST: '127.0.0.1',
    MQTT_PORT: '0',
    MQTT_WS_PORT: '0',
    STORAGE_SWEEP_INTERVAL_MS: '0',
    ...environment,
  });
  const database = await variant.open();
  const sms = new CapturingSmsProvider();
  const clock = new TestClock();
  const logs: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (line.trim()) logs.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  const platform = await buildApp({
    config,
    database,
    smsProvider: sms,
    clock: clock.now,
    logger: { level: 'info', stream },
  });
  await platform.app.ready();
  return {
    ...platform,
    config,
    database,
    sms,
    clock,
    logs,
    close: async () => {
      await platform.app.close();
      await database.close();
      await database.drop();
    },
  };
}

let clientCounter = 0;

function formEncode(body: Record<string, string | number | boolean>): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) form.append(key, String(value));
  return form.toString();
}

/** A small client over `app.inject` that keeps cookies like a browser. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  // Each client looks like its own browser, so per-address limits of one test do not leak into another.
  address = `10.${(clientCounter = (clientCounter + 1) % 60_000) >> 8}.${clientCounter & 255}.7`;
  language = 'en-US';
  /** The browser's User-Agent header, when the test needs one. */
  userAgent: string | undefined;

  constructor(private readonly server: TestServer) {}

  async call(method: 'GET' | 'POST', path: string, body?: Record<string, string | number | boolean>) {
    const cookieHeader = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await this.server.app.inject({
      method,
      url: `${API_PREFIX}${path}`,
      headers: {
        'accept-language': this.language,
        ...(this.userAgent ? { 'user-agent': this.userAgent } : {}),
        ...(cookieHeader ? { cookie: cookieHeader } : {}),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      remoteAddress: this.address,
      payload: body ? formEncode(body) : undefined,
    });
    for (const cookie of response.cookies) {
      if (cookie.maxAge === 0 || (cookie.expires && cookie.expires.getTime() < Date.now()))
        this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    const json = response.json<{ code: string; message: string; data: unknown }>();
    return { status: response.statusCode, ...json };
  }

  get sessionToken() {
    return this.cookies.get(SESSION_COOKIE);
  }

  /** Solves a captcha the way the browser test does: from the answer the server logged. */
  async solveCaptcha(): Promise<{ ticket: string; randstr: string }> {
    const shown = await this.call('POST', '/user/showCaptcha');
    const { randstr } = shown.data as { randstr: string };
    const line = this.server.logs.findLast(
      (entry) => entry.msg === 'captcha answer' && entry.randstr === randstr,
    );
    if (!line) throw new Error('captcha answer was not logged');
    const verified = await this.call('POST', '/user/verifyCaptcha', { randstr, answer: String(line.answer) });
    return verified.data as { ticket: string; randstr: string };
  }

  /** Seals a sign-in field as the browser does (RSA-OAEP SHA-256 over {v, ts, n}). */
  async seal(value: string, overrides: { ts?: number; n?: string } = {}) {
    const key = (await this.call('GET', '/user/publicKey')).data as { keyId: string; spki: string };
    const publicKey = createPublicKey({ key: Buffer.from(key.spki, 'base64'), format: 'der', type: 'spki' });
    const payload = JSON.stringify({
      v: value,
      ts: overrides.ts ?? this.server.clock.now(),
      n: overrides.n ?? randomBytes(12).toString('hex'),
    });
    const sealed = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(payload),
    );
    return { keyId: key.keyId, sealed: sealed.toString('base64') };
  }

  async login(account: string, password: string) {
    const sealedAccount = await this.seal(account);
    const sealedPassword = await this.seal(password);
    return this.call('POST', '/user/encrypt/login', {
      keyId: sealedAccount.keyId,
      account: sealedAccount.sealed,
      password: sealedPassword.sealed,
    });
  }

  async register(tel: string, username: string, password: string, extra: Record<string, string> = {}) {
    const captcha = await this.solveCaptcha();
    const sent = await this.call('POST', '/user/sendSmsCode', { tel, purpose: 'register', ...captcha });
    if (sent.code !== '200') throw new Error(`sendSmsCode failed: ${sent.code} ${sent.message}`);
    return this.call('POST', '/user/register', {
      tel,
      smsCode: this.server.sms.lastCodeFor(tel),
      username,
      password,
      confirmPassword: password,
      agree: 'true',
      ...extra,
    });
  }
}
