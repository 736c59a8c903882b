/** Typed calls of the product's faceplate templates (/product/faceplate/*). */
import type { FaceplateSaved } from '@lyyp/contracts';
import type { FaceplateTemplate } from '@lyyp/contracts/designer';
import { apiClient } from '../../api/instance.ts';

export const FACEPLATE_PATHS = {
  list: '/product/faceplate/list',
  save: '/product/faceplate/save',
  delete: '/product/faceplate/delete',
} as const;

export const faceplateApi = {
  list: (productId: string) => apiClient.post<FaceplateTemplate[]>(FACEPLATE_PATHS.list, { productId }),
  save: (productId: string, template: FaceplateTemplate) =>
    // JSON: the template's numbers, booleans and nesting must keep their types.
    apiClient.post<FaceplateSaved>(FACEPLATE_PATHS.save, { productId, template }, { encoding: 'json' }),
  delete: (productId: string, id: string) =>
    apiClient.post<FaceplateTemplate[]>(FACEPLATE_PATHS.delete, { productId, id }),
};

export const faceplateQueryKey = (productId: string) => ['designer', 'faceplates', productId] as const;
