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
 * A device the caller may not see is answered like a missing one (1003). A share also names the
 * device screens its receiver may open (§6 menu permissions); the paths behind those screens ask
 * `requireDeviceMenu`, so a screen the share leaves out is refused by the server, not only hidden.
 */
import { CatalogueError, type ErrorCode } from '@lyyp/contracts';
import type { ShareMenu } from '@lyyp/contracts/fleet';
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
   * Like `requireVisibleDevice`, and the account must be allowed `menu` of it: a receiver of a
   * share only the screens the share names (else `refusal`, 1201 by default); the owner, staff and
   * every other grant all of them. `orTopMenu` also lets in a share with the top menu bar, for data
   * the device's configuration pages read too (their charts read history curves).
   */
  async requireDeviceMenu(
    account: AccountFacts,
    deviceId: string,
    menu: ShareMenu,
    options: { refusal?: ErrorCode; orTopMenu?: boolean } = {},
  ): Promise<DeviceRow> {
    const device = await this.requireVisibleDevice(account, deviceId);
    if (await this.menuAllowed(account, device, menu, options.orTopMenu === true)) return device;
    throw new CatalogueError(options.refusal ?? '1201');
  }

  /**
   * Whether the account may see `menu` of the device, by the rule of `requireDeviceMenu`: for
   * what reaches people without a request (alarm pop-ups and pushes), which a share without the
   * alarm records must not carry either.
   */
  async allowsDeviceMenu(account: AccountFacts, deviceId: string, menu: ShareMenu): Promise<boolean> {
    return (await this.devicesAllowingMenu(account, [deviceId], menu)).has(deviceId);
  }

  /** `allowsDeviceMenu` for several devices at once: those of `deviceIds` the account may see `menu` of. */
  async devicesAllowingMenu(
    account: AccountFacts,
    deviceIds: readonly string[],
    menu: ShareMenu,
  ): Promise<Set<string>> {
    return this.devices.visibleWithMenu(viewerOf(account), deviceIds, menu);
  }

  private async menuAllowed(
    account: AccountFacts,
    device: DeviceRow,
    menu: ShareMenu,
    orTopMenu: boolean,
  ): Promise<boolean> {
    if (device.ownerAccountId === account.id || viewerOf(account).staff) return true;
    const share = await this.devices.shareMenusOf(device.id, account.id);
    return !share || share.menus.includes(menu) || (orTopMenu && share.topMenu);
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
