/**
 * The device access policy: who may see a device and who may write its values. Commands, live
 * values and every catalogue path ask here, so tenancy is decided in one place:
 *
 * - operation staff see and write every device;
 * - the owner sees and writes it;
 * - an account granted access (device_access) sees it, and writes if the grant says so;
 * - a developer sees the devices running their products, without writing;
 * - a certified dealer sees its customers' devices of the products it may serve, and writes to
 *   them with debug rights;
 * - a staff member whose role names chosen products sees only those (visibility.repository.ts).
 *
 * A device the caller may not see is answered like a missing one (1003).
 */
import { CatalogueError } from '@lyyp/contracts';
import type { DeviceRepository, DeviceRow } from './device.repository.ts';
import { dealerDebugCondition } from './visibility.repository.ts';
import { viewerOf, type AccountFacts } from './viewer.ts';

export type DeviceAccessKind = 'staff' | 'owner' | 'authorized' | 'shared' | 'developer';

export class DeviceAccess {
  constructor(private readonly devices: DeviceRepository) {}

  /** The device if the account may see it, else undefined (missing and foreign look the same). */
  async findVisibleDevice(account: AccountFacts, deviceId: string): Promise<DeviceRow | undefined> {
    return this.devices.findVisible(viewerOf(account), deviceId);
  }

  /** Like `findVisibleDevice`, answering 1003 when there is none. */
  async requireVisibleDevice(account: AccountFacts, deviceId: string): Promise<DeviceRow> {
    const device = await this.findVisibleDevice(account, deviceId);
    if (!device) throw new CatalogueError('1003');
    return device;
  }

  /**
   * Whether the account may write values to a device it can see. The caller still checks the
   * `monitor:device:write` permission code; this is the data side.
   */
  async canWriteDevice(
    account: AccountFacts,
    device: Pick<DeviceRow, 'id' | 'ownerAccountId'>,
  ): Promise<boolean> {
    const viewer = viewerOf(account);
    if (viewer.staff || device.ownerAccountId === account.id) return true;
    if ((await this.devices.accessOf(device.id, account.id))?.canWrite) return true;
    return viewer.dealer && (await this.devices.meets(device.id, dealerDebugCondition(viewer)));
  }

  /** Editing and unbinding a device is for its owner and operation staff. */
  canManageDevice(account: AccountFacts, device: Pick<DeviceRow, 'ownerAccountId'>): boolean {
    return viewerOf(account).staff || device.ownerAccountId === account.id;
  }
}

/** How the caller comes to see a device, from a list record's own grant. */
export function accessKindOf(
  account: AccountFacts,
  device: Pick<DeviceRow, 'ownerAccountId'>,
  grant: { kind: 'authorized' | 'shared' | null; canWrite: boolean | null },
): { kind: DeviceAccessKind; canWrite: boolean } {
  if (device.ownerAccountId === account.id) return { kind: 'owner', canWrite: true };
  if (viewerOf(account).staff) return { kind: 'staff', canWrite: true };
  if (grant.kind) return { kind: grant.kind, canWrite: grant.canWrite ?? false };
  return { kind: 'developer', canWrite: false };
}
