/**
 * The policy, proved on the running server: for every operation of the OpenAPI document and every
 * persona (policy-personas.test-support.ts), the answer the policy table predicts is compared with
 * the route's answer. An operation whose action is missing from the table fails.
 *
 * - Every operation, with an empty body: the guard answers before validation, so a persona that
 *   may not attempt the action gets its refusal (1010 without a session), and one that may gets
 *   past the guard (any other answer).
 * - The device actions, on real objects (device A: owned, in one staff scope, shared, a dealer's
 *   customer's, a developer's product's; device B: a foreign tenant's, out of that scope): 1003
 *   where the persona may not see it, the refusal where the table allows none of its grants, and
 *   past the decision otherwise. Unbinding is tried on a fresh twin of the device each time the
 *   table allows it, so one persona's allowed unbind does not change what the next one finds.
 * - The product actions the same way, on the products of devices A and B (A: the developer's own,
 *   in the one-product staff scope; B: foreign, out of it), and on what belongs to a product: its
 *   designer page (decided on the page's product) and its alarm rules; and an inspection plan of
 *   each device (made by its owner; staff whose scope holds the device).
 * - The gateway actions on the gateways of devices A and B: its owner is the device's, it is
 *   assigned to the product's developer; reading the secret needs the edit code, never the view code.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX } from '@lyyp/contracts';
import { POLICY, isActionName, refusalOf, type ActionName, type Relation } from '@lyyp/contracts/policy';
import { devices as deviceTable, gateways } from '../db/schema/index.ts';
import { rectWidget } from '../modules/designer/designer-test-support.ts';
import { databaseVariants, startTestServer, type TestServer } from '../test/test-server.ts';
import {
  buildPolicyWorld,
  type DeviceName,
  type Persona,
  type PolicyWorld,
} from './policy-personas.test-support.ts';
import {
  answerOf,
  answered,
  expectedAtGuard,
  expectedOnObject,
  gatewayRelationsOf,
  matches,
  type Operation,
} from './policy-probes.test-support.ts';

/** Signing out ends the persona's session; it is public and answers the same to everyone. */
const NOT_WALKED = new Set([`${API_PREFIX}/user/logout`]);

/** Past the guard: neither the session's answer nor the action's refusal (an empty body may find nothing: 1003). */
function passesGuard(action: ActionName, expected: string, actual: string): boolean {
  if (expected !== 'past') return actual === expected;
  return actual !== '1010' && actual !== '1206' && actual !== refusalOf(action);
}

interface DeviceProbe {
  readonly action: ActionName;
  readonly path: string;
  readonly body: (deviceId: string) => Record<string, unknown>;
  /** Refusal once the device is loaded, when it differs from the guard's. */
  readonly decisionRefusal?: string;
  readonly destructive?: boolean;
}

const DEVICE_PROBES: readonly DeviceProbe[] = [
  { action: 'device.view', path: '/equipment/info', body: (id) => ({ id }) },
  { action: 'device.values', path: '/equipment/values', body: (id) => ({ equipmentId: id }) },
  {
    action: 'device.gatewaySettings',
    path: '/equipment/gateway/settings',
    body: (id) => ({ equipmentId: id }),
  },
  { action: 'device.edit', path: '/equipment/edit', body: (id) => ({ id, name: 'Boiler 1' }) },
  {
    action: 'device.restartGateway',
    path: '/equipment/gateway/restart',
    body: (id) => ({ equipmentId: id }),
  },
  {
    action: 'device.clearData',
    path: '/equipment/gateway/clearData',
    body: (id) => ({ equipmentId: id, scope: 'all', confirm: true }),
  },
  {
    action: 'device.resetGateway',
    path: '/equipment/gateway/factoryReset',
    body: (id) => ({ equipmentId: id, keepPlatformData: true, confirm: true }),
  },
  {
    action: 'device.write',
    path: '/equipment/command/write',
    body: (id) => ({ equipmentId: id, key: 'waterTemperature', value: 60 }),
    decisionRefusal: '1202',
  },
  // The tag browser: developers of the product, staff who edit products, installers (after-sales
  // staff with the device edit code, a dealer with debug rights). Past the guard the demo device
  // has no OPC UA driver.
  {
    action: 'device.browseOpcUa',
    path: '/product/opcua/browse',
    body: (id) => ({ equipmentId: id, driverKey: 'ua' }),
  },
  // Forgetting a TLS file of the gateway's MQTT connection is a change of its remote settings.
  {
    action: 'device.configureGateway',
    path: '/equipment/gateway/settings/tls/remove',
    body: (id) => ({ equipmentId: id, part: 'key' }),
  },
  { action: 'share.list', path: '/equipment/share/list', body: (id) => ({ id }) },
  { action: 'device.grants', path: '/manage/equipment/grants', body: (id) => ({ id }) },
  // Sharing further: the owner, staff in scope, an authorization, a share that allows it (else 1211).
  { action: 'share.add', path: '/equipment/share/add', body: (id) => ({ id, method: 'link' }) },
  { action: 'device.unbind', path: '/equipment/delete', body: (id) => ({ id }), destructive: true },
];

