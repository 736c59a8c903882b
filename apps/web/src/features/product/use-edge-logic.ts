/** A product's computed variables and scripts, shared through the query cache, and what a change refreshes. */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { productQueryKey } from './use-product.ts';

export const formulasKey = (productId: string) => ['formulas', productId] as const;
export const scriptsKey = (productId: string) => ['scripts', productId] as const;

export function useFormulas(productId: string) {
  return useQuery({
    queryKey: formulasKey(productId),
    queryFn: () => edgeLogicApi.listFormulas(productId),
    enabled: Boolean(productId),
  });
}

export function useScripts(productId: string) {
  return useQuery({
    queryKey: scriptsKey(productId),
    queryFn: () => edgeLogicApi.listScripts(productId),
    enabled: Boolean(productId),
  });
}

/** After a formula or script change: the model's version moved, so every view of the model is read again. */
export function useEdgeLogicChanged(productId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: formulasKey(productId) }),
        queryClient.invalidateQueries({ queryKey: scriptsKey(productId) }),
        queryClient.invalidateQueries({ queryKey: productQueryKey(productId) }),
        queryClient.invalidateQueries({ queryKey: ['variables', productId] }),
      ]),
    [queryClient, productId],
  );
}
