/**
 * Typed calls of the page designer: a product's pages (list, add, rename, copy, delete, start page,
 * main/child), loading and saving a page (multipart form of §3), image and scene model uploads and the product's
 * variables a widget can be bound to.
 */
import {
  API_PREFIX,
  MAX_PAGE_SIZE,
  type LoadedPage,
  type PageAddRequest,
  type PageCopyRequest,
  type PageRenameRequest,
  type PageSaved,
  type PageSetKindRequest,
  type PageSummary,
  type UploadedFile,
  type UploadedScene,
  type VariableList,
} from '@lyyp/contracts';
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
  sceneUpload: '/file/scene/upload',
  variableList: '/product/variable/list',
} as const;

export type { LoadedPage, PageKind, PageSummary, UploadedFile, UploadedScene } from '@lyyp/contracts';

/** Where a stored scene model (GLB) is served; open like page images, by random id. */
export function sceneModelUrl(sceneId: string): string {
  return `${API_PREFIX}/file/${encodeURIComponent(sceneId)}`;
}

/**
 * The bytes of a scene model, for the WebGL widget and the node list of the property panel. Files
 * are served raw, not in the answer envelope, so this reads them past the JSON client.
 */
export async function loadSceneModel(sceneId: string, signal?: AbortSignal): Promise<ArrayBuffer> {
  const response = await fetch(sceneModelUrl(sceneId), { credentials: 'include', signal });
  if (!response.ok) throw new Error(`scene ${sceneId}: ${response.status}`);
  return response.arrayBuffer();
}

export function createDesignerApi(client: ApiClient) {
  return {
    listPages: (productId: string) => client.post<PageSummary[]>(DESIGNER_PATHS.pageList, { productId }),
    addPage: (body: PageAddRequest) => client.post<PageSummary>(DESIGNER_PATHS.pageAdd, body),
    renamePage: (body: PageRenameRequest) => client.post<PageSummary>(DESIGNER_PATHS.pageRename, body),
    copyPage: (body: PageCopyRequest) => client.post<PageSummary>(DESIGNER_PATHS.pageCopy, body),
    deletePage: (id: string) => client.post<PageSummary[]>(DESIGNER_PATHS.pageDelete, { id }),
    setStartPage: (id: string) => client.post<PageSummary[]>(DESIGNER_PATHS.pageSetStart, { id }),
    setPageKind: (body: PageSetKindRequest) => client.post<PageSummary[]>(DESIGNER_PATHS.pageSetKind, body),

    loadPage: (id: string) => client.post<LoadedPage>(DESIGNER_PATHS.pageLoad, { id }),
    /** `fields` are the multipart text fields of a save (see `buildSaveFields`). */
    savePage: (fields: Readonly<Record<string, string>>) => {
      const form = new FormData();
      for (const [name, value] of Object.entries(fields)) form.append(name, value);
      return client.upload<PageSaved>(DESIGNER_PATHS.pageSave, form);
    },
    uploadImage: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.upload<UploadedFile>(DESIGNER_PATHS.fileUpload, form);
    },
    /** A glTF / GLB model for the WebGL widget; stored as GLB, answered with its node names. */
    uploadScene: (file: File) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return client.upload<UploadedScene>(DESIGNER_PATHS.sceneUpload, form);
    },

    listVariables: async (productId: string) => {
      const page = await client.post<VariableList>(DESIGNER_PATHS.variableList, {
        productId,
        page: 1,
        // The largest page the list serves holds every variable of a product.
        pageSize: MAX_PAGE_SIZE,
      });
      return page.list;
    },
  };
}

export type DesignerApi = ReturnType<typeof createDesignerApi>;

export const designerApi = createDesignerApi(apiClient);
