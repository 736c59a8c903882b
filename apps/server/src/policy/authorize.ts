/**
 * `authorize(caller, action, object)`: the one place the server decides who may do what to which
 * object, by the policy table (`@lyyp/contracts/policy`). Route guards (`app.allow`) have already
 * refused callers that hold none of the action's codes; here, with the object loaded, the relations
 * of the grants open to the caller are decided from the database.
 *
 * An object the caller may not see is answered exactly like a missing one (1003); a visible object
 * the caller may not act on gets the action's refusal (1201 unless the screen has its own).
 */
import { CatalogueError, type ErrorCode } from '@lyyp/contracts';
import {
  POLICY,
  decide,
  decideKnown,
  policyCallerOf,
  refusalFor,
  type ActionName,
  type PolicyCaller,
  type PolicyCallerFacts,
  type Relation,
} from '@lyyp/contracts/policy';
import { viewerOf, type AccountFacts, type Viewer } from '../modules/device/viewer.ts';
import type { DeviceGrantFacts, PolicyRelationRepository } from './relation.repository.ts';

/** The caller as the policy needs it: who (tenancy) and which codes it holds now (the session's). */
export type AuthorizeCaller = AccountFacts & Pick<PolicyCallerFacts, 'auths'>;

/** The object an action is about, as loaded by the route or service. */
export type PolicyObject =
  | { readonly kind: 'device'; readonly id: string; readonly ownerAccountId: string }
  | {
      readonly kind: 'gateway';
      readonly sn: string;
      readonly ownerAccountId: string | null;
      readonly developerAccountId: string | null;
    }
  /** A product, or what belongs to it (pages, alarm rules, report definitions, knowledge, upgrade tasks). */
  | { readonly kind: 'product'; readonly id: string; readonly ownerAccountId: string | null }
  /** An inspection plan: its maker owns it; staff see it when their scope holds every device of it. */
  | {
      readonly kind: 'inspectionPlan';
      readonly id: string;
      readonly ownerAccountId: string;
      readonly deviceIds: readonly string[];
      readonly inspectorIds: readonly string[];
    }
  /** Actions on the caller's own account, on platform catalogues, or on lists filtered by scope. */
  | { readonly kind: 'none' };

export const NO_OBJECT: PolicyObject = { kind: 'none' };

/** Allowed, hidden (answered as missing, 1003), or refused with the answer the table names. */
type Decision = 'allowed' | 'hidden' | { readonly refused: ErrorCode };

export class Authorizer {
  constructor(private readonly relations: PolicyRelationRepository) {}

  /** Throws 1003 for an object outside the caller's scope, the action's refusal when not allowed. */
  async authorize(caller: AuthorizeCaller, action: ActionName, object: PolicyObject): Promise<void> {
    const decision = await this.decide(caller, action, object);
    if (decision === 'hidden') throw new CatalogueError('1003');
    if (decision !== 'allowed') throw new CatalogueError(decision.refused);
  }

  /** Whether the action is allowed (for capabilities: what the console offers). */
  async allows(caller: AuthorizeCaller, action: ActionName, object: PolicyObject): Promise<boolean> {
    return (await this.decide(caller, action, object)) === 'allowed';
  }

  /** Each of `actions` on one object, allowed or not; the object's facts are read once. */
  async abilities<Action extends ActionName>(
    caller: AuthorizeCaller,
    actions: readonly Action[],
    object: PolicyObject,
  ): Promise<Record<Action, boolean>> {
    const facts = new RelationFacts(this.relations, viewerOf(caller), caller.id, object);
    const answer = {} as Record<Action, boolean>;
    for (const action of actions) {
      answer[action] = (await this.decideWith(policyCallerOf(caller), action, facts)) === 'allowed';
    }
    return answer;
  }

  /** Whether the caller may see the object at all (an object out of sight answers like a missing one). */
  async sees(caller: AuthorizeCaller, object: PolicyObject): Promise<boolean> {
    return new RelationFacts(this.relations, viewerOf(caller), caller.id, object).visible();
  }

  /** A product as the policy meets it, by id (undefined when there is none). */
  async productObject(id: string): Promise<PolicyObject | undefined> {
    const product = await this.relations.productOwner(id);
    return product && { kind: 'product', id, ownerAccountId: product.ownerAccountId };
  }

  /** An inspection plan as the policy meets it, by id (undefined when there is none). */
  async inspectionPlanObject(id: string): Promise<PolicyObject | undefined> {
    const plan = await this.relations.inspectionPlan(id);
    return plan && { kind: 'inspectionPlan', id, ...plan };
  }

  private async decide(caller: AuthorizeCaller, action: ActionName, object: PolicyObject): Promise<Decision> {
    const facts = new RelationFacts(this.relations, viewerOf(caller), caller.id, object);
    return this.decideWith(policyCallerOf(caller), action, facts);
  }

