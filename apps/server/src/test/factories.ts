/** Test data factories: accounts, products, gateways and devices straight into the database. */
import { randomBytes, randomInt } from 'node:crypto';
import { DEFAULT_PERMISSIONS } from '@lyyp/contracts';
import { demoBoilerModel, type DeviceModel } from '@lyyp/contracts/device-model';
import type { Database } from '../db/client.ts';
import {
  accounts,
  devices,
  firmware,
  gateways,
  otaTaskGateways,
  otaTasks,
  products,
} from '../db/schema/index.ts';
import { newId } from '../lib/ids.ts';
import { hashPassword } from '../lib/password.ts';

export const FACTORY_PASSWORD = 'Factory#2026';

/**
 * Usernames are at most 6 characters (§5): `u` and five base-36 digits from a counter, so no two
 * accounts of one test process collide (random ones did, now and then, within a single file).
 */
const USERNAME_SPACE = 36 ** 5;
let nextUsername = randomInt(USERNAME_SPACE / 2);

export function uniqueUsername(): string {
  nextUsername = (nextUsername + 1) % USERNAME_SPACE;
  return `u${nextUsername.toString(36).padStart(5, '0')}`;
}

export async function buildAccount(db: Database, kind: 'developer' | 'terminal' | 'operation' = 'terminal') {
  const username = uniqueUsername();
  const [row] = await db
    .insert(accounts)
    .values({
      id: newId(),
      username,
      name: username,
      passwordHash: await hashPassword(FACTORY_PASSWORD),
      roleType: kind === 'operation' ? 'operation' : 'company',
      accountKind: kind,
      auths: DEFAULT_PERMISSIONS[kind].join(','),
    })
    .returning();
  return row!;
}

export async function buildProduct(
  db: Database,
  ownerAccountId: string,
  model: DeviceModel = demoBoilerModel(),
) {
  const [row] = await db
    .insert(products)
    .values({
      id: newId(),
      ownerAccountId,
      title: 'Test boiler',
      productModel: 'T-1',
      model,
      modelVersion: 1,
    })
    .returning();
  return row!;
}

export async function buildGateway(db: Database) {
  const sn = String(randomInt(100_000_000_000, 999_999_999_999));
  const [row] = await db
    .insert(gateways)
    .values({
      sn,
      verificationCode: String(randomInt(100_000, 999_999)),
      secret: randomBytes(12).toString('base64url'),
    })
    .returning();
  return row!;
}

/** A developer's product, a gateway, and an end user's device bound to both. */
export async function buildBoundDevice(db: Database) {
  const developer = await buildAccount(db, 'developer');
  const owner = await buildAccount(db, 'terminal');
  const product = await buildProduct(db, developer.id);
  const gateway = await buildGateway(db);
  const [device] = await db
    .insert(devices)
    .values({
      id: newId(),
      name: 'Boiler 1',
      gatewaySn: gateway.sn,
      productId: product.id,
      ownerAccountId: owner.id,
    })
    .returning();
  return { developer, owner, product, gateway, device: device! };
}

/** An upgrade task of the product bringing the gateway to a new application firmware; answers its id. */
export async function buildUpgradeTask(db: Database, productId: string, sn: string): Promise<string> {
  const firmwareId = newId();
  await db.insert(firmware).values({
    id: firmwareId,
    kind: 'application',
    name: 'Agent',
    version: `9.${randomInt(1_000_000)}`,
  });
  const taskId = newId();
  await db.insert(otaTasks).values({ id: taskId, productId, firmwareId, target: 'all' });
  await db.insert(otaTaskGateways).values({ taskId, sn });
  return taskId;
}
