/**
 * Devices as the services meet them: finding one the caller may see, and asking the policy
 * (src/policy/authorize.ts) whether the caller may act on it. Who sees what is the SQL of
 * visibility.repository.ts; who may change, unbind, configure or write is the policy table
 * (`@lyyp/contracts/policy`, docs/permissions.md). Nothing here decides on its own.
 *
 * A device the caller may not see is answered like a missing one (1003). A share also names the
 * device screens its receiver may open (§6 menu permissions); the paths behind those screens ask
 * `requireDeviceMenu`, so a screen the share leaves out is refused by the server, not only hidden.
 */
import { CatalogueError, type ErrorCode } from '@lyyp/contracts';
import type { ShareMenu } from '@lyyp/contracts/fleet';
import { policyCallerOf, type ActionName } from '@lyyp/contracts/policy';
import type { Authorizer } from '../../policy/authorize.ts';
import type { DeviceRepository, DeviceRow } from './device.repository.ts';
import { viewerOf, type AccountFacts } from './viewer.ts';

export type DeviceAccessKind = 'staff' | 'owner' | 'authorized' | 'shared' | 'developer';

export class DeviceAccess {
  constructor(
    private readonly devices: DeviceRepository,
    private readonly authorizer: Authorizer,
  ) {}

  /**
   * `action` on a device the caller has loaded: 1003 when the caller may not see it, the action's
   * refusal when the policy does not allow it.
   */
  async authorize(
    account: AccountFacts,
    action: ActionName,
    device: Pick<DeviceRow, 'id' | 'ownerAccountId'>,
  ): Promise<void> {
    await this.authorizer.authorize(account, action, {
      kind: 'device',
      id: device.id,
      ownerAccountId: device.ownerAccountId,
    });
  }

  /** Whether the policy allows `action` on the device (what the console offers). */
  async allows(
    account: AccountFacts,
    action: ActionName,
    device: Pick<DeviceRow, 'id' | 'ownerAccountId'>,
  ): Promise<boolean> {
    return this.authorizer.allows(account, action, {
      kind: 'device',
      id: device.id,
      ownerAccountId: device.ownerAccountId,
    });
  }

  /** Each of `actions` on the device, allowed or not. */
  async abilities<Action extends ActionName>(
    account: AccountFacts,
    actions: readonly Action[],
    device: Pick<DeviceRow, 'id' | 'ownerAccountId'>,
  ): Promise<Record<Action, boolean>> {
    return this.authorizer.abilities(account, actions, {
      kind: 'device',
      id: device.id,
      ownerAccountId: device.ownerAccountId,
    });
  }

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
}

/** How the caller comes to see a device, from a list record's own grant. */
export function accessKindOf(
  account: AccountFacts,
  device: Pick<DeviceRow, 'ownerAccountId'>,
  grant: { kind: 'authorized' | 'shared' | null; canWrite: boolean | null },
): { kind: DeviceAccessKind; canWrite: boolean } {
  // The list's hint follows the policy's `device.write`: the write code, then the relation.
  const writes = policyCallerOf(account).codes.has('monitor:device:write');
  if (device.ownerAccountId === account.id) return { kind: 'owner', canWrite: writes };
  if (viewerOf(account).staff) return { kind: 'staff', canWrite: writes };
  if (grant.kind) return { kind: grant.kind, canWrite: writes && (grant.canWrite ?? false) };
  return { kind: 'developer', canWrite: false };
}
