/**
 * Device sharing (§1, §5, §6). Anyone who reaches a device as its owner, as staff or through a
 * grant may share it by link (the console also draws the link as a QR code) or by password, with
 * permission settings; a share never gives more than its sharer has. Who may share is the policy's
 * `share.add` (apps/server/src/policy/), asked again when a share is accepted. One account accepts a share
 * and is granted access (`device_access`, kind `shared`); the owner sees and revokes every share
 * of the device, a sharer their own. A receiver shares the device further only when its share
 * allows it (`canReshare`, off by default: 1211 otherwise). Revoking removes the grant, ends the live channel's
 * subscriptions of the receiver (the bus's `accessRevoked`), and alarm pushes stop because the
 * dispatcher asks the access policy at send time. Shares made by a receiver end with the receiver's
 * access. Share, accept and revoke are recorded in the device log.
 */
import { CatalogueError, DAY_MS } from '@lyyp/contracts';
import {
  DEVICE_SHARES_MAX,
  SHARE_MENU_KEYS,
  SHARE_PASSWORD_MAX_FAILURES,
  type DeviceShare,
  type DeviceShareCreated,
  type ShareAccepted,
  type ShareMenu,
  type SharePreview,
  type ShareState,
} from '@lyyp/contracts/fleet';
import type { z } from 'zod';
import type { DeviceShareAddSchema } from '@lyyp/contracts/fleet';
import type { Bus } from '../../bus/bus.ts';
import { hashToken, newId, newToken } from '../../lib/ids.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import type { AccountRepository } from '../account/account.repository.ts';
import type { AttemptLimiter } from '../auth/attempt-limiter.ts';
import type { DeviceAccess } from '../device/device-access.ts';
import type { DeviceRepository, DeviceRow } from '../device/device.repository.ts';
import { viewerOf, type AccountFacts, type Caller } from '../device/viewer.ts';
import type { DeviceEventRecorder } from '../equipment-admin/device-events.ts';
import type { DeviceShareRecord, DeviceShareRepository, DeviceShareRow } from './device-share.repository.ts';

export interface DeviceShareDeps {
  shares: DeviceShareRepository;
  devices: DeviceRepository;
  access: DeviceAccess;
  accounts: AccountRepository;
  limiter: AttemptLimiter;
  events: DeviceEventRecorder;
  bus: Bus;
  now: () => number;
}

/** What an account the policy lets share a device may pass on of it. */
interface SharerRights {
  topMenu: boolean;
  menus: readonly ShareMenu[];
  canWrite: boolean;
}

/**
 * The state a share is in now. An accepted share whose grant is gone (staff revoked the account's
 * access from the back office) is shown as revoked: the state follows the access, not the row.
 */
export function shareStateOf(share: DeviceShareRow, now: number, granted = true): ShareState {
  if (share.revokedAt) return 'revoked';
  if (share.receiverAccountId) return granted ? 'accepted' : 'revoked';
  return share.expiresAt.getTime() <= now ? 'expired' : 'open';
}

function present(record: DeviceShareRecord, now: number): DeviceShare {
  const { share } = record;
  return {
    id: share.id,
    deviceId: share.deviceId,
    method: share.method,
    state: shareStateOf(share, now, record.granted),
    sharerAccountId: share.sharerAccountId,
    sharerName: record.sharerName,
    receiverAccountId: share.receiverAccountId,
    receiverName: record.receiverName,
    topMenu: share.topMenu,
    menus: share.menus,
    canWrite: share.canWrite,
    canReshare: share.canReshare,
    expiresAt: share.expiresAt.toISOString(),
    acceptedAt: share.acceptedAt?.toISOString() ?? null,
    revokedAt: share.revokedAt?.toISOString() ?? null,
    createdAt: share.createdAt.toISOString(),
  };
}

export class DeviceShareService {
  constructor(private readonly deps: DeviceShareDeps) {}

