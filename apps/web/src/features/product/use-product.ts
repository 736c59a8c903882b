/** The product a product screen shows, from /product/info, shared by its tabs through the query cache. */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { catalogueApi } from '../../api/catalogue.api.ts';
import type { ModelChange, ProductDetail } from '../../api/catalogue.types.ts';
import { useProductQuery } from './product-queries.ts';

export const productQueryKey = (id: string) => ['product', id] as const;

export const useProduct = (id: string) => useProductQuery(productQueryKey(id), id, catalogueApi.fetchProduct);

/**
 * After a change of the model: the product's capacity and version as the answer says, and the
 * lists that show the model fetched again.
 */
export function useModelChanged(productId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    async (change: ModelChange) => {
      queryClient.setQueryData<ProductDetail>(productQueryKey(productId), (current) =>
        current ? { ...current, capacity: change.capacity, modelVersion: change.modelVersion } : current,
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['drivers', productId] }),
        queryClient.invalidateQueries({ queryKey: ['variables', productId] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
      ]);
    },
    [queryClient, productId],
  );
}