/** A product probe's body, given the product and its designer page. */
interface ProductProbe {
  readonly action: ActionName;
  readonly path: string;
  readonly body: (object: { productId: string; pageId: string }) => Record<string, unknown>;
}

const PRODUCT_PROBES: readonly ProductProbe[] = [
  { action: 'product.list', path: '/product/info', body: ({ productId }) => ({ id: productId }) },
  {
    action: 'product.edit',
    path: '/product/edit',
    body: ({ productId }) => ({ id: productId, note: 'checked' }),
  },
  { action: 'product.publish', path: '/product/setDevelop', body: ({ productId }) => ({ id: productId }) },
  { action: 'page.view', path: '/product/page/list', body: ({ productId }) => ({ productId }) },
  {
    action: 'page.design',
    path: '/product/page/rename',
    body: ({ pageId }) => ({ id: pageId, title: 'Main' }),
  },
  // The product document carries its pages, reports and alarms: as much a view as the detail.
  {
    action: 'product.list',
    path: '/product/advance/exportProduct',
    body: ({ productId }) => ({ id: productId }),
  },
  { action: 'page.view', path: '/product/faceplate/list', body: ({ productId }) => ({ productId }) },
  {
    action: 'page.design',
    path: '/product/faceplate/save',
    body: ({ productId }) => ({ productId, template: faceplateTemplate() }),
  },
  { action: 'alarmRule.view', path: '/alarm/rule/list', body: ({ productId }) => ({ productId }) },
  { action: 'alarmRule.edit', path: '/alarm/recipient/search', body: ({ productId }) => ({ productId }) },
];

/** A new faceplate template each time (version 1 of an id that is not taken). */
function faceplateTemplate() {
  const id = `fp-${randomUUID().slice(0, 8)}`;
  return {
    id,
    title: 'Pump',
    version: 1,
    parameters: ['pump'],
    width: 100,
    height: 50,
    widgets: [rectWidget(id)],
  };
}

/** A gateway probe's body, given the gateway's SN. */
interface GatewayProbe {
  readonly action: ActionName;
  readonly path: string;
  readonly body: (sn: string) => Record<string, unknown>;
}

/**
 * Gateways A and B (of devices A and B): the secret is read and rotated only by those who may
 * edit the gateway (staff in scope with the edit code, its owner holding it), never with the view
 * code; the remark by them and the developer it is assigned to.
 */
const GATEWAY_PROBES: readonly GatewayProbe[] = [
  { action: 'gateway.view', path: '/gateway/info', body: (sn) => ({ sn }) },
  { action: 'gateway.credentials', path: '/gateway/credentials', body: (sn) => ({ sn }) },
  { action: 'gateway.rotateSecret', path: '/gateway/rotateSecret', body: (sn) => ({ sn }) },
  { action: 'gateway.edit', path: '/gateway/editRemark', body: (sn) => ({ sn, remark: 'checked' }) },
];

/** Saving a device's inspection plan unchanged (the owner stays its inspector). */
function planBody(planId: string, deviceId: string, ownerAccountId: string) {
  return {
    plan: {
      id: planId,
      name: 'Round',
      deviceIds: [deviceId],
      items: [{ id: 'leaks', name: 'No leaks', kind: 'check' }],
      schedule: { frequency: 'daily', utcOffsetMinutes: 480 },
      inspectorIds: [ownerAccountId],
      enabled: false,
    },
  };
}

/** A persona's relations to a device's plan: its maker owns it; staff see it with the device. */
function planRelations(persona: Persona, device: { ownerAccountId: string }, name: DeviceName) {
  if (persona.kind === 'staff') return persona.relations[name];
  return persona.account?.id === device.ownerAccountId
    ? new Set<Relation>(['visible', 'owner'])
    : new Set<Relation>();
}

function expectedOnDevice(probe: DeviceProbe, persona: Persona, device: DeviceName): string {
  return expectedOnObject(probe, persona, persona.relations[device]);
}

