/** The add, edit and delete calls of a product's own list (alarm rules, alarm groups, reports). */
import { JSON_BODY, type ApiClient } from './client.ts';

export interface ProductItemPaths {
  add: string;
  edit: string;
  delete: string;
}

/** `key` is the body's name for the item (`{ productId, rule }`); answers are the saved item. */
export function productItemCalls<T, I extends { id: string }>(
  client: ApiClient,
  key: string,
  paths: ProductItemPaths,
) {
  return {
    add: (productId: string, item: Omit<I, 'id'>) =>
      client.post<T>(paths.add, { productId, [key]: item }, JSON_BODY),
    edit: (productId: string, item: I) => client.post<T>(paths.edit, { productId, [key]: item }, JSON_BODY),
    remove: (productId: string, id: string) => client.post<null>(paths.delete, { productId, id }),
  };
}
