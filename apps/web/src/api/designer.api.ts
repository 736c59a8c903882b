/**
 * Typed calls of the page designer: a product's pages (list, add, rename, copy, delete, start page,
 * main/child), loading and saving a page (multipart form of §3), image uploads and the product's
 * variables a widget can be bound to.
 */
import type { PageBinds } from '@lyyp/contracts/designer';
import type { Variable } from '@lyyp/contracts/device-model';
import type { ApiClient } from './client.ts';
import { apiClient } from './instance.ts';

export const DESIGNER_PATHS = {
  pageList: '/product/page/list',
  pageAdd: '/product/page/add',
  pageRename: '/product/page/rename',
  pageCopy: '/product/page/copy',
  pageDelete: '/product/page/delete',
  pageSetStart: '/product/page/setStart',
  pageSetKind: '/product/page/setKind',
  pageLoad: '/product/page/load',
  pageSave: '/product/page/save',
  fileUpload: '/file/upload',
  variableList: '/product/variable/list',
} as const;

export type PageKind = 'main' | 'child';

export interface PageSummary {
  id: string;
  title: string;
  kind: PageKind;
  isStart: boolean;
  sortOrder: number;
  checkpwd: boolean;
  version: number;
  updatedAt: string;
}

/** A page as `load` returns it: `con` never carries the password, only whether one is set. */
export interface LoadedPage {
  summary: PageSummary;
  version: number;
  con: Record<string, unknown> & { hasPassword?: boolean };
  widgets: unknown[];
  bind: PageBinds;
}

export interface UploadedFile {
  id: string;
  url: string;
}

interface VariablePage {
  list: Variable[];
  total: number;
}

/** Largest page the variable list serves; a product holds fewer variables than this. */
const VARIABLE_PAGE_SIZE = 1000;

export function createDesignerApi(client: ApiClient) {
  return {
    listPages: (productId: string) => client.post<PageSummary[]>(DESIGNER_PATHS.pageList, { productId }),
    addPage: (body: { productId: string; title: string; kind: PageKind }) =>
      client.post<PageSummary>(DESIGNER_PATHS.pageAdd, body),
    renamePage: (body: { id: string; title: string }) =>
      client.post<unknown>(DESIGNER_PATHS.pageRename, body),
    copyPage: (body: { id: string; title?: string }) =>
      client.post<PageSummary>(DESIGNER_PATHS.pageCopy, body),
    deletePage: (id: string) => client.post<unknown>(DESIGNER_PATHS.pageDelete, { id }),
    setStartPage: (id: string) => client.post<unknown>(DESIGNER_PATHS.pageSetStart, { id }),
    setPageKind: (body: { id: string; kind: PageKind }) =>
      client.post<unknown>(DESIGNER_PATHS.pageSetKind, body),

    loadPage: (id: string) => client.post<LoadedPage>(DESIGNER_PATHS.pageLoad, { id }),
    /** `fields` are the multipart text fields of a save (see `buildSaveFields`). */
    savePage: (fields: Readonly<Record<string, string>>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return client.upload<{ version: number }>(DESIGNER_PATHS.pageSave, form);
    },
    uploadImage: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.upload<UploadedFile>(DESIGNER_PATHS.fileUpload, form);
    },

    listVariables: async (productId: string) => {
      const page = await client.post<VariablePage>(DESIGNER_PATHS.variableList, {
        productId,
        page: 1,
        pageSize: VARIABLE_PAGE_SIZE,
      });
      return page.list;
    },
  };
}

export type DesignerApi = ReturnType<typeof createDesignerApi>;

export const designerApi = createDesignerApi(apiClient);