describe.each(databaseVariants())('the policy table against every route on $name', (variant) => {
  let server: TestServer;
  let world: PolicyWorld;
  let operations: Operation[];

  beforeAll(async () => {
    server = await startTestServer(variant);
    world = await buildPolicyWorld(server);
    const document = (await server.app.inject({ method: 'GET', url: '/docs/json' })).json<{
      paths: Record<string, Record<string, { 'x-action'?: string }>>;
    }>();
    operations = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        method: method.toUpperCase() as 'GET' | 'POST',
        path,
        action: operation['x-action'],
      })),
    );
  }, 300_000);
  afterAll(async () => server.close());

  it('names an action of the table for every operation of the API', () => {
    const api = operations.filter(({ path }) => path.startsWith(API_PREFIX));
    expect(api.length).toBeGreaterThan(250);
    const missing = api.filter(({ action }) => !action || !isActionName(action));
    expect(missing.map(({ method, path, action }) => `${method} ${path}: ${action}`)).toEqual([]);
    expect(world.personas.length).toBeGreaterThanOrEqual(16);
  });

  it('answers every operation for every persona as the table predicts', { timeout: 600_000 }, async () => {
    const mismatches: string[] = [];
    const walked = operations.filter(
      ({ path, action }) =>
        path.startsWith(API_PREFIX) && !NOT_WALKED.has(path) && action && isActionName(action),
    );
    for (const operation of walked) {
      const action = operation.action as ActionName;
      const answers = await Promise.all(
        world.personas.map(async (persona) => ({
          persona,
          expected: expectedAtGuard(action, persona),
          actual: await answerOf(server, persona, operation, {}),
        })),
      );
      for (const { persona, expected, actual } of answers)
        if (!passesGuard(action, expected, actual))
          mismatches.push(
            `${operation.method} ${operation.path} (${action}) as ${persona.name}: expected ${expected}, got ${actual}`,
          );
    }
    expect(mismatches).toEqual([]);
  });

  it(
    'decides device actions on owned, foreign, in-scope and out-of-scope devices as the table predicts',
    { timeout: 600_000 },
    async () => {
      const db = server.database.db;
      async function twinOf(name: DeviceName): Promise<string> {
        const source = world.devices[name];
        const sn = String(randomInt(100_000_000_000, 999_999_999_999));
        await db.insert(gateways).values({
          sn,
          verificationCode: '123456',
          secret: randomUUID(),
          ownerAccountId: source.ownerAccountId,
        });
        const id = randomUUID();
        await db.insert(deviceTable).values({
          id,
          name: 'Twin',
          gatewaySn: sn,
          productId: source.productId,
          ownerAccountId: source.ownerAccountId,
        });
        return id;
      }
      const mismatches: string[] = [];
      for (const probe of DEVICE_PROBES) {
        expect(POLICY[probe.action], probe.action).toBeDefined();
        for (const name of ['A', 'B'] as const) {
          for (const persona of world.personas) {
            const expected = expectedOnDevice(probe, persona, name);
            // Grants and shares hang on device A itself; a twin is used only where they play no part.
            const deviceId =
              probe.destructive && expected === 'past' ? await twinOf(name) : world.devices[name].id;
            const actual = await answerOf(
              server,
              persona,
              { method: 'POST', path: `${API_PREFIX}${probe.path}`, action: probe.action },
              probe.body(deviceId),
            );
            if (!matches(expected, actual))
              mismatches.push(
                `${probe.action} on device ${name} as ${persona.name}: expected ${expected}, got ${actual}`,
              );
          }
        }
      }
      expect(mismatches).toEqual([]);
    },
  );
  it(
    'decides product actions on owned, foreign, in-scope and out-of-scope products, their pages, gateways and inspection plans as the table predicts',
    { timeout: 300_000 },
    async () => {
      const mismatches: string[] = [];
      for (const probe of PRODUCT_PROBES) {
        expect(POLICY[probe.action], probe.action).toBeDefined();
        for (const name of ['A', 'B'] as const) {
          const object = { productId: world.devices[name].productId, pageId: world.devices[name].pageId };
          const answers = await Promise.all(
            world.personas.map(async (persona) => ({
              persona,
              expected: expectedOnObject(probe, persona, persona.productRelations[name]),
              actual: await answerOf(
                server,
                persona,
                { method: 'POST', path: `${API_PREFIX}${probe.path}`, action: probe.action },
                probe.body(object),
              ),
            })),
          );
          for (const { persona, expected, actual } of answers)
            if (!answered(expected, actual))
              mismatches.push(
                `${probe.action} on product ${name} as ${persona.name}: expected ${expected}, got ${actual}`,
              );
        }
      }
      for (const probe of GATEWAY_PROBES) {
        for (const name of ['A', 'B'] as const) {
          const sn = world.devices[name].gatewaySn;
          const answers = await Promise.all(
            world.personas.map(async (persona) => ({
              persona,
              expected: expectedOnObject(probe, persona, gatewayRelationsOf(persona, name)),
              actual: await answerOf(
                server,
                persona,
                { method: 'POST', path: `${API_PREFIX}${probe.path}`, action: probe.action },
                probe.body(sn),
              ),
            })),
          );
          for (const { persona, expected, actual } of answers)
            if (!answered(expected, actual))
              mismatches.push(
                `${probe.action} on gateway ${name} as ${persona.name}: expected ${expected}, got ${actual}`,
              );
        }
      }
      const editPlan = { action: 'inspection.editPlan' as const };
      for (const name of ['A', 'B'] as const) {
        const device = world.devices[name];
        const answers = await Promise.all(
          world.personas.map(async (persona) => ({
            persona,
            expected: expectedOnObject(editPlan, persona, planRelations(persona, device, name)),
            actual: await answerOf(
              server,
              persona,
              {
                method: 'POST',
                path: `${API_PREFIX}/maintenance/inspection/plan/save`,
                action: 'inspection.plan',
              },
              planBody(device.planId, device.id, device.ownerAccountId),
            ),
          })),
        );
        for (const { persona, expected, actual } of answers)
          if (!answered(expected, actual))
            mismatches.push(
              `inspection.editPlan on plan ${name} as ${persona.name}: expected ${expected}, got ${actual}`,
            );
      }
      expect(mismatches).toEqual([]);
    },
  );
});
