/** A product's computed variables and scripts, shared through the query cache, and what a change refreshes. */
import { edgeLogicApi } from '../../api/edge-logic.api.ts';
import { useProductQuery, useRefreshLists } from './product-queries.ts';
import { productQueryKey } from './use-product.ts';

export const formulasKey = (productId: string) => ['formulas', productId] as const;
export const scriptsKey = (productId: string) => ['scripts', productId] as const;
/** After a formula or script change the model's version moved: every view of the model is read again. */
const edgeLogicKeys = (productId: string) => [
  formulasKey(productId),
  scriptsKey(productId),
  productQueryKey(productId),
  ['variables', productId],
];

export const useFormulas = (productId: string) =>
  useProductQuery(formulasKey(productId), productId, edgeLogicApi.listFormulas);

export const useScripts = (productId: string) =>
  useProductQuery(scriptsKey(productId), productId, edgeLogicApi.listScripts);

export const useEdgeLogicChanged = (productId: string) => useRefreshLists(productId, edgeLogicKeys);
