/**
 * Property: whatever sequence of administration calls a caller with random codes and data makes
 * (add accounts, save roles, assign and cancel, certify, change and cancel dealers, reset, disable,
 * delete), every account, role or dealer a call creates, changes or acts on holds no more than the
 * caller. Drives the real services against the embedded database; refusals are catalogue errors.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, CatalogueError, MINIMAL_PERMISSIONS, type Locale } from '@lyyp/contracts';
import { ceilingExcess, roleHolding, type Holding } from '@lyyp/contracts/admin';
import type { DatabaseHandle } from '../../db/client.ts';
import { buildAccount, buildProduct, uniqueUsername } from '../../test/factories.ts';
import { databaseVariants } from '../../test/test-server.ts';
import { AccountRepository, type AccountRow } from '../account/account.repository.ts';
import { createTestAccount } from '../device/catalogue-test-support.ts';
import type { AdminCaller } from './admin-caller.ts';
import { createAdminModule, type AdminModule } from './index.ts';

/** Codes the random callers draw from: every administration code and a spread of data codes. */
const CODE_POOL = ALL_PERMISSION_CODES.filter(
  (code) =>
    code.startsWith('manage:account') ||
    code.startsWith('manage:authorization') ||
    code.startsWith('manage:dealer') ||
    code.startsWith('manage:equipment') ||
    code.startsWith('manage:gateway') ||
    code.startsWith('monitor') ||
    code.startsWith('account') ||
    code === 'manage:product:view',
);
const BUILT_IN_ROLE_IDS = ['builtin-admin', 'builtin-after-sales', 'builtin-rnd', 'builtin-developer'];

/** A role's codes: a few of the pool. */
const codesArbitrary = fc.subarray(CODE_POOL, { minLength: 0, maxLength: 5 });
/** A caller's codes: the pool less a few, or a few of it, so that some calls go through and some do not. */
const callerCodesArbitrary = fc.oneof(
  fc
    .subarray(CODE_POOL, { minLength: 0, maxLength: 4 })
    .map((left) => CODE_POOL.filter((code) => !left.includes(code))),
  codesArbitrary,
);
const scopeArbitrary = fc.record({
  all: fc.boolean(),
  products: fc.subarray([0, 1, 2], { minLength: 0 }),
});

type Command =
  | { op: 'add'; kind: 'op' | 'dev'; role: number | null }
  | { op: 'saveRole'; edit: number | null; codes: string[]; scope: { all: boolean; products: number[] } }
  | { op: 'assign'; target: number; role: number | null }
  | { op: 'certify'; target: number; scope: { all: boolean; products: number[] }; debug: boolean }
  | { op: 'editDealer'; target: number; scope: { all: boolean; products: number[] }; debug: boolean }
  | { op: 'cancelDealer'; target: number }
  | { op: 'reset' | 'disable' | 'delete'; target: number };

const index = fc.nat({ max: 50 });
const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({
    op: fc.constant('add' as const),
    kind: fc.constantFrom('op' as const, 'dev' as const),
    role: fc.option(index),
  }),
  fc.record({
    op: fc.constant('saveRole' as const),
    edit: fc.option(index),
    codes: codesArbitrary,
    scope: scopeArbitrary,
  }),
  fc.record({ op: fc.constant('assign' as const), target: index, role: fc.option(index) }),
  fc.record({
    op: fc.constant('certify' as const),
    target: index,
    scope: scopeArbitrary,
    debug: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('editDealer' as const),
    target: index,
    scope: scopeArbitrary,
    debug: fc.boolean(),
  }),
  fc.record({ op: fc.constant('cancelDealer' as const), target: index }),
  fc.record({ op: fc.constantFrom('reset' as const, 'disable' as const, 'delete' as const), target: index }),
);

