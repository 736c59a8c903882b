/**
 * Device groups (§2 device list with groups): an account keeps named groups of its own devices,
 * renames and deletes them (their devices become ungrouped) and moves devices between them. A
 * group another account keeps answers like a missing one (1003); moving needs the right to manage
 * every device named (owner or staff), and the device must belong to the group's owner.
 */
import { CatalogueError } from '@lyyp/contracts';
import { DEVICE_GROUPS_MAX, type DeviceGroup, type DeviceGroupMove } from '@lyyp/contracts/fleet';
import { newId } from '../../lib/ids.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRow } from '../device/device.repository.ts';
import type { Caller } from '../device/viewer.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { DeviceGroupRepository, DeviceGroupRow } from './device-group.repository.ts';

export class DeviceGroupService {
  constructor(
    private readonly groups: DeviceGroupRepository,
    private readonly access: DeviceAccess,
  ) {}

  async list(caller: Caller): Promise<DeviceGroup[]> {
    const rows = await this.groups.list(caller.account.id);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      deviceCount: row.deviceCount,
      createdAt: row.createdAt.toISOString(),
    }));
  }

  async add(caller: Caller, input: { name: string }): Promise<DeviceGroup[]> {
    const name = input.name.trim();
    if ((await this.groups.countOf(caller.account.id)) >= DEVICE_GROUPS_MAX)
      throw new CatalogueError('2822', { max: DEVICE_GROUPS_MAX });
    await this.groups
      .insert({ id: newId(), ownerAccountId: caller.account.id, name })
      .catch((error: unknown) => rethrowDuplicate(error, name));
    return this.list(caller);
  }

  async rename(caller: Caller, input: { id: string; name: string }): Promise<DeviceGroup[]> {
    const group = await this.requireOwned(caller, input.id);
    const name = input.name.trim();
    if (name !== group.name)
      await this.groups.rename(group, name).catch((error: unknown) => rethrowDuplicate(error, name));
    return this.list(caller);
  }

  async delete(caller: Caller, id: string): Promise<DeviceGroup[]> {
    await this.groups.delete(await this.requireOwned(caller, id));
    return this.list(caller);
  }

  /** Every device is checked before any moves, so a refused move changes nothing. */
  async move(caller: Caller, input: DeviceGroupMove): Promise<{ moved: number }> {
    const group = input.groupId ? await this.requireOwned(caller, input.groupId) : null;
    const ids = [...new Set(input.ids)];
    const checked: DeviceRow[] = [];
    for (const id of ids) {
      const device = await this.access.requireVisibleDevice(caller.account, id);
      await this.access.authorize(caller.account, 'device.edit', device);
      if (group && device.ownerAccountId !== group.ownerAccountId)
        throw new CatalogueError('2823', { name: device.name });
      checked.push(device);
    }
    return {
      moved: await this.groups.move(
        checked.map((device) => device.id),
        group?.name ?? null,
      ),
    };
  }

  private async requireOwned(caller: Caller, id: string): Promise<DeviceGroupRow> {
    const group = await this.groups.findOwned(caller.account.id, id);
    if (!group) throw new CatalogueError('1003');
    return group;
  }
}

function rethrowDuplicate(error: unknown, name: string): never {
  if (databaseCodeOf(error) === '23505') throw new CatalogueError('2821', { name, field: 'name' });
  throw error;
}
