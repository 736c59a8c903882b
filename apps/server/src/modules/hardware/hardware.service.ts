/**
 * Hardware models (§2 system/hardware, §7 /model/*): the list and pickers, adding and editing with a
 * unique name, deleting only what nothing uses, and the model of a gateway the caller may see.
 * Lowering a number below what a product built for the model already holds is refused (2455):
 * capacity is only ever checked when a count grows, so it must not shrink under a product.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  CAPACITY_KINDS,
  DEFAULT_HARDWARE_MODEL_ID,
  type HardwareModel,
  type HardwareModelOption,
  type ModelAddBody,
  type ModelCapacity,
  type ModelEditBody,
  type ModelFeatures,
} from '@lyyp/contracts/hardware';
import { newId } from '../../lib/ids.ts';
import { viewerOf, type Caller } from '../device/viewer.ts';
import type { GatewayRepository } from '../gateway/gateway.repository.ts';
import type { Page, PageRequest } from '../product/catalogue-route.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { HardwareModelListRow, HardwareModelRepository } from './hardware.repository.ts';

interface ModelInput {
  name: string;
  description?: string | undefined;
  capacity: ModelCapacity;
  features: ModelFeatures;
}

function present(row: HardwareModelListRow): HardwareModel {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    capacity: row.capacity,
    features: row.features,
    builtIn: row.id === DEFAULT_HARDWARE_MODEL_ID,
    gatewayCount: row.gatewayCount,
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export class HardwareModelService {
  constructor(
    private readonly models: HardwareModelRepository,
    private readonly gateways: Pick<GatewayRepository, 'findVisible'>,
  ) {}

  async query(filter: { name?: string | undefined }, paging: PageRequest): Promise<Page<HardwareModel>> {
    const { rows, total } = await this.models.page(filter, paging);
    return { list: rows.map(present), total, ...paging };
  }

  async queryAll(): Promise<HardwareModelOption[]> {
    return (await this.models.options()).map((row) => ({
      ...row,
      builtIn: row.id === DEFAULT_HARDWARE_MODEL_ID,
    }));
  }

  async info(id: string): Promise<HardwareModel> {
    const row = await this.models.find(id);
    if (!row) throw new CatalogueError('1003');
    return present(row);
  }

  /** The model of a gateway the caller may see; another tenant's gateway is answered like a missing one. */
  async queryBySn(caller: Caller, sn: string): Promise<HardwareModel> {
    const gateway = await this.gateways.findVisible(viewerOf(caller.account), sn);
    if (!gateway) throw new CatalogueError('1003');
    return this.info(gateway.hardwareModelId);
  }

  async add(input: ModelAddBody & ModelInput): Promise<HardwareModel> {
    const name = input.name.trim();
    if (await this.models.nameTaken(name)) throw new CatalogueError('2451', { name, field: 'name' });
    const id = newId();
    await this.models
      .insert({
        id,
        name,
        description: input.description?.trim() || null,
        capacity: input.capacity,
        features: input.features,
      })
      .catch((error: unknown) => this.explainDuplicate(error, name));
    return this.info(id);
  }

  async edit(input: ModelEditBody & ModelInput): Promise<HardwareModel> {
    const name = input.name.trim();
    if (!(await this.models.exists(input.id))) throw new CatalogueError('1003');
    if (await this.models.nameTaken(name, input.id))
      throw new CatalogueError('2451', { name, field: 'name' });
    for (const product of await this.models.usageOf(input.id)) {
      for (const kind of CAPACITY_KINDS) {
        if (input.capacity[kind] < product[kind])
          throw new CatalogueError('2455', {
            total: input.capacity[kind],
            used: product[kind],
            product: product.title,
            field: `capacity.${kind}`,
          });
      }
    }
    await this.models
      .update(input.id, {
        name,
        description: input.description?.trim() || null,
        capacity: input.capacity,
        features: input.features,
      })
      .catch((error: unknown) => this.explainDuplicate(error, name));
    return this.info(input.id);
  }

  async delete(id: string): Promise<void> {
    if (id === DEFAULT_HARDWARE_MODEL_ID) throw new CatalogueError('2452');
    const row = await this.models.find(id);
    if (!row) throw new CatalogueError('1003');
    const deleted = await this.models.deleteUnused(id).catch((error: unknown) => {
      // A gateway or product took the model between the check and the delete.
      if (databaseCodeOf(error) === '23503') return false;
      throw error;
    });
    if (!deleted) {
      const now = await this.models.find(id);
      throw new CatalogueError('2453', {
        gateways: now?.gatewayCount ?? row.gatewayCount,
        products: now?.productCount ?? row.productCount,
      });
    }
  }

  /** A model named in a request must exist (1003 names the field otherwise). */
  async requireExisting(id: string, field: string): Promise<void> {
    if (!(await this.models.exists(id))) throw new CatalogueError('2454', { name: id, field });
  }

  private explainDuplicate(error: unknown, name: string): never {
    // Another request took the name between the check and the write.
    if (databaseCodeOf(error) === '23505') throw new CatalogueError('2451', { name, field: 'name' });
    throw error;
  }
}
