/**
 * Typed calls of the catalogue: products (§7 /product/*) with their drivers and variables,
 * gateways (/gateway/*) and devices (/equipment/*), including uploads and file exports.
 */
import type { DeviceVariables, VariableListRequest } from '@lyyp/contracts';
import type { DriverSaveInput, Variable, VariableInput } from '@lyyp/contracts/device-model';
import { createFileApi, readDocumentLocale, type FileApi } from './catalogue-files.ts';
import type {
  DeviceBind,
  DeviceDetail,
  DeviceFields,
  DeviceQuery,
  DeviceRecord,
  DeviceView,
  DriverList,
  GatewayBatchAdd,
  GatewayCreated,
  GatewayCredentials,
  GatewayFilter,
  GatewayImportAnswer,
  GatewayQuery,
  GatewaySecretRotated,
  GatewayView,
  ModelChange,
  Page,
  ProductCapacity,
  ProductDetail,
  ProductFields,
  ProductQuery,
  ProductRecord,
  ProductStatus,
  ProductSummary,
  SelectableProduct,
  SheetFormat,
  VariableCopyAnswer,
  VariableImportAnswer,
  VariableList,
} from './catalogue.types.ts';
import type { ApiClient } from './client.ts';
import { apiClient, authApi } from './instance.ts';

export const CATALOGUE_PATHS = {
  productQuery: '/product/query',
  productQueryAll: '/product/queryAll',
  productAdd: '/product/add',
  productEdit: '/product/edit',
  productDelete: '/product/delete',
  productInfo: '/product/info',
  productPublish: '/product/setPublish',
  productDevelop: '/product/setDevelop',
  productCopy: '/product/advance/copyProduct',
  productImport: '/product/advance/importProduct',
  productCapacity: '/product/queryConifgResource',
  driverList: '/product/driver/list',
  driverSave: '/product/driver/save',
  driverDelete: '/product/driver/delete',
  variableList: '/product/variable/list',
  variableAdd: '/product/variable/add',
  variableEdit: '/product/variable/edit',
  variableDelete: '/product/variable/delete',
  variableCopy: '/product/variable/copy',
  variableImport: '/product/variable/import',
  variableExport: '/product/variable/export',
  gatewayQuery: '/gateway/query',
  gatewayInfo: '/gateway/info',
  gatewayBatchAdd: '/gateway/batchAdd',
  gatewayImport: '/gateway/import',
  gatewayExport: '/gateway/export',
  gatewayRemark: '/gateway/editRemark',
  gatewayCredentials: '/gateway/credentials',
  gatewayRotateSecret: '/gateway/rotateSecret',
  deviceAdd: '/equipment/add',
  deviceQuery: '/equipment/query',
  deviceGroups: '/equipment/groups',
  deviceInfo: '/equipment/info',
  deviceEdit: '/equipment/edit',
  deviceDelete: '/equipment/delete',
  deviceVariables: '/equipment/variables',
} as const;

/** A multipart form: text fields, and the file under `fileField`. */
function fileForm(
  fields: Record<string, string | number | null | undefined>,
  file: Blob,
  fileName: string,
  fileField = 'file',
): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append(fileField, file, fileName);
  return form;
}

