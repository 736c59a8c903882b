/**
 * The queries a product's configuration tabs share through the cache: one list of the product
 * (asked once the product is known), its variables in the shape a dialog needs, and what a change
 * marks stale so it is read again.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { VariableList } from '../../api/catalogue.types.ts';

export function useProductQuery<T>(
  queryKey: readonly unknown[],
  productId: string,
  fetch: (productId: string) => Promise<T>,
) {
  return useQuery({ queryKey, queryFn: () => fetch(productId), enabled: Boolean(productId) });
}

/** Every variable of the product (the model holds at most a thousand), as `pick` gives it. */
export function useProductVariables<T>(
  productId: string,
  purpose: string,
  pick: (variable: VariableList['list'][number]) => T,
) {
  return useProductQuery(['variables', productId, purpose], productId, async (id) => {
    const page = await catalogueApi.listVariables(id, { page: 1, pageSize: 1000 });
    return page.list.map(pick);
  });
}

/** Reads the product's lists under `keys` again (after an add, edit or delete). */
export function useRefreshLists(
  productId: string,
  keys: (productId: string) => readonly (readonly unknown[])[],
) {
  const queryClient = useQueryClient();
  return useCallback(
    () => Promise.all(keys(productId).map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
    [queryClient, productId, keys],
  );
}
