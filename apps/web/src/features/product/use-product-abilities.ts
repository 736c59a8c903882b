/**
 * What the account may do to one product, as the server's policy answers it
 * (`/account/capabilities` naming the product): its screens show a button only when the action is
 * allowed on that product (a developer's own products, staff's within their data permission),
 * and nothing while the answer is on its way.
 */
import { useQuery } from '@tanstack/react-query';
import { policyApi, type ProductAbilityAction } from '../../api/policy.api.ts';
import { useSessionStore } from '../../app/session-store.ts';

export const productAbilitiesKey = (accountId: string | undefined, productId: string) =>
  ['product-abilities', accountId, productId] as const;

export function useProductAbilities(productId: string): (action: ProductAbilityAction) => boolean {
  const accountId = useSessionStore((state) => state.user?.id);
  const { data } = useQuery({
    queryKey: productAbilitiesKey(accountId, productId),
    queryFn: () => policyApi.about({ productId }),
    enabled: Boolean(productId),
  });
  return (action) => data?.product?.[action] === true;
}