export function createCatalogueApi(client: ApiClient, files: FileApi) {
  return {
    queryProducts: (query: ProductQuery) =>
      client.post<Page<ProductSummary>>(CATALOGUE_PATHS.productQuery, { ...query }),
    /** Products a device may be bound to: the caller's own and published ones. */
    listSelectableProducts: () => client.post<SelectableProduct[]>(CATALOGUE_PATHS.productQueryAll),
    addProduct: (fields: ProductFields) =>
      client.post<ProductRecord>(CATALOGUE_PATHS.productAdd, { ...fields }),
    editProduct: (id: string, fields: ProductFields) =>
      client.post<ProductRecord>(CATALOGUE_PATHS.productEdit, { id, ...fields }),
    deleteProduct: (id: string) => client.post<null>(CATALOGUE_PATHS.productDelete, { id }),
    fetchProduct: (id: string) => client.post<ProductDetail>(CATALOGUE_PATHS.productInfo, { id }),
    setProductStatus: (id: string, status: ProductStatus) =>
      client.post<ProductRecord>(
        status === 'published' ? CATALOGUE_PATHS.productPublish : CATALOGUE_PATHS.productDevelop,
        { id },
      ),
    copyProduct: (id: string, title?: string) =>
      client.post<ProductRecord>(CATALOGUE_PATHS.productCopy, { id, ...(title ? { title } : {}) }),
    /** A new product from an exported product document or a bare `{ drivers, variables }` model. */
    importProduct: (fields: Partial<ProductFields>, document: Blob, fileName: string) =>
      client.upload<ProductRecord>(
        CATALOGUE_PATHS.productImport,
        fileForm(fields, document, fileName, 'json'),
      ),
    fetchProductCapacity: (id: string) =>
      client.post<ProductCapacity>(CATALOGUE_PATHS.productCapacity, { id }),

    listDrivers: (productId: string) => client.post<DriverList>(CATALOGUE_PATHS.driverList, { productId }),
    /** Adds a driver, or replaces the one keyed `originalKey` (a secret left out is kept, null removes it). */
    saveDriver: (productId: string, driver: DriverSaveInput, originalKey?: string) =>
      client.post<ModelChange>(CATALOGUE_PATHS.driverSave, { productId, driver, originalKey }),
    deleteDriver: (productId: string, key: string) =>
      client.post<ModelChange>(CATALOGUE_PATHS.driverDelete, { productId, key }),

    listVariables: (productId: string, query: Omit<VariableListRequest, 'productId'>) =>
      client.post<VariableList>(CATALOGUE_PATHS.variableList, { productId, ...query }),
    addVariable: (productId: string, variable: VariableInput) =>
      client.post<ModelChange>(CATALOGUE_PATHS.variableAdd, { productId, variable }),
    editVariable: (productId: string, key: string, variable: VariableInput) =>
      client.post<ModelChange>(CATALOGUE_PATHS.variableEdit, { productId, key, variable }),
    deleteVariables: (productId: string, keys: string[]) =>
      client.post<ModelChange>(CATALOGUE_PATHS.variableDelete, { productId, keys }),
    copyVariable: (productId: string, key: string) =>
      client.post<VariableCopyAnswer>(CATALOGUE_PATHS.variableCopy, { productId, key }),
    /** `merge` replaces variables with the same key and adds the others; `replace` swaps the list. */
    importVariables: (productId: string, file: Blob, fileName: string, mode: 'merge' | 'replace') =>
      client.upload<VariableImportAnswer>(
        CATALOGUE_PATHS.variableImport,
        fileForm({ productId, mode }, file, fileName),
      ),
    exportVariables: (productId: string, format: SheetFormat) =>
      files.download(CATALOGUE_PATHS.variableExport, { productId, format }, `variables.${format}`),

    queryGateways: (query: GatewayQuery) =>
      client.post<Page<GatewayView>>(CATALOGUE_PATHS.gatewayQuery, { ...query }),
    batchAddGateways: (body: GatewayBatchAdd) =>
      client.post<GatewayCreated[]>(CATALOGUE_PATHS.gatewayBatchAdd, { ...body }),
    importGateways: (file: Blob, fileName: string) =>
      client.upload<GatewayImportAnswer>(CATALOGUE_PATHS.gatewayImport, fileForm({}, file, fileName)),
    /** The chosen SNs, or every gateway the filter matches. */
    exportGateways: (format: SheetFormat, selection: { sns?: string[]; filter?: GatewayFilter }) =>
      files.download(
        CATALOGUE_PATHS.gatewayExport,
        { format, ...selection.filter, ...(selection.sns ? { sns: selection.sns } : {}) },
        `gateways.${format}`,
      ),
    editGatewayRemark: (sn: string, remark: string) =>
      client.post<null>(CATALOGUE_PATHS.gatewayRemark, { sn, remark }),
    gatewayCredentials: (sn: string) =>
      client.post<GatewayCredentials>(CATALOGUE_PATHS.gatewayCredentials, { sn }),
    /** A new secret, answered once; the old one stops working at once. */
    rotateGatewaySecret: (sn: string) =>
      client.post<GatewaySecretRotated>(CATALOGUE_PATHS.gatewayRotateSecret, { sn }),

    bindDevice: (body: DeviceBind) => client.post<DeviceRecord>(CATALOGUE_PATHS.deviceAdd, { ...body }),
    queryDevices: (query: DeviceQuery) =>
      client.post<Page<DeviceView>>(CATALOGUE_PATHS.deviceQuery, { ...query }),
    listDeviceGroups: () => client.post<string[]>(CATALOGUE_PATHS.deviceGroups),
    fetchDevice: (id: string) => client.post<DeviceDetail>(CATALOGUE_PATHS.deviceInfo, { id }),
    /** Fields left out stay as they are; an empty text clears an optional one. */
    editDevice: (id: string, fields: Partial<DeviceFields>) =>
      client.post<DeviceRecord>(CATALOGUE_PATHS.deviceEdit, { id, ...fields }),
    unbindDevice: (id: string) => client.post<null>(CATALOGUE_PATHS.deviceDelete, { id }),

    /** The variables of a device's model, for everyone who may see the device. */
    fetchDeviceVariables: async (device: { id: string }): Promise<Variable[]> =>
      (await client.post<DeviceVariables>(CATALOGUE_PATHS.deviceVariables, { id: device.id })).list,
  };
}

export type CatalogueApi = ReturnType<typeof createCatalogueApi>;

/**
 * The request client is where a session ends (cleared, sent to /login). When another channel learns
 * that the session is gone, asking the client for the account lets it end the session the same way.
 */
export function endSessionThroughClient(): void {
  authApi.fetchAccountInfo(Date.now()).catch(() => undefined);
}

export const fileApi = createFileApi({
  fetch: (input, init) => window.fetch(input, init),
  getLocale: readDocumentLocale,
  endSession: endSessionThroughClient,
});

export const catalogueApi = createCatalogueApi(apiClient, fileApi);
