/**
 * `/account/capabilities`: the policy's answer to the console — which actions the account may
 * attempt, the relations its codes open for each (so a list decides its rows without asking per
 * row), and, for a device it names, which device actions are allowed on it. The console shows
 * buttons from this, so it never offers what the server refuses nor hides what it allows.
 */
import type { FastifyInstance } from 'fastify';
import {
  ACTION_NAMES,
  CAPABILITIES_PATH,
  CapabilitiesRequestSchema,
  CapabilitiesSchema,
  DEVICE_ABILITY_ACTIONS,
  grantsOpenTo,
  isPublicAction,
  policyCallerOf,
  type ActionName,
} from '@lyyp/contracts/policy';
import { ok } from '../lib/envelope.ts';
import { callerOf, postRoute } from '../modules/product/catalogue-route.ts';
import type { DeviceAccess } from '../modules/device/device-access.ts';

export function registerCapabilityRoutes(app: FastifyInstance, { access }: { access: DeviceAccess }) {
  postRoute(
    app,
    CAPABILITIES_PATH,
    {
      tags: ['account'],
      summary: "The actions the account may attempt, and a device's allowed actions when one is named",
      guard: app.allow('account.read'),
      body: CapabilitiesRequestSchema,
      answer: CapabilitiesSchema,
    },
    async (request) => {
      const { account } = callerOf(request);
      const caller = policyCallerOf(account);
      const actions: ActionName[] = [];
      const relations: Partial<Record<ActionName, string[]>> = {};
      for (const action of ACTION_NAMES) {
        if (isPublicAction(action)) continue;
        const open = grantsOpenTo(action, caller);
        if (open.length === 0) continue;
        actions.push(action);
        relations[action] = [...new Set(open.map((grant) => grant.relation))];
      }
      const id = request.body.equipmentId;
      const device = id ? await access.requireVisibleDevice(account, id) : null;
      return ok({
        kind: caller.kind,
        actions,
        relations,
        device: device ? await access.abilities(account, DEVICE_ABILITY_ACTIONS, device) : null,
      });
    },
  );
}
