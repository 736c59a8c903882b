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
  INSPECTION_PLAN_ABILITY_ACTIONS,
  PRODUCT_ABILITY_ACTIONS,
  grantsOpenTo,
  isPublicAction,
  policyCallerOf,
  type ActionName,
} from '@lyyp/contracts/policy';
import { ok } from '../lib/envelope.ts';
import { callerOf, postRoute } from '../modules/product/catalogue-route.ts';
import { CatalogueError } from '@lyyp/contracts';
import type { DeviceAccess } from '../modules/device/device-access.ts';
import type { AccountFacts } from '../modules/device/viewer.ts';
import type { Authorizer, PolicyObject } from './authorize.ts';

export interface CapabilityRouteDeps {
  readonly access: DeviceAccess;
  readonly authorizer: Pick<Authorizer, 'abilities' | 'sees' | 'productObject' | 'inspectionPlanObject'>;
}

export function registerCapabilityRoutes(app: FastifyInstance, { access, authorizer }: CapabilityRouteDeps) {
  /** The actions allowed on a named object; one out of sight answers like a missing one (1003). */
  async function abilitiesOn<Action extends ActionName>(
    account: AccountFacts,
    actions: readonly Action[],
    object: PolicyObject | undefined,
  ): Promise<Record<Action, boolean>> {
    if (!object || !(await authorizer.sees(account, object))) throw new CatalogueError('1003');
    return authorizer.abilities(account, actions, object);
  }

  postRoute(
    app,
    CAPABILITIES_PATH,
    {
      tags: ['account'],
      summary:
        "The actions the account may attempt, and a named device's, product's or inspection plan's allowed actions",
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
      const { equipmentId, productId, inspectionPlanId } = request.body;
      const device = equipmentId ? await access.requireVisibleDevice(account, equipmentId) : null;
      return ok({
        kind: caller.kind,
        actions,
        relations,
        device: device ? await access.abilities(account, DEVICE_ABILITY_ACTIONS, device) : null,
        product: productId
          ? await abilitiesOn(account, PRODUCT_ABILITY_ACTIONS, await authorizer.productObject(productId))
          : null,
        inspectionPlan: inspectionPlanId
          ? await abilitiesOn(
              account,
              INSPECTION_PLAN_ABILITY_ACTIONS,
              await authorizer.inspectionPlanObject(inspectionPlanId),
            )
          : null,
      });
    },
  );
}