  /** The owner and staff see every share of the device; anyone else the shares they made. */
  async list(caller: Caller, deviceId: string): Promise<DeviceShare[]> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, deviceId);
    const all = await this.deps.access.allows(caller.account, 'share.manage', device);
    const rows = await this.deps.shares.listOf(device.id, all ? undefined : caller.account.id);
    const now = this.deps.now();
    return rows.map((row) => present(row, now));
  }

  async add(caller: Caller, input: z.output<typeof DeviceShareAddSchema>): Promise<DeviceShareCreated> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, input.id);
    // The policy decides who shares (`share.add`; a share that does not allow it: 1211).
    await this.deps.access.authorize(caller.account, 'share.add', device);
    const rights = await this.rightsOf(caller.account, device);
    if ((input.method === 'password') !== (input.password !== undefined))
      throw new CatalogueError('2839', { field: 'password' });
    if (input.canWrite && !rights.canWrite) throw new CatalogueError('2832', { field: 'canWrite' });
    const beyond = input.menus.find((menu) => !rights.menus.includes(menu));
    if (beyond) throw new CatalogueError('2833', { menu: beyond, field: 'menus' });
    if (input.topMenu && !rights.topMenu)
      throw new CatalogueError('2833', { menu: 'topMenu', field: 'topMenu' });

    const now = this.deps.now();
    const token = input.method === 'link' ? newToken() : null;
    const share = await this.deps.shares.insertWithin(
      {
        id: newId(),
        deviceId: device.id,
        sharerAccountId: caller.account.id,
        method: input.method,
        tokenHash: token ? hashToken(token) : null,
        passwordHash: input.password ? await hashPassword(input.password) : null,
        topMenu: input.topMenu,
        menus: [...new Set(input.menus)],
        canWrite: input.canWrite,
        canReshare: input.canReshare,
        expiresAt: new Date(now + input.expiresInDays * DAY_MS),
        createdAt: new Date(now),
      },
      DEVICE_SHARES_MAX,
      new Date(now),
    );
    if (!share) throw new CatalogueError('2831', { max: DEVICE_SHARES_MAX });
    await this.deps.events.grantChanged('share', device, caller.account.id, {
      method: share.method,
      canWrite: share.canWrite,
    });
    const record = (await this.deps.shares.findRecord(share.id))!;
    return { share: present(record, now), token };
  }

  /** Revokes a share (the owner, staff, or its sharer) and every share that hung on it. */
  async revoke(caller: Caller, input: { id: string; shareId: string }): Promise<DeviceShare[]> {
    const device = await this.deps.access.requireVisibleDevice(caller.account, input.id);
    const record = await this.deps.shares.findRecord(input.shareId);
    const share = record?.share;
    if (
      !share ||
      share.deviceId !== device.id ||
      (share.sharerAccountId !== caller.account.id &&
        !(await this.deps.access.allows(caller.account, 'share.manage', device)))
    )
      throw new CatalogueError('1003');
    if (share.revokedAt) throw new CatalogueError('2840');
    await this.revokeChain(device, [share.id], caller.account.id);
    return this.list(caller, device.id);
  }

  /** What a link offers, before it is accepted. */
  async preview(caller: Caller, token: string): Promise<SharePreview> {
    const share = await this.openShareOfToken(caller, token);
    const device = (await this.deps.devices.findById(share.deviceId))!;
    const sharer = await this.deps.accounts.findById(share.sharerAccountId);
    return {
      deviceName: device.name,
      sharerName: sharer?.name ?? sharer?.username ?? sharer?.tel ?? null,
      topMenu: share.topMenu,
      menus: share.menus,
      canWrite: share.canWrite,
      canReshare: share.canReshare,
      expiresAt: share.expiresAt.toISOString(),
    };
  }

  async accept(caller: Caller, token: string): Promise<ShareAccepted> {
    return this.acceptShare(caller, await this.openShareOfToken(caller, token));
  }

  /**
   * Accepts a password share by the gateway's SN and the password. The attempt is reserved before
   * anything is compared; an unknown SN answers and counts exactly like a wrong password.
   */
  async acceptPassword(caller: Caller, input: { sn: string; password: string }): Promise<ShareAccepted> {
    const keys = [
      { key: `share-password-sn:${input.sn}`, limit: SHARE_PASSWORD_MAX_FAILURES },
      { key: `share-password-account:${caller.account.id}`, limit: SHARE_PASSWORD_MAX_FAILURES },
    ];
    const attempt = await this.deps.limiter.reserve(keys);
    const device = await this.deps.devices.findByGatewaySn(input.sn);
    const candidates = device
      ? await this.deps.shares.openPasswordShares(device.id, new Date(this.deps.now()))
      : [];
    let matched: DeviceShareRow | undefined;
    for (const share of candidates) {
      if (await verifyPassword(input.password, share.passwordHash)) {
        matched = share;
        break;
      }
    }
    // Compared once even without a candidate, so an unknown SN takes as long as a wrong password.
    if (candidates.length === 0) await verifyPassword(input.password, null);
    if (!matched) throw new CatalogueError('2838', { field: 'password' });
    await attempt.clear([keys[0]!.key]);
    await attempt.release();
    return this.acceptShare(caller, matched);
  }

  private async openShareOfToken(caller: Caller, token: string): Promise<DeviceShareRow> {
    const share = await this.deps.shares.findByTokenHash(hashToken(token));
    if (!share) throw new CatalogueError('2835');
    const state = shareStateOf(share, this.deps.now());
    if (state === 'accepted' && share.receiverAccountId !== caller.account.id)
      throw new CatalogueError('2836');
    if (state === 'revoked' || state === 'expired') throw new CatalogueError('2835');
    return share;
  }

  private async acceptShare(caller: Caller, share: DeviceShareRow): Promise<ShareAccepted> {
    const device = await this.deps.devices.findById(share.deviceId);
    if (!device) throw new CatalogueError('2835');
    if (share.receiverAccountId === caller.account.id)
      return { deviceId: device.id, deviceName: device.name };
    if (
      share.sharerAccountId === caller.account.id ||
      (await this.deps.access.findVisibleDevice(caller.account, device.id))
    )
      throw new CatalogueError('2837');
    // The sharer's rights are read again: a share gives no more than its sharer has now.
    const sharer = await this.deps.accounts.findById(share.sharerAccountId);
    if (!sharer || !(await this.deps.access.allows(sharer, 'share.add', device)))
      throw new CatalogueError('2835');
    const rights = await this.rightsOf(sharer, device);
    const accepted = await this.deps.shares.accept(
      share,
      caller.account.id,
      share.canWrite && rights.canWrite,
      new Date(this.deps.now()),
    );
    if (!accepted) {
      const again = await this.deps.shares.findRecord(share.id);
      if (again?.share.receiverAccountId && again.share.receiverAccountId !== caller.account.id)
        throw new CatalogueError('2836');
      throw new CatalogueError('2835');
    }
    await this.deps.events.grantChanged('share-accept', device, caller.account.id, {
      method: share.method,
      canWrite: share.canWrite && rights.canWrite,
    });
    return { deviceId: device.id, deviceName: device.name };
  }

  /**
   * What an account the policy lets share the device may pass on: everything as owner or staff; an
   * authorization's writing; a share's own settings as its receiver. Who may share at all is the
   * policy's `share.add`, never decided here.
   */
  private async rightsOf(account: AccountFacts, device: DeviceRow): Promise<SharerRights> {
    if (device.ownerAccountId === account.id || viewerOf(account).staff)
      return { topMenu: true, menus: SHARE_MENU_KEYS, canWrite: true };
    const grant = await this.deps.devices.accessOf(device.id, account.id);
    if (!grant) return { topMenu: false, menus: [], canWrite: false };
    if (grant.kind === 'authorized')
      return { topMenu: true, menus: SHARE_MENU_KEYS, canWrite: grant.canWrite };
    const share = await this.deps.shares.shareOfGrant(device.id, account.id);
    return { topMenu: share?.topMenu ?? false, menus: share?.menus ?? [], canWrite: grant.canWrite };
  }

  private async revokeChain(device: DeviceRow, shareIds: string[], actorAccountId: string): Promise<void> {
    let pending = shareIds;
    const at = new Date(this.deps.now());
    while (pending.length > 0) {
      const revoked = await this.deps.shares.revoke(pending, at);
      pending = [];
      for (const share of revoked) {
        const receiver = share.receiverAccountId
          ? await this.deps.accounts.findById(share.receiverAccountId)
          : undefined;
        await this.deps.events.grantChanged('share-revoke', device, actorAccountId, {
          method: share.method,
          account: receiver?.username ?? receiver?.tel ?? share.receiverAccountId ?? '',
        });
        if (!share.receiverAccountId) continue;
        this.deps.bus.publish('accessRevoked', { deviceId: device.id, accountId: share.receiverAccountId });
        const downstream = await this.deps.shares.liveSharesBy(device.id, share.receiverAccountId);
        pending.push(...downstream.map((next) => next.id));
      }
    }
  }
}