  private async decideWith(
    caller: PolicyCaller,
    action: ActionName,
    facts: RelationFacts,
  ): Promise<Decision> {
    if (POLICY[action].grants.some((grant) => grant.relation === 'public')) return 'allowed';
    if (!(await facts.visible())) return 'hidden';
    const holds = (relation: Relation) => facts.holds(relation);
    if (await decide(action, caller, holds)) return 'allowed';
    return { refused: await refusalFor(action, holds) };
  }
}

/**
 * `action` on a device row the caller already sees (a row of its scoped list), decided without
 * reading anything more: the owner and staff relations are known from the row; relations that
 * need the database (grants, developer, dealer) count as not holding, so this never allows more
 * than `authorize` would.
 */
export function allowsOnSeenDevice(
  caller: AuthorizeCaller,
  action: ActionName,
  device: { readonly ownerAccountId: string },
): boolean {
  const viewer = viewerOf(caller);
  return decideKnown(action, policyCallerOf(caller), (relation) => {
    if (relation === 'owner') return device.ownerAccountId === caller.id;
    if (relation === 'staffInScope') return viewer.staff;
    return (
      relation === 'visible' || relation === 'signedIn' || relation === 'self' || relation === 'platform'
    );
  });
}

/** The relations between one caller and one object, each read from the database at most once. */
class RelationFacts {
  private visibility: Promise<boolean> | undefined;
  private grantFacts: Promise<DeviceGrantFacts | null> | undefined;
  private readonly conditions = new Map<string, Promise<boolean>>();

  constructor(
    private readonly relations: PolicyRelationRepository,
    private readonly viewer: Viewer,
    private readonly accountId: string,
    private readonly object: PolicyObject,
  ) {}

  visible(): Promise<boolean> {
    this.visibility ??= this.readVisible();
    return this.visibility;
  }

  async holds(relation: Relation): Promise<boolean> {
    const object = this.object;
    switch (relation) {
      case 'public':
      case 'signedIn':
      case 'self':
      case 'platform':
        return true;
      case 'administers':
        return this.viewer.staff;
      case 'visible':
        return this.visible();
      case 'staffInScope':
        return this.viewer.staff && (await this.visible());
      case 'owner':
        return (
          (object.kind === 'device' || object.kind === 'gateway' || object.kind === 'inspectionPlan') &&
          object.ownerAccountId === this.accountId
        );
      case 'grant':
        return (await this.grant()) !== null;
      case 'grantWithWrite':
        return (await this.grant())?.canWrite === true;
      case 'authorization':
        return (await this.grant())?.kind === 'authorized';
      case 'grantWithReshare': {
        const grant = await this.grant();
        return grant?.kind === 'shared' && grant.canReshare;
      }
      case 'developerOfProduct':
        if (!this.viewer.developer) return false;
        if (object.kind === 'product') return object.ownerAccountId === this.accountId;
        if (object.kind === 'gateway') return object.developerAccountId === this.accountId;
        return object.kind === 'device' && this.deviceMeets('developerOfProduct');
      case 'dealerOfCustomer':
        if (!this.viewer.dealer) return false;
        if (object.kind === 'product') return this.visible();
        return object.kind === 'device' && this.deviceMeets('dealerOfCustomer');
      case 'dealerWithDebug':
        return this.viewer.dealer && object.kind === 'device' && this.deviceMeets('dealerWithDebug');
      default: {
        // shareMenu:<menu>: an authorization opens every menu, a share the menus it names.
        const menu = relation.slice('shareMenu:'.length);
        const grant = await this.grant();
        return grant !== null && (grant.shareMenus === null || grant.shareMenus.includes(menu));
      }
    }
  }

  private grant(): Promise<DeviceGrantFacts | null> {
    const object = this.object;
    if (object.kind !== 'device') return Promise.resolve(null);
    this.grantFacts ??= this.relations.deviceGrant(object.id, this.accountId);
    return this.grantFacts;
  }

  private deviceMeets(
    condition: 'developerOfProduct' | 'dealerOfCustomer' | 'dealerWithDebug',
  ): Promise<boolean> {
    const object = this.object;
    if (object.kind !== 'device') return Promise.resolve(false);
    let found = this.conditions.get(condition);
    if (!found) {
      found = this.relations.deviceMeets(this.viewer, object.id, condition);
      this.conditions.set(condition, found);
    }
    return found;
  }

  private async readVisible(): Promise<boolean> {
    const object = this.object;
    switch (object.kind) {
      case 'none':
        return true;
      case 'device':
        return (
          object.ownerAccountId === this.accountId ||
          this.relations.deviceMeets(this.viewer, object.id, 'visible')
        );
      case 'gateway':
        return this.relations.gatewayVisible(this.viewer, object.sn);
      case 'product':
        return this.relations.productVisible(this.viewer, object.id);
      case 'inspectionPlan':
        if (object.ownerAccountId === this.accountId || object.inspectorIds.includes(this.accountId))
          return true;
        return this.viewer.staff && this.relations.devicesAllVisible(this.viewer, object.deviceIds);
    }
  }
}
