/**
 * The grant ceiling (§6): nobody creates, changes, assigns, resets the password of, disables or
 * deletes an account, role or dealer certification that holds more than they do. "More" is a
 * permission code they lack, data beyond their own (every product while they have chosen ones, or
 * a product outside their list), or debug rights (writing values) without the write code. The
 * super manager is above everyone. Pure: the server decides every administration path with
 * `ceilingExcess`, and the console greys what the caller cannot grant with the same rule.
 */
import { MINIMAL_PERMISSIONS, dataScopeOf, withAncestors } from '../permissions.ts';

/** The code a certifier must hold to give a dealer debug rights: writing values to devices. */
export const DEBUG_PERMISSION = 'monitor:device:write';

/** What an account, a role or a dealer certification holds, reduced to what the ceiling compares. */
export interface Holding {
  readonly superManager: boolean;
  /** Permission codes with their ancestors. */
  readonly codes: readonly string[];
  /** Data permission: every product, or the listed ones (an empty list: none beyond its own). */
  readonly products: 'all' | readonly string[];
  /** May write values to the devices in its data (dealers: debug rights; others: the write code). */
  readonly debug: boolean;
}

/** The first thing `other` holds beyond `holder`, or null when `holder` covers it. */
export type CeilingExcess =
  | { readonly kind: 'superManager' }
  | { readonly kind: 'code'; readonly code: string }
  | { readonly kind: 'allProducts' }
  | { readonly kind: 'product'; readonly product: string }
  | { readonly kind: 'debug' };

/** Codes every account keeps for its own account whatever it is given: granting them gives nothing. */
const OWN_ACCOUNT_CODES: ReadonlySet<string> = new Set(Object.values(MINIMAL_PERMISSIONS).flat());

/** Whether a code reaches products, devices or gateways (a data scope means something only through such codes). */
function reachesData(code: string): boolean {
  const scope = dataScopeOf([code]);
  return scope === 'products' || scope === 'devices' || scope === 'gateways';
}

/**
 * Decides "does `holder`'s holding cover `other`'s": codes ⊆, products ⊆, debug only with debug.
 * The minimal codes (an account's own information and security) are everyone's and never count.
 * Data permission counts only when `other` holds a code that reaches data or debug rights: an
 * account left with its own account centre uses no product, whatever its role-less scope says.
 */
export function ceilingExcess(holder: Holding, other: Holding): CeilingExcess | null {
  if (holder.superManager) return null;
  if (other.superManager) return { kind: 'superManager' };
  const held = new Set(holder.codes);
  const code = withAncestors(other.codes).find(
    (candidate) => !held.has(candidate) && !OWN_ACCOUNT_CODES.has(candidate),
  );
  if (code) return { kind: 'code', code };
  if (other.debug && !holder.debug) return { kind: 'debug' };
  const usesData = other.debug || other.codes.some(reachesData);
  if (!usesData || holder.products === 'all') return null;
  if (other.products === 'all') return { kind: 'allProducts' };
  const mine = new Set(holder.products);
  const product = other.products.find((candidate) => !mine.has(candidate));
  return product === undefined ? null : { kind: 'product', product };
}

export function holdingCovers(holder: Holding, other: Holding): boolean {
  return ceilingExcess(holder, other) === null;
}

/** A role's holding: its codes with their ancestors and its data permission. Built-in roles cover every product. */
export function roleHolding(role: {
  readonly permissions: readonly string[];
  readonly dataScope: 'all' | 'chosen';
  readonly productIds: readonly string[];
}): Holding {
  const codes = withAncestors(role.permissions);
  return {
    superManager: false,
    codes,
    products: role.dataScope === 'all' ? 'all' : [...new Set(role.productIds)],
    debug: codes.includes(DEBUG_PERMISSION),
  };
}

/**
 * A dealer certification's holding: the dealer's codes, its products and its debug rights. A dealer
 * writes values only with debug rights, so its write code is counted as those rights (`debug`), not
 * as a code: a certifier without the write code certifies dealers, only without debug rights.
 */
export function dealerHolding(dealer: {
  readonly codes: readonly string[];
  readonly dataScope: 'all' | 'chosen';
  readonly productIds: readonly string[];
  readonly canDebug: boolean;
}): Holding {
  return {
    superManager: false,
    codes: withAncestors(dealer.codes).filter((code) => code !== DEBUG_PERMISSION),
    products: dealer.dataScope === 'all' ? 'all' : [...new Set(dealer.productIds)],
    debug: dealer.canDebug,
  };
}

/** A holding of codes and no product data of its own (end users, developers, an account's own codes). */
export function codesHolding(codes: readonly string[]): Holding {
  const withParents = withAncestors(codes);
  return {
    superManager: false,
    codes: withParents,
    products: [],
    debug: withParents.includes(DEBUG_PERMISSION),
  };
}

/** The super manager's holding: above everyone. */
export const SUPER_MANAGER_HOLDING: Holding = { superManager: true, codes: [], products: 'all', debug: true };