describe('grant ceiling property on pglite', () => {
  let database: DatabaseHandle & { drop(): Promise<void> };
  let admin: AdminModule;
  let accounts: AccountRepository;
  let superCaller: AdminCaller;
  const productIds: string[] = [];
  let counter = 0;
  const locale: Locale = 'en-US';

  const callerOf = async (row: AccountRow): Promise<AdminCaller> => ({
    account: await admin.permissions.current(row),
    locale,
    address: '127.0.0.1',
  });
  const pick = <T>(list: readonly T[], at: number): T | undefined =>
    list.length === 0 ? undefined : list[at % list.length];
  const scopeOf = (scope: { all: boolean; products: number[] }) => ({
    dataScope: scope.all ? ('all' as const) : ('chosen' as const),
    productIds: scope.all ? [] : scope.products.map((at) => productIds[at]!),
  });

  beforeAll(async () => {
    database = await databaseVariants()[0]!.open();
    accounts = new AccountRepository(database.db);
    admin = createAdminModule({ db: database.db, accounts, now: () => Date.now() });
    superCaller = await callerOf(await createTestAccount(accounts, 'super'));
    const developer = await buildAccount(database.db, 'developer');
    for (let at = 0; at < 3; at += 1) productIds.push((await buildProduct(database.db, developer.id)).id);
  });
  afterAll(async () => {
    await database.close();
    await database.drop();
  });

  it('no sequence of administration calls yields anything beyond the caller’s holding', async () => {
    const services = admin.services;
    const { roles } = services;
    const { holdings } = roles;
    const outcomes = { done: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        callerCodesArbitrary,
        scopeArbitrary,
        fc.array(commandArbitrary, { minLength: 1, maxLength: 6 }),
        async (callerCodes, callerScope, commands) => {
          // The caller: a staff account holding a stored role with the random codes and data.
          counter += 1;
          const callerRole = await roles.save(superCaller, {
            name: `caller ${counter}`,
            audience: 'operation',
            permissions: callerCodes,
            ...scopeOf(callerScope),
          });
          const created = await services.accounts.add(superCaller, {
            kind: 'op',
            username: uniqueUsername(),
            name: 'caller',
            roleId: callerRole.id,
          });
          const callerRow = (await accounts.findById(String(created.account.id)))!;
          const caller = await callerOf(callerRow);
          const ceiling: Holding = await holdings.ofCaller(caller);
          const within = (other: Holding, what: string) =>
            expect(ceilingExcess(ceiling, other), `${what} beyond ${JSON.stringify(ceiling)}`).toBeNull();

          // Objects to act on: staff with each built-in role, developers, end users and dealers.
          const targets: AccountRow[] = [];
          for (const roleId of ['builtin-admin', 'builtin-after-sales']) {
            const made = await services.accounts.add(superCaller, {
              kind: 'op',
              username: uniqueUsername(),
              name: 'target',
              roleId,
            });
            targets.push((await accounts.findById(String(made.account.id)))!);
          }
          targets.push(await createTestAccount(accounts, 'developer'));
          const minimal = MINIMAL_PERMISSIONS.operation.join(',');
          targets.push(await createTestAccount(accounts, 'operation', { auths: minimal }));
          const terminals = [
            await createTestAccount(accounts, 'terminal'),
            await createTestAccount(accounts, 'terminal'),
          ];
          targets.push(...terminals);
          const dealerIds: string[] = [];
          const wideDealer = await createTestAccount(accounts, 'terminal');
          await services.dealers.certify(superCaller, {
            account: wideDealer.username!,
            organisationId: `W${String(counter).padStart(8, '0')}`,
            dataScope: 'all',
            productIds: [],
            canDebug: true,
            customers: [],
          });
          dealerIds.push(wideDealer.id);
          const roleIds = [...BUILT_IN_ROLE_IDS, callerRole.id];

          for (const command of commands) {
            const fresh = async (id: string) => holdings.ofAccount((await accounts.findById(id))!);
            try {
              switch (command.op) {
                case 'add': {
                  const roleId = command.role === null ? undefined : pick(roleIds, command.role);
                  const made = await services.accounts.add(caller, {
                    kind: command.kind,
                    username: uniqueUsername(),
                    name: 'made',
                    ...(roleId ? { roleId } : {}),
                  });
                  within(await fresh(String(made.account.id)), 'added account');
                  targets.push((await accounts.findById(String(made.account.id)))!);
                  break;
                }
                case 'saveRole': {
                  counter += 1;
                  const editing = command.edit === null ? undefined : pick(roleIds, command.edit);
                  const saved = await roles.save(caller, {
                    ...(editing ? { id: editing } : {}),
                    name: `role ${counter}`,
                    audience: 'operation',
                    permissions: command.codes,
                    ...scopeOf(command.scope),
                  });
                  within(roleHolding(saved), 'saved role');
                  if (!editing) roleIds.push(saved.id);
                  break;
                }
                case 'assign': {
                  const target = pick(targets, command.target)!;
                  const before = await fresh(target.id);
                  const roleId = command.role === null ? undefined : pick(roleIds, command.role);
                  await roles.assign(caller, { accountId: target.id, ...(roleId ? { roleId } : {}) });
                  within(before, 'account assigned or cancelled');
                  within(await fresh(target.id), 'account after assignment');
                  break;
                }
                case 'certify': {
                  const target = pick(terminals, command.target)!;
                  counter += 1;
                  await services.dealers.certify(caller, {
                    account: target.username!,
                    organisationId: `C${String(counter).padStart(8, '0')}`,
                    ...scopeOf(command.scope),
                    canDebug: command.debug,
                    customers: [],
                  });
                  within(await fresh(target.id), 'certified dealer');
                  dealerIds.push(target.id);
                  break;
                }
                case 'editDealer': {
                  const dealerId = pick(dealerIds, command.target)!;
                  const before = await fresh(dealerId);
                  await services.dealers.edit(caller, {
                    accountId: dealerId,
                    ...scopeOf(command.scope),
                    canDebug: command.debug,
                    customers: [],
                  });
                  within(before, 'dealer changed');
                  within(await fresh(dealerId), 'dealer after change');
                  break;
                }
                case 'cancelDealer': {
                  const dealerId = pick(dealerIds, command.target)!;
                  const before = await fresh(dealerId);
                  await services.dealers.cancel(caller, dealerId);
                  within(before, 'dealer cancelled');
                  break;
                }
                case 'reset':
                case 'disable':
                case 'delete': {
                  const target = pick(targets, command.target)!;
                  const before = await fresh(target.id);
                  if (command.op === 'reset') await services.accounts.resetPassword(caller, target.id);
                  else if (command.op === 'disable')
                    await services.accounts.setStatus(caller, { id: target.id, status: 'disabled' });
                  else await services.accounts.delete(caller, target.id);
                  within(before, `account ${command.op}`);
                  break;
                }
              }
              outcomes.done += 1;
            } catch (error) {
              if (!(error instanceof CatalogueError)) throw error;
              outcomes.refused += 1;
            }
          }
          // The caller's own holding never grew either (its own role is one of those it may edit).
          within(await holdings.ofCaller(await callerOf((await accounts.findById(callerRow.id))!)), 'caller');
        },
      ),
      { numRuns: 15, seed: 20261207 },
    );
    // Not vacuous: some calls went through and some were refused.
    expect(outcomes.done).toBeGreaterThan(5);
    expect(outcomes.refused).toBeGreaterThan(5);
  }, 120_000);
});
