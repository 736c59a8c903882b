/**
 * What the signed-in administrator may grant (the server's grant ceiling), so the screens offer
 * only that: codes they lack are greyed in the permission tree, "all products" only with all
 * products, debug rights only with the write code, roles only within their own. The decision is
 * the contracts' `ceilingExcess`, the same the server applies; the server still refuses the rest.
 */
import {
  ALL_PERMISSION_CODES,
  MINIMAL_PERMISSIONS,
  PERMISSION_TREE,
  type Locale,
  type PermissionNode,
} from '@lyyp/contracts';
import {
  DEBUG_PERMISSION,
  ceilingExcess,
  roleHolding,
  type GrantCeiling,
  type Holding,
  type Role,
} from '@lyyp/contracts/admin';
import { useQuery } from '@tanstack/react-query';
import { adminApi } from '../../api/admin.api.ts';
import { useSessionStore } from '../../app/session-store.ts';

/** The caller's ceiling as a holding for `ceilingExcess`. */
export function holdingOfCeiling(ceiling: GrantCeiling): Holding {
  return {
    superManager: ceiling.superManager,
    codes: ceiling.codes,
    products: ceiling.allProducts ? 'all' : ceiling.productIds,
    debug: ceiling.debug,
  };
}

/** The codes the caller may tick in a permission tree: their own, and everyone's minimal codes. */
export function grantableCodes(ceiling: GrantCeiling): string[] {
  if (ceiling.superManager) return [...ALL_PERMISSION_CODES];
  return [...new Set([...ceiling.codes, ...Object.values(MINIMAL_PERMISSIONS).flat()])];
}

/** Whether the caller may give this role (codes and data within their own). */
export function roleGrantable(
  ceiling: GrantCeiling,
  role: {
    readonly permissions: readonly string[];
    readonly dataScope: Role['dataScope'];
    readonly productIds: readonly string[];
  },
) {
  return ceilingExcess(holdingOfCeiling(ceiling), roleHolding(role)) === null;
}

/**
 * The caller's ceiling: the server's answer, or until it arrives (or where the screen's codes do
 * not include asking for it) the session's own codes with data left to the server to judge.
 */
export function useGrantCeiling(): GrantCeiling {
  const user = useSessionStore((state) => state.user);
  const auths = useSessionStore((state) => state.auths);
  const answer = useQuery({
    queryKey: ['admin', 'grant-ceiling', user?.id],
    queryFn: () => adminApi.grantCeiling(),
    retry: false,
  });
  if (answer.data) return answer.data;
  return {
    superManager: user?.isSuperManager ?? false,
    codes: [...auths],
    allProducts: true,
    productIds: [],
    debug: auths.has(DEBUG_PERMISSION),
  };
}

function labelOf(
  code: string,
  locale: Locale,
  nodes: readonly PermissionNode[] = PERMISSION_TREE,
): string | null {
  for (const node of nodes) {
    if (node.code === code) return locale === 'en-US' ? node.en : node.zh;
    const inside = node.children ? labelOf(code, locale, node.children) : null;
    if (inside) return inside;
  }
  return null;
}

/** The names of the codes an account of this kind keeps without a role, in the console's language. */
export function minimalCodeNames(kind: keyof typeof MINIMAL_PERMISSIONS, locale: Locale): string[] {
  return MINIMAL_PERMISSIONS[kind].map((code) => labelOf(code, locale) ?? code);
}
