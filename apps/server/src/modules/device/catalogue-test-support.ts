/**
 * Test support for the catalogue: a fresh database per suite (PGlite, and PostgreSQL when
 * TEST_DATABASE_URL is set), the catalogue with hooks that record their calls, accounts of every
 * kind, and small builders for products, gateways and devices.
 */
import pg from 'pg';
import qs from 'qs';
import { API_PREFIX, DEFAULT_PERMISSIONS, type Locale } from '@lyyp/contracts';
import type { VariableInput } from '@lyyp/contracts/device-model';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/password.ts';
import type { DatabaseHandle } from '../../db/client.ts';
import { TestClient, type DatabaseVariant, type TestServer } from '../../test/test-server.ts';
import { AccountRepository, type AccountRow } from '../account/account.repository.ts';
import { createCatalogue, type Catalogue } from '../catalogue.ts';
import { uniqueUsername } from '../../test/factories.ts';
import type { Caller } from './viewer.ts';

export type AccountKindForTest = 'super' | 'operation' | 'developer' | 'terminal' | 'dealer';

export const TEST_PASSWORD = 'Factory#2026';

/** Creates an enabled account of a kind with its default permissions and the test password. */
export async function createTestAccount(
  accounts: AccountRepository,
  kind: AccountKindForTest,
  overrides: Partial<AccountRow> = {},
): Promise<AccountRow> {
  const username = uniqueUsername();
  const staff = kind === 'super' || kind === 'operation';
  return accounts.insert({
    id: newId(),
    username,
    name: `${kind} ${username}`,
    passwordHash: await hashPassword(TEST_PASSWORD),
    roleType: kind === 'super' ? 'admin' : staff ? 'operation' : 'company',
    accountKind: staff ? 'operation' : kind,
    isSuperManager: kind === 'super',
    auths: DEFAULT_PERMISSIONS[staff ? 'operation' : kind].join(','),
    ...overrides,
  });
}

export function callerFor(account: AccountRow, locale: Locale = 'en-US'): Caller {
  return { account, locale };
}

export interface CatalogueFixture {
  catalogue: Catalogue;
  accounts: AccountRepository;
  modelChanges: string[];
  boundDevices: string[];
  warnings: Array<Record<string, unknown>>;
  /** Makes the next hook call fail, as an unreachable broker would. */
  failNextHook(): void;
  close(): Promise<void>;
}

export async function openCatalogueFixture(variant: DatabaseVariant): Promise<CatalogueFixture> {
  const database = await variant.open();
  const modelChanges: string[] = [];
  const boundDevices: string[] = [];
  const warnings: Array<Record<string, unknown>> = [];
  let failNext = false;
  const record = (list: string[]) => (id: string) => {
    list.push(id);
    if (!failNext) return Promise.resolve();
    failNext = false;
    return Promise.reject(new Error('broker unreachable'));
  };
  const catalogue = createCatalogue(
    database.db,
    { onModelChanged: record(modelChanges), onDeviceBound: record(boundDevices) },
    { log: { warn: (object: unknown) => warnings.push(object as Record<string, unknown>) } },
  );
  return {
    catalogue,
    accounts: new AccountRepository(database.db),
    modelChanges,
    boundDevices,
    warnings,
    failNextHook: () => {
      failNext = true;
    },
    close: async () => {
      await database.close();
      await waitUntilDisconnected(database);
      await database.drop();
    },
  };
}

/** A Modbus TCP driver keyed `plc`, as a developer would save it. */
export const TCP_DRIVER = {
  key: 'plc',
  name: 'Main PLC',
  protocol: 'modbus-tcp' as const,
  host: '192.168.1.10',
  slaveId: 1,
};

/** A valid holding-register variable of the `plc` driver. */
export function holdingVariable(
  key: string,
  address: number,
  patch: Partial<VariableInput> = {},
): VariableInput {
  return {
    key,
    name: key,
    driverKey: 'plc',
    registerType: 'holding-register',
    address: String(address),
    dataType: 'short',
    ...patch,
  };
}

/**
 * `pg.Pool#end` resolves before its connections are gone; dropping the database (with force) at
 * that moment kills them mid-goodbye and their clients raise an error nobody listens to. Wait until
 * the server has no session on the database left.
 */
export async function waitUntilDisconnected(database: DatabaseHandle): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (database.kind !== 'postgres' || !url) return;
  const name = new URL(database.location).pathname.slice(1);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (let attempt = 0; attempt < 100; attempt += 1) {
      const result = await admin.query<{ sessions: number }>(
        'select count(*)::int as sessions from pg_stat_activity where datname = $1',
        [name],
      );
      if (result.rows[0]?.sessions === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  } finally {
    await admin.end();
  }
}

// Route tests

/** A signed-in browser of a new account of the kind. */
export async function signIn(
  server: TestServer,
  kind: AccountKindForTest,
  overrides: Partial<AccountRow> = {},
): Promise<{ client: TestClient; account: AccountRow }> {
  const account = await createTestAccount(new AccountRepository(server.database.db), kind, overrides);
  const client = new TestClient(server);
  const answer = await client.login(account.username!, TEST_PASSWORD);
  if (answer.code !== '200') throw new Error(`sign-in failed: ${answer.code} ${answer.message}`);
  return { client, account };
}

/** Form fields of a nested body exactly as the console sends them (qs, dot notation). */
export function formFields(body: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(qs.stringify(body, { allowDots: true, skipNulls: true })));
}

/** The session cookie of a client as a header, for requests TestClient cannot send. */
function cookieHeader(client: TestClient): string {
  return [...client.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
}

/** A JSON request; answers the envelope, or the raw response for files. */
export async function postJson(server: TestServer, client: TestClient | null, path: string, body: unknown) {
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: {
      'accept-language': client?.language ?? 'en-US',
      ...(client ? { cookie: cookieHeader(client) } : {}),
    },
    payload: body as Record<string, unknown>,
  });
  const isJson = String(response.headers['content-type']).startsWith('application/json');
  const json = isJson ? response.json<{ code: string; message: string; data: unknown }>() : null;
  return {
    status: response.statusCode,
    code: json?.code,
    message: json?.message,
    data: json?.data,
    headers: response.headers,
    raw: response.rawPayload,
  };
}

/** A multipart upload as the console's `upload` sends it: text fields and one file. */
export async function postMultipart(
  server: TestServer,
  client: TestClient,
  path: string,
  fields: Record<string, string>,
  file: { field: string; name: string; bytes: Buffer },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(file.field, new Blob([file.bytes]), file.name);
  const encoded = new Request('http://platform.test/', { method: 'POST', body: form });
  const response = await server.app.inject({
    method: 'POST',
    url: `${API_PREFIX}${path}`,
    headers: {
      'content-type': encoded.headers.get('content-type')!,
      'accept-language': client.language,
      cookie: cookieHeader(client),
    },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
  return {
    status: response.statusCode,
    ...response.json<{ code: string; message: string; data: unknown }>(),
  };
}

/** Closes a test server, waiting for PostgreSQL sessions to end before its database is dropped. */
export async function closeTestServer(server: TestServer): Promise<void> {
  await server.app.close();
  await server.database.close();
  await waitUntilDisconnected(server.database);
  await (server.database as DatabaseHandle & { drop(): Promise<void> }).drop();
}
