/**
 * Migration 0037 on rows made before staff needed a role: a role-less staff account that kept every
 * code keeps only the minimal codes; staff with a role, the super manager, developers and end users
 * are left as they were.
 */
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, DEFAULT_PERMISSIONS, MINIMAL_PERMISSIONS } from '@lyyp/contracts';
import type { DatabaseHandle } from '../../db/client.ts';
import { accountRoles, accounts } from '../../db/schema/index.ts';
import { databaseVariants } from '../../test/test-server.ts';
import { AccountRepository } from '../account/account.repository.ts';
import { createTestAccount } from '../device/catalogue-test-support.ts';

const MIGRATION = path.resolve(
  import.meta.dirname,
  '../../../drizzle/0037_role_less_staff_minimal_codes.sql',
);

describe.each(databaseVariants())('role-less staff migration on $name', (variant) => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  beforeAll(async () => {
    database = await variant.open();
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('leaves role-less staff the minimal codes and everyone else as they were', async () => {
    const repository = new AccountRepository(database.db);
    const everything = ALL_PERMISSION_CODES.join(',');
    const roleLess = await createTestAccount(repository, 'operation', { auths: everything });
    const withRole = await createTestAccount(repository, 'operation', { auths: everything });
    await database.db.insert(accountRoles).values({ accountId: withRole.id, roleId: 'builtin-admin' });
    const superManager = await createTestAccount(repository, 'super', { auths: everything });
    const developer = await createTestAccount(repository, 'developer');

    await database.db.execute(sql.raw(fs.readFileSync(MIGRATION, 'utf8')));

    const authsOf = async (id: string) =>
      (await database.db.select({ auths: accounts.auths }).from(accounts).where(eq(accounts.id, id)))[0]!
        .auths;
    expect(await authsOf(roleLess.id)).toBe(MINIMAL_PERMISSIONS.operation.join(','));
    expect(await authsOf(withRole.id)).toBe(everything);
    expect(await authsOf(superManager.id)).toBe(everything);
    expect(await authsOf(developer.id)).toBe(DEFAULT_PERMISSIONS.developer.join(','));
  });
});
