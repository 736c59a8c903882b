/**
 * Device templates: a named, versioned configuration of one product's devices. Devices are bound
 * to one template at most; a bound device changes configuration only through it, and unbinding
 * keeps what it runs. Sync gives the bound devices (or a few first: a staged push) a version's
 * settings; online gateways receive it at once, offline or sleeping ones when they come back (the
 * gateway link sends the current version to a gateway that reports another). Every version is kept:
 * any two can be compared, and rolling back makes a new version with an earlier one's settings.
 */
import type { ActionName } from '@lyyp/contracts/policy';
import { CatalogueError } from '@lyyp/contracts';
import {
  EMPTY_DEVICE_CONFIG,
  describeDeviceConfig,
  diffDeviceConfigs,
  effectiveConfigVersion,
  normaliseDeviceConfig,
  type DeviceConfigOverrides,
  type TemplateBatchAnswer,
  type TemplateInfoAnswer,
  type TemplateSummary,
} from '@lyyp/contracts/device-config';
import { newId } from '../../lib/ids.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRow } from '../device/device.repository.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import type { GatewayRepository } from '../gateway/gateway.repository.ts';
import type { ProductRepository, ProductRow } from '../product/product.repository.ts';
import type { DeviceConfigRepository } from './device-config.repository.ts';
import { syncStateOf } from './device-config.service.ts';
import type { DeviceTemplateRepository, TemplateViewer } from './device-template.repository.ts';

export interface DeviceTemplateServiceDeps {
  templates: DeviceTemplateRepository;
  configs: DeviceConfigRepository;
  access: DeviceAccess;
  products: Pick<ProductRepository, 'findById' | 'findBindable'>;
  gateways: Pick<GatewayRepository, 'findBySn'>;
  push: (deviceId: string) => Promise<unknown>;
  /** Leaves it retained on the broker for a gateway that is not online. */
  retain: (deviceId: string) => Promise<unknown>;
  now: () => number;
}

type TemplateRecord = NonNullable<Awaited<ReturnType<DeviceTemplateRepository['findVisible']>>>;
type Result = TemplateBatchAnswer['results'][number];

const templateViewer = (caller: Caller): TemplateViewer => ({
  accountId: caller.account.id,
  staff: viewerOf(caller.account).staff,
});

function summaryOf(record: TemplateRecord): TemplateSummary {
  return {
    id: record.template.id,
    name: record.template.name,
    productId: record.template.productId,
    productTitle: record.productTitle,
    latestVersion: record.template.latestVersion,
    deviceCount: record.deviceCount,
    updatedAt: record.template.updatedAt.toISOString(),
  };
}

export class DeviceTemplateService {
  constructor(private readonly deps: DeviceTemplateServiceDeps) {}

  async list(caller: Caller): Promise<{ list: TemplateSummary[] }> {
    return { list: (await this.deps.templates.list(templateViewer(caller))).map(summaryOf) };
  }

  async add(caller: Caller, input: { name: string; productId: string; fromDeviceId?: string | undefined }) {
    // A template is for devices the caller may bind: their products are the ones it may bind to.
    const product = await this.deps.products.findBindable(viewerOf(caller.account), input.productId);
    if (!product) throw new CatalogueError('1003', { field: 'productId' });
    let overrides = EMPTY_DEVICE_CONFIG;
    if (input.fromDeviceId) {
      const device = await this.deps.access.requireVisibleDevice(caller.account, input.fromDeviceId);
      if (device.productId !== product.id) throw new CatalogueError('2606', { field: 'fromDeviceId' });
      overrides = (await this.deps.configs.find(device.id))?.overrides ?? EMPTY_DEVICE_CONFIG;
    }
    if (await this.deps.templates.nameTaken(caller.account.id, input.name))
      throw new CatalogueError('2609', { field: 'name' });
    const id = newId();
    const at = new Date(this.deps.now());
    await this.deps.templates.insert(
      {
        id,
        name: input.name,
        productId: product.id,
        ownerAccountId: caller.account.id,
        createdAt: at,
        updatedAt: at,
      },
      overrides,
    );
    return this.info(caller, id);
  }

  async info(caller: Caller, id: string): Promise<TemplateInfoAnswer> {
    const record = await this.requireTemplate(caller, id);
    const product = await this.productOf(record);
    const versions = await this.deps.templates.versions(id);
    const devices = await this.deps.templates.boundDevices(id);
    return {
      ...summaryOf(record),
      versions: versions.map((row) => ({
        version: row.version,
        drivers: describeDeviceConfig(product.model, row.overrides),
        createdAt: row.createdAt.toISOString(),
        restoredFrom: row.restoredFrom,
      })),
      devices: devices.map((device) => ({
        id: device.id,
        name: device.name,
        gatewaySn: device.gatewaySn,
        gatewayStatus: device.gatewayStatus,
        templateVersion: device.templateVersion,
        // Never synced: the gateway runs the device's own configuration, no version of this template.
        syncState:
          device.templateVersion === null
            ? null
            : syncStateOf(effectiveConfigVersion(device.modelVersion, device.revision), device, device),
      })),
    };
  }

