/**
 * Protocols and driver models (§2 system/protocol). The protocols and their register types are the
 * built-in ones of the device model (what the edge agent runs); developers keep driver models over
 * them. A driver model's name is unique (2704); one that a product's driver names cannot be
 * deleted (2703, §8 "protocol in use"), nor moved to another protocol while in use, and a driver
 * may only name an existing driver model of its own protocol (2705, 2706).
 */
import { CatalogueError } from '@lyyp/contracts';
import type { Driver, Protocol } from '@lyyp/contracts/device-model';
import {
  PROTOCOL_LIST,
  type DriverModel,
  driverModelSettingsSchema,
  type DriverModelSettings,
  type ProtocolItem,
} from '@lyyp/contracts/system';
import { newId } from '../../lib/ids.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { DriverModelListRow, DriverModelRepository } from './driver-model.repository.ts';

interface DriverModelInput {
  name: string;
  protocol: Protocol;
  description?: string | undefined;
  settings: DriverModelSettings;
}

function present(row: DriverModelListRow): DriverModel {
  return {
    id: row.id,
    name: row.name,
    protocol: row.protocol,
    description: row.description,
    // Settings stored before a protocol's fields existed are answered with their defaults.
    settings: driverModelSettingsSchema.parse(row.settings),
    productCount: row.productCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The check product drivers go through before they are stored. */
export interface DriverModelCheck {
  checkDriver(driver: Pick<Driver, 'protocol' | 'driverModelId'>, field: string): Promise<void>;
  /** Which of these ids name a driver model of this platform (imports drop the others). */
  existingIds(ids: readonly string[]): Promise<Set<string>>;
}

export class DriverModelService implements DriverModelCheck {
  constructor(
    private readonly models: DriverModelRepository,
    private readonly now: () => number,
  ) {}

  async protocols(): Promise<ProtocolItem[]> {
    const counts = await this.models.countsByProtocol();
    return PROTOCOL_LIST.map((protocol) => ({
      id: protocol.id,
      transport: protocol.transport,
      builtIn: true as const,
      registerTypes: [...protocol.registerTypes],
      addressTypes: [...protocol.addressTypes],
      addressSyntax: protocol.addressSyntax,
      examples: [...protocol.examples],
      driverModelCount: counts.get(protocol.id) ?? 0,
    }));
  }

  async list(protocol: Protocol | undefined): Promise<DriverModel[]> {
    return (await this.models.list(protocol)).map(present);
  }

  async add(input: DriverModelInput): Promise<DriverModel> {
    const name = input.name.trim();
    if (await this.models.nameTaken(name)) throw new CatalogueError('2704', { name, field: 'name' });
    const id = newId();
    const moment = new Date(this.now());
    await this.models
      .insert({
        id,
        name,
        protocol: input.protocol,
        description: input.description?.trim() ?? '',
        settings: input.settings,
        createdAt: moment,
        updatedAt: moment,
      })
      .catch((error: unknown) => this.explainDuplicate(error, name));
    return present((await this.models.find(id))!);
  }

  async edit(id: string, input: DriverModelInput): Promise<DriverModel> {
    const name = input.name.trim();
    const existing = await this.models.find(id);
    if (!existing) throw new CatalogueError('1003');
    if (await this.models.nameTaken(name, id)) throw new CatalogueError('2704', { name, field: 'name' });
    // Drivers made from it carry its protocol: it cannot change under them.
    if (existing.protocol !== input.protocol && existing.productCount > 0)
      throw new CatalogueError('2703', { products: existing.productCount, field: 'protocol' });
    await this.models
      .update(id, {
        name,
        protocol: input.protocol,
        description: input.description?.trim() ?? '',
        settings: input.settings,
        updatedAt: new Date(this.now()),
      })
      .catch((error: unknown) => this.explainDuplicate(error, name));
    return present((await this.models.find(id))!);
  }

  async delete(id: string): Promise<void> {
    const existing = await this.models.find(id);
    if (!existing) throw new CatalogueError('1003');
    if (await this.models.deleteUnused(id)) return;
    const now = await this.models.find(id);
    throw new CatalogueError('2703', { products: now?.productCount ?? existing.productCount });
  }

  async checkDriver(driver: Pick<Driver, 'protocol' | 'driverModelId'>, field: string): Promise<void> {
    if (!driver.driverModelId) return;
    const protocol = await this.models.protocolOf(driver.driverModelId);
    if (!protocol) throw new CatalogueError('2705', { name: driver.driverModelId, field });
    if (protocol !== driver.protocol) throw new CatalogueError('2706', { name: driver.driverModelId, field });
  }

  async existingIds(ids: readonly string[]): Promise<Set<string>> {
    return new Set(await this.models.existingIds(ids));
  }

  private explainDuplicate(error: unknown, name: string): never {
    if (databaseCodeOf(error) === '23505') throw new CatalogueError('2704', { name, field: 'name' });
    throw error;
  }
}
