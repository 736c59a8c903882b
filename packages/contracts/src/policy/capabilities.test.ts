import { describe, expect, it } from 'vitest';
import { allowsOnRow, maySharePerRow, rowRelationHolds, type Capabilities } from './capabilities.ts';

const me = 'me';
const ownRow = { ownerAccountId: me, access: { kind: 'owner' as const, canWrite: true } };
const staffRow = { ownerAccountId: 'other', access: { kind: 'staff' as const, canWrite: true } };
const sharedRow = (canReshare: boolean) => ({
  ownerAccountId: 'other',
  access: { kind: 'shared' as const, canWrite: false },
  sharePermissions: { menus: ['data'], canReshare },
});

describe('deciding a listed device from one capabilities answer', () => {
  it('holds the owner relation only for the caller’s own devices, and share menus as the share names them', () => {
    expect(rowRelationHolds('owner', me, ownRow)).toBe(true);
    expect(rowRelationHolds('owner', me, staffRow)).toBe(false);
    expect(rowRelationHolds('grant', me, sharedRow(false))).toBe(true);
    expect(rowRelationHolds('grantWithWrite', me, sharedRow(false))).toBe(false);
    expect(rowRelationHolds('shareMenu:data', me, sharedRow(false))).toBe(true);
    expect(rowRelationHolds('shareMenu:gateway', me, sharedRow(false))).toBe(false);
    expect(
      rowRelationHolds('shareMenu:gateway', me, {
        ownerAccountId: 'x',
        access: { kind: 'authorized', canWrite: false },
      }),
    ).toBe(true);
    // What a row cannot show never counts: a list offers nothing the server might refuse.
    expect(rowRelationHolds('developerOfProduct', me, staffRow)).toBe(false);
    expect(rowRelationHolds('dealerWithDebug', me, staffRow)).toBe(false);
  });

  it('allows an action only through a relation the caller’s codes open', () => {
    const viewer: Pick<Capabilities, 'relations'> = { relations: { 'device.unbind': ['owner'] } };
    expect(allowsOnRow(viewer, 'device.unbind', me, staffRow)).toBe(false);
    expect(allowsOnRow(viewer, 'device.unbind', me, ownRow)).toBe(true);
    expect(allowsOnRow(viewer, 'device.clearData', me, ownRow)).toBe(false);
    const editor: Pick<Capabilities, 'relations'> = { relations: { 'device.unbind': ['staffInScope'] } };
    expect(allowsOnRow(editor, 'device.unbind', me, staffRow)).toBe(true);
  });

  it('lets a receiver share further only when its share allows it', () => {
    const terminal = { kind: 'terminal' as const, actions: ['share.manage' as const] };
    expect(maySharePerRow(terminal, me, sharedRow(false))).toBe(false);
    expect(maySharePerRow(terminal, me, sharedRow(true))).toBe(true);
    expect(maySharePerRow(terminal, me, ownRow)).toBe(true);
    expect(maySharePerRow({ kind: 'terminal', actions: [] }, me, ownRow)).toBe(false);
    expect(maySharePerRow({ kind: 'staff', actions: ['share.manage'] }, me, staffRow)).toBe(true);
  });
});
