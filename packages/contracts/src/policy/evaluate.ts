/**
 * Reading the policy table: which codes an action needs, who may attempt it before its object is
 * loaded, and the decision once the relations between caller and object are known. Pure: the
 * server supplies the relation facts from the database, the console from an object's abilities.
 */
import { ALL_PERMISSION_CODES, parseAuths, type DataScope } from '../permissions.ts';
import type { ErrorCode } from '../errors/catalogue.ts';
import { relationOpenTo, type CallerKind, type Relation } from './relations.ts';
import { POLICY, type ActionName, type ActionPolicy, type Grant, type ObjectKind } from './table.ts';

export interface PolicyCallerFacts {
  readonly isSuperManager: boolean;
  readonly roleType: string | null;
  readonly accountKind: string;
  /** The codes the account holds now, comma-separated (the session's). */
  readonly auths: string;
}

export interface PolicyCaller {
  readonly kind: CallerKind;
  readonly codes: ReadonlySet<string>;
}

/** Operation staff: the super manager, or an account with the admin or operation role type. */
export function callerKindOf(
  facts: Pick<PolicyCallerFacts, 'isSuperManager' | 'roleType' | 'accountKind'>,
): CallerKind {
  if (facts.isSuperManager || facts.roleType === 'admin' || facts.roleType === 'operation') return 'staff';
  if (facts.accountKind === 'developer') return 'developer';
  if (facts.accountKind === 'dealer') return 'dealer';
  return 'terminal';
}

export function policyCallerOf(facts: PolicyCallerFacts): PolicyCaller {
  return {
    kind: callerKindOf(facts),
    codes: facts.isSuperManager ? new Set(ALL_PERMISSION_CODES) : parseAuths(facts.auths),
  };
}

/** Every code any grant of the action names (one of them is needed by some grant). */
export function codesOfAction(action: ActionName): string[] {
  return [...new Set(POLICY[action].grants.flatMap((grant: Grant) => grant.codes))];
}

export function isPublicAction(action: ActionName): boolean {
  return POLICY[action].grants.some((grant: Grant) => grant.relation === 'public');
}

/** Whether the action needs no code at all from a signed-in caller (some grant lists none). */
export function needsNoCode(action: ActionName): boolean {
  return POLICY[action].grants.some((grant: Grant) => grant.codes.length === 0);
}

export function refusalOf(action: ActionName): ErrorCode {
  return (POLICY[action] as { refusal?: ErrorCode }).refusal ?? '1201';
}

/** The relation through which a refused caller gets its own answer, and that answer (if any). */
export function refusalThroughOf(
  action: ActionName,
): { readonly relation: Relation; readonly refusal: ErrorCode } | undefined {
  return (POLICY[action] as Pick<ActionPolicy, 'refusalThrough'>).refusalThrough;
}

/** The answer to a caller the decision refused: `refusalThrough`'s when it reaches the object so. */
export async function refusalFor(
  action: ActionName,
  holds: (relation: Relation) => boolean | Promise<boolean>,
): Promise<ErrorCode> {
  const through = refusalThroughOf(action);
  if (through && (await holds(through.relation))) return through.refusal;
  return refusalOf(action);
}

/** The grants a caller could still be allowed by: its kind can hold the relation and it holds a code. */
export function grantsOpenTo(action: ActionName, caller: PolicyCaller): Grant[] {
  return POLICY[action].grants.filter(
    (grant: Grant) =>
      relationOpenTo(grant.relation, caller.kind) &&
      (grant.codes.length === 0 || grant.codes.some((code) => caller.codes.has(code))),
  );
}

/** Whether the caller may attempt the action at all (the check before the object is loaded). */
export function mayAttempt(action: ActionName, caller: PolicyCaller): boolean {
  return grantsOpenTo(action, caller).length > 0;
}

/**
 * The decision once the object is known: allowed when an open grant's relation holds. Relations
 * are asked lazily and in table order, so the cheap ones decide first.
 */
export async function decide(
  action: ActionName,
  caller: PolicyCaller,
  holds: (relation: Relation) => boolean | Promise<boolean>,
): Promise<boolean> {
  for (const grant of grantsOpenTo(action, caller)) {
    if (await holds(grant.relation)) return true;
  }
  return false;
}

/** `decide` when every relation is known without reading anything (a row the caller already sees). */
export function decideKnown(
  action: ActionName,
  caller: PolicyCaller,
  holds: (relation: Relation) => boolean,
): boolean {
  return grantsOpenTo(action, caller).some((grant) => holds(grant.relation));
}

const SCOPE_OF_KIND: Record<ObjectKind, DataScope> = {
  session: 'own',
  own: 'own',
  platform: 'platform',
  device: 'devices',
  gateway: 'gateways',
  product: 'products',
  page: 'products',
  share: 'devices',
  file: 'own',
  firmware: 'platform',
  workOrder: 'devices',
  inspection: 'devices',
  alarmRule: 'products',
  alarmRecord: 'devices',
  report: 'devices',
  message: 'own',
  account: 'accounts',
  role: 'accounts',
  dealer: 'accounts',
};

/** The data an action answers from (`x-data-scope`), from the kind of its object. */
export function dataScopeOfAction(action: ActionName): DataScope {
  const policy = POLICY[action];
  if (
    policy.object === 'report' &&
    policy.grants.some((grant: Grant) => grant.codes.includes('manage:product:view'))
  )
    return 'products';
  if (
    policy.object === 'firmware' &&
    policy.grants.some((grant: Grant) => grant.relation === 'developerOfProduct')
  )
    return 'products';
  return SCOPE_OF_KIND[policy.object];
}
