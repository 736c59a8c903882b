/**
 * What the catalogue paths (/product/*, /gateway/*, /equipment/*) accept and answer, as the console
 * reads them. The shapes are the contract's (`@lyyp/contracts`, src/api/): the server validates and
 * documents with the same schemas. Only the console's own views of them are written here.
 */
import type { DeviceEditRequest, ProductEditRequest } from '@lyyp/contracts';

export type {
  CapacityUse,
  ConfigSyncState,
  DeviceAccessKind,
  DeviceAddRequest as DeviceBind,
  DeviceDetail,
  DeviceGateway,
  DeviceQueryRequest as DeviceQuery,
  DeviceRecord,
  DeviceView,
  DriverList,
  GatewayBatchAddRequest as GatewayBatchAdd,
  GatewayCreated,
  GatewayCredentials,
  GatewaySecretRotated,
  GatewayDetail,
  GatewayFilter,
  GatewayImportAnswer,
  GatewayQueryRequest as GatewayQuery,
  GatewayView,
  ModelChange,
  Page,
  PageQuery,
  ProductCapacity,
  ProductDetail,
  ProductQueryRequest as ProductQuery,
  ProductRecord,
  ProductStatus,
  ProductSummary,
  SelectableProduct,
  SheetFormat,
  VariableCopyAnswer,
  VariableImportAnswer,
  VariableList,
} from '@lyyp/contracts';
export type { SignalBand } from '@lyyp/contracts/gateway';

/** The editable §3 product fields, as the product form sends them to add or edit. */
export type ProductFields = Omit<ProductEditRequest, 'id' | 'title'> & { title: string };

/** The §3 device fields a person types, as the device form sends them to edit. */
export type DeviceFields = Omit<DeviceEditRequest, 'id' | 'name'> & { name: string };
