/**
 * Devices (§3): binding one to a gateway with the gateway's SN and verification code, the device
 * list with gateway status, details, editing and unbinding. Guessing verification codes is
 * limited per gateway and per account.
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { CatalogueError } from '@lyyp/contracts';
import { effectiveConfigVersion } from '@lyyp/contracts/device-config';
import { newId } from '../../lib/ids.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import { signalBandOf } from '@lyyp/contracts/gateway';
import type { GatewayRepository } from '../gateway/gateway.repository.ts';
import type { Page, PageRequest } from '../product/catalogue-route.ts';
import type { HookFailure } from '../product/product-model.service.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { ProductRepository } from '../product/product.repository.ts';
import { accessKindOf, type DeviceAccess } from './device-access.ts';
import type { DeviceFilter, DeviceListRecord, DeviceRepository, DeviceRow } from './device.repository.ts';
import type { DeviceAddRequest, DeviceEditRequest } from './device.schemas.ts';
import { viewerOf, type Caller } from './viewer.ts';

export type DeviceBoundHook = (deviceId: string) => Promise<void>;

/**
 * Code of "this gateway is already bound to a device". The catalogue has no text for it yet; 1003
 * (no data or no access) is what a caller would see for someone else's gateway anyway.
 */
export const GATEWAY_BOUND_CODE = '1515';

export interface DeviceServiceDeps {
  devices: DeviceRepository;
  gateways: GatewayRepository;
  products: ProductRepository;
  access: DeviceAccess;
  limiter: AttemptLimiter;
  onDeviceBound: DeviceBoundHook;
  /** The gateway of an unbound device runs nothing any more: the runtime clears its configuration. */
  onDeviceUnbound: (gatewaySn: string) => Promise<void>;
  reportHookFailure: HookFailure;
}

function presentRecord(caller: Caller, record: DeviceListRecord) {
  const { device } = record;
  return {
    ...device,
    ownerName: record.ownerName,
    gatewayStatus: record.gatewayStatus,
    signal: record.signal,
    signalBand: signalBandOf(record.signal),
    lastSeenAt: record.lastSeenAt,
    configSyncState: record.configSyncState,
    /** Whether the gateway was sent the device's current configuration. */
    configCurrent:
      device.configVersion === effectiveConfigVersion(record.productModelVersion, record.configRevision),
    productTitle: record.productTitle,
    productModel: record.productModel,
    shared: record.shared,
    access: accessKindOf(caller.account, device, {
      kind: record.accessKind,
      canWrite: record.accessCanWrite,
    }),
    /** What a share lets the caller open, when the caller sees the device through one. */
    sharePermissions:
      record.accessKind === 'shared' && record.shareMenus && device.ownerAccountId !== caller.account.id
        ? {
            topMenu: record.shareTopMenu ?? true,
            menus: record.shareMenus,
            canReshare: record.shareCanReshare ?? false,
          }
        : null,
  };
}

export type DeviceView = ReturnType<typeof presentRecord>;

/** Attempt counters of binding (and replacing) by SN and code: per gateway and per account. */
export const bindKeys = (sn: string, accountId: string) => [
  `gateway-bind:${sn}`,
  `gateway-bind-account:${accountId}`,
];

export class DeviceService {
  constructor(private readonly deps: DeviceServiceDeps) {}

  async bind(caller: Caller, input: DeviceAddRequest): Promise<DeviceRow> {
    const { devices, gateways, products, limiter } = this.deps;
    const keys = bindKeys(input.sn, caller.account.id);
    // The attempt is taken before the code is compared, so parallel guesses cannot pass the limit.
    const attempt = await limiter.reserve(keys);
    const gateway = await gateways.findBySn(input.sn);
    // An unknown SN answers exactly like a wrong code, and counts the same: no probing for SNs.
    if (!gateway || gateway.verificationCode !== input.verificationCode) {
      throw new CatalogueError('1102', { field: 'verificationCode' });
    }
    await attempt.clear(keys.slice(0, 1));
    await attempt.release();
    if (await devices.findByGatewaySn(input.sn))
      throw new CatalogueError(GATEWAY_BOUND_CODE, { field: 'sn' });
    const product = await products.findBindable(viewerOf(caller.account), input.productId);
    if (!product) throw new CatalogueError('1003', { field: 'productId' });
    checkDateOrder(input.factoryDate, input.installDate);

    const { sn, verificationCode: _code, productId, name, ...details } = input;
    const device = await devices
      .bind({
        id: newId(),
        name: name.trim(),
        gatewaySn: sn,
        productId,
        ownerAccountId: caller.account.id,
        ...details,
      })
      .catch((error: unknown) => {
        // Someone bound the same gateway between the check and the insert.
        if (databaseCodeOf(error) === '23505') throw new CatalogueError(GATEWAY_BOUND_CODE, { field: 'sn' });
        throw error;
      });
    if (device.groupName) await devices.ensureGroup(device.ownerAccountId, device.groupName);
    await this.deps
      .onDeviceBound(device.id)
      .catch((error: unknown) =>
        this.deps.reportHookFailure(error, { hook: 'onDeviceBound', deviceId: device.id }),
      );
    return device;
  }

