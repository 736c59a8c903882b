/**
 * Product files (§4 "products can be copied or imported"): the whole product as one JSON file to
 * download, which importProduct (`catalogueApi.importProduct`) takes back as it is, here or on
 * another platform.
 */
import type { DownloadedFile, FileApi } from './catalogue-files.ts';
import { fileApi } from './catalogue.api.ts';

export const PRODUCT_TRANSFER_PATHS = {
  exportFile: '/product/advance/exportProductFile',
} as const;

export function createProductTransferApi(files: FileApi) {
  return {
    /** The product document as a file named after the product (`<title>.lyyp-product.json`). */
    exportProductFile: (id: string, title: string): Promise<DownloadedFile> =>
      files.download(PRODUCT_TRANSFER_PATHS.exportFile, { id }, `${title}.lyyp-product.json`),
  };
}

export const productTransferApi = createProductTransferApi(fileApi);
