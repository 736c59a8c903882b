/**
 * What the catalogue paths (/product/*, /gateway/*, /equipment/*) answer, as the console reads them.
 * Request rules live in @lyyp/contracts; the answer shapes are not there yet, so they are written
 * down here once, beside the calls that receive them. Times arrive as ISO strings.
 */
import type { DeviceModel, Driver, Variable } from '@lyyp/contracts/device-model';
import type { GatewayStatus } from '@lyyp/contracts/protocol';

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface PageQuery {
  page?: number;
  pageSize?: number;
}

/** §9: capacity is shown as used/total. */
export interface CapacityUse {
  used: number;
  total: number;
}

export interface ProductCapacity {
  drivers: CapacityUse;
  variables: CapacityUse;
}

export type ProductStatus = 'development' | 'published';

/** The editable §3 product fields. */
export interface ProductFields {
  title: string;
  productModel?: string;
  imgUrl?: string | null;
  note?: string | null;
  modelId?: string | null;
  latitude?: number | null;
  longitude?: number | null;
}

export interface ProductSummary {
  id: string;
  title: string;
  productModel: string;
  imgUrl: string | null;
  note: string | null;
  modelId: string | null;
  latitude: number | null;
  longitude: number | null;
  status: ProductStatus;
  modelVersion: number;
  ownerAccountId: string;
  ownerName: string | null;
  driverCount: number;
  variableCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProductDetail extends Omit<ProductSummary, 'ownerName' | 'driverCount' | 'variableCount'> {
  model: DeviceModel;
  capacity: ProductCapacity;
  deviceCount: number;
}

export interface ProductQuery extends PageQuery {
  keyword?: string;
  status?: ProductStatus;
}

/** Every change of the model answers the new version and how full the product is. */
export interface ModelChange {
  productId: string;
  modelVersion: number;
  capacity: ProductCapacity;
}

export interface DriverList {
  list: Driver[];
  capacity: CapacityUse;
}

export type VariableList = Page<Variable> & { capacity: CapacityUse };

export type SheetFormat = 'xlsx' | 'csv';

export type SignalBand = 'very-good' | 'good' | 'fair' | 'bad';

export type ConfigSyncState = 'none' | 'syncing' | 'complete' | 'failed';

export interface GatewayView {
  sn: string;
  status: GatewayStatus;
  signal: number | null;
  signalBand: SignalBand | null;
  firmware: string | null;
  hardwareModel: string | null;
  remark: string | null;
  networkMode: string | null;
  gatewayMode: string | null;
  ownerAccountId: string | null;
  ownerName: string | null;
  developerAccountId: string | null;
  developerName: string | null;
  lastSeenAt: string | null;
  configVersionReported: number;
  configSyncState: ConfigSyncState;
  configSyncError: string | null;
  device: { id: string; name: string; productId: string } | null;
  createdAt: string;
  /** Operation staff only: printed on the gateway label. */
  verificationCode?: string;
}

export interface GatewayFilter {
  status?: GatewayStatus;
  sn?: string;
  owner?: string;
  firmware?: string;
  hardwareModel?: string;
  bound?: boolean;
}

export type GatewayQuery = GatewayFilter & PageQuery;

/** A new gateway's credentials: shown once, to be printed or handed to the installer. */
export interface GatewayCreated {
  sn: string;
  verificationCode: string;
  secret: string;
}

export interface GatewayBatchAdd {
  count?: number;
  sns?: string[];
  hardwareModel?: string;
  firmware?: string;
  remark?: string;
}

export interface GatewayImportResult {
  imported: number;
  generatedSecrets: number;
}

export type DeviceAccessKind = 'owner' | 'staff' | 'authorized' | 'shared' | 'developer';

/** The §3 device fields a person types. */
export interface DeviceFields {
  name: string;
  groupName?: string | null;
  address?: string | null;
  longitude?: number | null;
  latitude?: number | null;
  iccid?: string | null;
  remark?: string | null;
  deviceNumber?: string | null;
  factoryDate?: string | null;
  installDate?: string | null;
  warrantyMonths?: number | null;
  manufacturer?: string | null;
  sortNumber?: number;
}

export interface DeviceBind extends DeviceFields {
  sn: string;
  verificationCode: string;
  productId: string;
}

export interface DeviceView {
  id: string;
  name: string;
  groupName: string | null;
  gatewaySn: string;
  productId: string;
  ownerAccountId: string;
  address: string | null;
  longitude: number | null;
  latitude: number | null;
  iccid: string | null;
  remark: string | null;
  deviceNumber: string | null;
  factoryDate: string | null;
  installDate: string | null;
  warrantyMonths: number | null;
  manufacturer: string | null;
  sortNumber: number;
  /** Configuration version last pushed to the gateway. */
  configVersion: number;
  ownerName: string | null;
  gatewayStatus: GatewayStatus;
  signal: number | null;
  signalBand: SignalBand | null;
  lastSeenAt: string | null;
  configSyncState: ConfigSyncState;
  /** Whether the pushed configuration is the product's current model. */
  configCurrent: boolean;
  productTitle: string;
  productModel: string;
  shared: boolean;
  access: { kind: DeviceAccessKind; canWrite: boolean };
  createdAt: string;
  updatedAt: string;
}

export interface DeviceGateway {
  sn: string;
  status: GatewayStatus;
  signal: number | null;
  signalBand: SignalBand | null;
  firmware: string | null;
  hardwareModel: string | null;
  networkMode: string | null;
  gatewayMode: string | null;
  lastSeenAt: string | null;
  configVersionReported: number;
  configSyncState: ConfigSyncState;
  configSyncError: string | null;
}

export interface DeviceDetail extends DeviceView {
  gateway: DeviceGateway;
  product: {
    id: string;
    title: string;
    productModel: string;
    imgUrl: string | null;
    status: ProductStatus;
    modelVersion: number;
  };
}

export interface DeviceQuery extends PageQuery {
  keyword?: string;
  groupName?: string;
  status?: GatewayStatus;
  productId?: string;
}
