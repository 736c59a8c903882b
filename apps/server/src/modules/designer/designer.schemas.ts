/**
 * Paths and request bodies of the designer pages (/product/page/*) and of pages at run time
 * (/equipment/page/*). The bodies are the contract's (`@lyyp/contracts`, src/api/designer-pages.ts).
 * Page content is checked by the designer's page schema in the service, so its failures name the
 * field inside `con` or `widgets`.
 */
import {
  DevicePagesRequestSchema,
  FaceplateDeleteRequestSchema,
  FaceplateListRequestSchema,
  FaceplateSaveRequestSchema,
  PageAddRequestSchema,
  PageCopyRequestSchema,
  PageIdRequestSchema,
  PageListRequestSchema,
  PageOpenRequestSchema,
  PageRenameRequestSchema,
  PageSaveRequestSchema,
  PageSetKindRequestSchema,
} from '@lyyp/contracts';

export const DESIGNER_PATHS = {
  list: '/product/page/list',
  add: '/product/page/add',
  rename: '/product/page/rename',
  copy: '/product/page/copy',
  delete: '/product/page/delete',
  setStart: '/product/page/setStart',
  setKind: '/product/page/setKind',
  load: '/product/page/load',
  save: '/product/page/save',
  viewerList: '/equipment/page/list',
  viewerOpen: '/equipment/page/open',
  faceplateList: '/product/faceplate/list',
  faceplateSave: '/product/faceplate/save',
  faceplateDelete: '/product/faceplate/delete',
} as const;

export const pageListSchema = PageListRequestSchema;
export const pageAddSchema = PageAddRequestSchema;
export const pageIdSchema = PageIdRequestSchema;
export const pageRenameSchema = PageRenameRequestSchema;
export const pageCopySchema = PageCopyRequestSchema;
export const pageSetKindSchema = PageSetKindRequestSchema;
export const pageSaveSchema = PageSaveRequestSchema;
export const devicePagesSchema = DevicePagesRequestSchema;
export const pageOpenSchema = PageOpenRequestSchema;
export const faceplateListSchema = FaceplateListRequestSchema;
export const faceplateSaveSchema = FaceplateSaveRequestSchema;
export const faceplateDeleteSchema = FaceplateDeleteRequestSchema;