  async saveVersion(
    caller: Caller,
    id: string,
    requested: DeviceConfigOverrides,
  ): Promise<TemplateInfoAnswer> {
    const record = await this.requireTemplate(caller, id);
    const product = await this.productOf(record);
    const checked = normaliseDeviceConfig(product.model, requested);
    if (!checked.ok) throw new CatalogueError(checked.problem.code, checked.problem.params);
    await this.deps.templates.addVersion(
      id,
      checked.overrides,
      null,
      caller.account.id,
      new Date(this.deps.now()),
    );
    return this.info(caller, id);
  }

  async diff(caller: Caller, id: string, from: number, to: number) {
    const record = await this.requireTemplate(caller, id);
    const product = await this.productOf(record);
    const before = await this.requireVersion(id, from);
    const after = await this.requireVersion(id, to);
    return { from, to, changes: diffDeviceConfigs(product.model, before.overrides, after.overrides) };
  }

  /** A new version with an earlier version's settings; syncing it is a separate step. */
  async rollback(caller: Caller, id: string, version: number): Promise<TemplateInfoAnswer> {
    await this.requireTemplate(caller, id);
    const earlier = await this.requireVersion(id, version);
    await this.deps.templates.addVersion(
      id,
      earlier.overrides,
      version,
      caller.account.id,
      new Date(this.deps.now()),
    );
    return this.info(caller, id);
  }

  async bind(caller: Caller, id: string, deviceIds: readonly string[]): Promise<TemplateBatchAnswer> {
    const record = await this.requireTemplate(caller, id);
    const results: Result[] = [];
    for (const deviceId of new Set(deviceIds)) {
      results.push(
        await this.each(deviceId, 'bound', async () => {
          const device = await this.requireManaged(caller, deviceId, 'device.configure');
          if (device.productId !== record.template.productId) return '2606';
          const current = await this.deps.configs.find(device.id);
          if (current?.templateId === id) return '1506';
          if (current?.templateId) return '2607';
          const bound = await this.deps.templates.bind(
            device.id,
            id,
            caller.account.id,
            new Date(this.deps.now()),
          );
          return bound ? null : '2607';
        }),
      );
    }
    return { version: null, results };
  }

  async unbind(caller: Caller, deviceIds: readonly string[]): Promise<TemplateBatchAnswer> {
    const results: Result[] = [];
    for (const deviceId of new Set(deviceIds)) {
      results.push(
        await this.each(deviceId, 'unbound', async () => {
          const device = await this.requireManaged(caller, deviceId, 'device.configure');
          const current = await this.deps.configs.find(device.id);
          if (!current?.templateId) return '1505';
          // Only someone who sees the template may take devices off it.
          await this.requireTemplate(caller, current.templateId);
          await this.deps.templates.unbind(device.id);
          return null;
        }),
      );
    }
    return { version: null, results };
  }

  /** Pushes a version to the bound devices, or to the listed ones first (staged). */
  async sync(
    caller: Caller,
    id: string,
    version: number | undefined,
    deviceIds: readonly string[] | undefined,
  ): Promise<TemplateBatchAnswer> {
    const record = await this.requireTemplate(caller, id);
    const chosen = await this.requireVersion(id, version ?? record.template.latestVersion);
    const bound = await this.deps.templates.boundDevices(id);
    const boundIds = new Set(bound.map((device) => device.id));
    const targets = deviceIds ? [...new Set(deviceIds)] : [...boundIds];
    const results: Result[] = [];
    for (const deviceId of targets) {
      if (!boundIds.has(deviceId)) {
        results.push({ id: deviceId, state: 'failed', code: '1505' });
        continue;
      }
      const at = new Date(this.deps.now());
      const applied = await this.deps.templates.applyVersion(
        deviceId,
        id,
        chosen.version,
        chosen.overrides,
        caller.account.id,
        at,
      );
      if (!applied) {
        results.push({ id: deviceId, state: 'failed', code: '1505' });
        continue;
      }
      const device = bound.find((row) => row.id === deviceId)!;
      if (device.gatewayStatus === 'online') {
        await this.deps.push(deviceId);
        results.push({ id: deviceId, state: 'syncing', code: null });
      } else {
        // Retained for the gateway's next connection: it never starts on an older version.
        await this.deps.retain(deviceId);
        results.push({ id: deviceId, state: 'queued', code: null });
      }
    }
    return { version: chosen.version, results };
  }

  private async each(
    deviceId: string,
    done: Result['state'],
    run: () => Promise<string | null>,
  ): Promise<Result> {
    try {
      const code = await run();
      return { id: deviceId, state: code ? 'failed' : done, code };
    } catch (error) {
      if (error instanceof CatalogueError) return { id: deviceId, state: 'failed', code: error.code };
      throw error;
    }
  }

  private async requireTemplate(caller: Caller, id: string): Promise<TemplateRecord> {
    const record = await this.deps.templates.findVisible(templateViewer(caller), id);
    if (!record) throw new CatalogueError('1003');
    return record;
  }

  private async requireVersion(id: string, version: number) {
    const row = await this.deps.templates.version(id, version);
    if (!row) throw new CatalogueError('2608', { version });
    return row;
  }

  private async productOf(record: TemplateRecord): Promise<ProductRow> {
    const product = await this.deps.products.findById(record.template.productId);
    if (!product) throw new CatalogueError('1003');
    return product;
  }

  private async requireManaged(caller: Caller, deviceId: string, action: ActionName): Promise<DeviceRow> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, deviceId);
    await this.deps.access.authorize(caller.account, action, device);
    return device;
  }
}