  async query(caller: Caller, filter: DeviceFilter, paging: PageRequest): Promise<Page<DeviceView>> {
    const { rows, total } = await this.deps.devices.page(viewerOf(caller.account), filter, paging);
    return { list: rows.map((row) => presentRecord(caller, row)), total, ...paging };
  }

  async groups(caller: Caller): Promise<string[]> {
    return this.deps.devices.groups(viewerOf(caller.account));
  }

  /** A device with its gateway and product summaries. */
  async info(caller: Caller, id: string) {
    const record = await this.deps.devices.findVisibleRecord(viewerOf(caller.account), id);
    if (!record) throw new CatalogueError('1003');
    const gateway = (await this.deps.gateways.findBySn(record.device.gatewaySn))!;
    const product = (await this.deps.products.findById(record.device.productId))!;
    // A share without the gateway detail shows the gateway's state, never its firmware, modes or sync errors.
    const detail = await this.deps.access.allowsDeviceMenu(caller.account, record.device.id, 'gateway');
    return {
      ...presentRecord(caller, record),
      gateway: {
        sn: gateway.sn,
        status: gateway.status,
        signal: gateway.signal,
        signalBand: signalBandOf(gateway.signal),
        firmware: detail ? gateway.firmware : null,
        hardwareModel: detail ? ((await this.deps.gateways.hardwareModelNameOf(gateway.sn)) ?? null) : null,
        networkMode: detail ? gateway.networkMode : null,
        gatewayMode: detail ? gateway.gatewayMode : null,
        lastSeenAt: gateway.lastSeenAt,
        configVersionReported: gateway.configVersionReported,
        configSyncState: gateway.configSyncState,
        configSyncError: detail ? gateway.configSyncError : null,
      },
      product: {
        id: product.id,
        title: product.title,
        productModel: product.productModel,
        imgUrl: product.imgUrl,
        status: product.status,
        modelVersion: product.modelVersion,
      },
    };
  }

  async edit(caller: Caller, input: DeviceEditRequest): Promise<DeviceRow> {
    const device = await this.requireManaged(caller, input.id, 'device.edit');
    const { id, ...changes } = input;
    checkDateOrder(
      changes.factoryDate === undefined ? device.factoryDate : changes.factoryDate,
      changes.installDate === undefined ? device.installDate : changes.installDate,
    );
    const updated = await this.deps.devices.update(id, {
      ...changes,
      ...(changes.name ? { name: changes.name.trim() } : {}),
    });
    if (!updated) throw new CatalogueError('1003');
    if (updated.groupName) await this.deps.devices.ensureGroup(updated.ownerAccountId, updated.groupName);
    return updated;
  }

  /** Unbinds a device: it is deleted and its gateway is free to bind again. */
  async unbind(caller: Caller, id: string): Promise<void> {
    const device = await this.requireManaged(caller, id, 'device.unbind');
    await this.deps.devices.unbind(device);
    await this.deps
      .onDeviceUnbound(device.gatewaySn)
      .catch((error: unknown) =>
        this.deps.reportHookFailure(error, { hook: 'onDeviceUnbound', gatewaySn: device.gatewaySn }),
      );
  }

  private async requireManaged(caller: Caller, id: string, action: ActionName): Promise<DeviceRow> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, id);
    await this.deps.access.authorize(caller.account, action, device);
    return device;
  }
}

/** An installation date cannot precede the factory date (§5: end not earlier than start). */
function checkDateOrder(
  factoryDate: string | null | undefined,
  installDate: string | null | undefined,
): void {
  if (factoryDate && installDate && installDate < factoryDate)
    throw new CatalogueError('1804', { field: 'installDate' });
}
