/**
 * Per-device configuration: a device runs its product's model with its own driver addresses.
 * Saving checks the settings against the product, keeps only what differs, grows the revision and
 * pushes the effective configuration to an online gateway; for an offline or sleeping gateway the
 * broker's retained copy is replaced at once, so it runs the new version from its first connection
 * (and its status report naming another version brings it again). Copying gives other devices of the
 * same series the same settings (§9: their gateways must be online).
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { CatalogueError } from '@lyyp/contracts';
import {
  EMPTY_DEVICE_CONFIG,
  describeDeviceConfig,
  effectiveConfigVersion,
  normaliseDeviceConfig,
  type DeviceConfigAnswer,
  type DeviceConfigCopyAnswer,
  type DeviceConfigOverrides,
} from '@lyyp/contracts/device-config';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRow } from '../device/device.repository.ts';
import type { Caller } from '../device/viewer.ts';
import type { GatewayRepository, GatewayRow } from '../gateway/gateway.repository.ts';
import type { ProductRepository, ProductRow } from '../product/product.repository.ts';
import type { DeviceConfigRepository } from './device-config.repository.ts';

export interface DeviceConfigServiceDeps {
  configs: DeviceConfigRepository;
  access: DeviceAccess;
  products: Pick<ProductRepository, 'findById'>;
  gateways: Pick<GatewayRepository, 'findBySn'>;
  /** Sends a device's effective configuration to its gateway (the gateway link). */
  push: (deviceId: string) => Promise<unknown>;
  /** Leaves it retained on the broker for a gateway that is not online (the gateway link). */
  retain: (deviceId: string) => Promise<unknown>;
  now: () => number;
}

type SyncState = DeviceConfigAnswer['syncState'];

/** Where the gateway stands with the version it should run, from what it last reported. */
export function syncStateOf(
  version: number,
  device: Pick<DeviceRow, 'configVersion'>,
  gateway: Pick<GatewayRow, 'configVersionReported' | 'configSyncState'>,
): SyncState {
  if (device.configVersion !== version) return 'queued';
  if (gateway.configSyncState === 'failed') return 'failed';
  if (gateway.configVersionReported === version && gateway.configSyncState === 'complete') return 'complete';
  return 'syncing';
}

export class DeviceConfigService {
  constructor(private readonly deps: DeviceConfigServiceDeps) {}

  async info(caller: Caller, deviceId: string): Promise<DeviceConfigAnswer> {
    // PLC addresses and driver settings are the gateway detail: a share without it is refused.
    const device = await this.deps.access.requireDeviceMenu(caller.account, deviceId, 'gateway');
    return this.present(device);
  }

  async save(
    caller: Caller,
    deviceId: string,
    requested: DeviceConfigOverrides,
  ): Promise<DeviceConfigAnswer> {
    const device = await this.requireManaged(caller, deviceId, 'device.configure');
    const product = await this.productOf(device);
    const checked = normaliseDeviceConfig(product.model, requested);
    if (!checked.ok) throw new CatalogueError(checked.problem.code, checked.problem.params);
    const stored = await this.deps.configs.find(device.id);
    if (stored?.templateId) throw new CatalogueError('2605');
    const current = stored?.overrides ?? EMPTY_DEVICE_CONFIG;
    if (JSON.stringify(current) !== JSON.stringify(checked.overrides)) {
      await this.deps.configs.replace(
        device.id,
        checked.overrides,
        caller.account.id,
        new Date(this.deps.now()),
      );
      await this.pushIfReachable(device);
    }
    return this.present(await this.deps.access.requireVisibleDevice(caller.account, device.id));
  }

  /** Gives each target the source's settings; each target is copied or refused on its own. */
  async copy(
    caller: Caller,
    sourceId: string,
    targetIds: readonly string[],
  ): Promise<DeviceConfigCopyAnswer> {
    const source = await this.deps.access.requireDeviceMenu(caller.account, sourceId, 'gateway');
    const sourceGateway = await this.deps.gateways.findBySn(source.gatewaySn);
    const overrides = (await this.deps.configs.find(source.id))?.overrides ?? EMPTY_DEVICE_CONFIG;
    const results: DeviceConfigCopyAnswer['results'] = [];
    for (const targetId of new Set(targetIds)) {
      const refusal = await this.copyTo(caller, source, sourceGateway, overrides, targetId).catch(
        (error: unknown) => {
          if (error instanceof CatalogueError) return error.code;
          throw error;
        },
      );
      results.push({ id: targetId, state: refusal ? 'failed' : 'syncing', code: refusal });
    }
    const copied = results.filter((result) => result.state === 'syncing').length;
    return { results, copied, failed: results.length - copied };
  }

  private async copyTo(
    caller: Caller,
    source: DeviceRow,
    sourceGateway: GatewayRow | undefined,
    overrides: DeviceConfigOverrides,
    targetId: string,
  ): Promise<string | null> {
    if (targetId === source.id) return '2603';
    const target = await this.requireManaged(caller, targetId, 'device.configure');
    const gateway = await this.deps.gateways.findBySn(target.gatewaySn);
    if (!gateway) return '1504';
    const sameSeries =
      target.productId === source.productId &&
      (!sourceGateway || sourceGateway.hardwareModelId === gateway.hardwareModelId);
    if (!sameSeries) return '2604';
    if ((await this.deps.configs.find(target.id))?.templateId) return '2605';
    if (gateway.status === 'dormant') return '1503';
    if (gateway.status !== 'online') return '1501';
    await this.deps.configs.replace(target.id, overrides, caller.account.id, new Date(this.deps.now()));
    await this.deps.push(target.id);
    return null;
  }

  /**
   * An online gateway is sent the configuration; for any other the broker's retained copy is
   * replaced, so the first thing the gateway runs when it connects is the current version.
   */
  private async pushIfReachable(device: DeviceRow): Promise<void> {
    const gateway = await this.deps.gateways.findBySn(device.gatewaySn);
    if (gateway?.status === 'online') await this.deps.push(device.id);
    else await this.deps.retain(device.id);
  }

  private async productOf(device: DeviceRow): Promise<ProductRow> {
    const product = await this.deps.products.findById(device.productId);
    if (!product) throw new CatalogueError('1003');
    return product;
  }

  private async requireManaged(caller: Caller, deviceId: string, action: ActionName): Promise<DeviceRow> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, deviceId);
    await this.deps.access.authorize(caller.account, action, device);
    return device;
  }

  private async present(device: DeviceRow): Promise<DeviceConfigAnswer> {
    const product = await this.productOf(device);
    const stored = await this.deps.configs.find(device.id);
    const overrides = stored?.overrides ?? EMPTY_DEVICE_CONFIG;
    const revision = stored?.revision ?? 0;
    const version = effectiveConfigVersion(product.modelVersion, revision);
    const gateway = await this.deps.gateways.findBySn(device.gatewaySn);
    const drivers = describeDeviceConfig(product.model, overrides);
    return {
      deviceId: device.id,
      productId: product.id,
      productModelVersion: product.modelVersion,
      revision,
      version,
      customised: drivers.some((driver) => driver.addresses.some((row) => row.differs)),
      drivers,
      syncState: gateway ? syncStateOf(version, device, gateway) : 'queued',
      reportedVersion: gateway?.configVersionReported ?? 0,
      updatedAt: stored ? stored.updatedAt.toISOString() : null,
      templateId: stored?.templateId ?? null,
      templateVersion: stored?.templateVersion ?? null,
    };
  }
}
