import { describe, expect, it } from 'vitest';
import { grantsOpenTo } from './evaluate.ts';
import type { CallerKind } from './relations.ts';
import { ACTION_NAMES } from './table.ts';
import {
  allowsOnGatewayRow,
  allowsOnPlanRow,
  allowsOnProductRow,
  allowsOnRow,
  maySharePerRow,
  rowRelationHolds,
  type Capabilities,
} from './capabilities.ts';

/** The answer the server gives a caller of `kind` holding `codes` (what `/account/capabilities` computes). */
function answerOf(kind: CallerKind, codes: string[]): Pick<Capabilities, 'relations' | 'kind'> {
  const relations: Capabilities['relations'] = {};
  for (const action of ACTION_NAMES) {
    const open = grantsOpenTo(action, { kind, codes: new Set(codes) });
    if (open.length > 0) relations[action] = [...new Set(open.map((grant) => grant.relation))];
  }
  return { kind, relations };
}

const me = 'me';
const ownRow = { ownerAccountId: me, access: { kind: 'owner' as const, canWrite: true } };
const staffRow = { ownerAccountId: 'other', access: { kind: 'staff' as const, canWrite: true } };
const sharedRow = (canReshare: boolean) => ({
  ownerAccountId: 'other',
  access: { kind: 'shared' as const, canWrite: false },
  sharePermissions: { menus: ['data'], canReshare },
});
const authorizedRow = { ownerAccountId: 'other', access: { kind: 'authorized' as const, canWrite: false } };

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

  it('lets a receiver share further only when its share allows it, an authorization always', () => {
    const terminal = answerOf('terminal', ['monitor:device', 'monitor:device:share']);
    expect(maySharePerRow(terminal, me, sharedRow(false))).toBe(false);
    expect(maySharePerRow(terminal, me, sharedRow(true))).toBe(true);
    expect(maySharePerRow(terminal, me, ownRow)).toBe(true);
    expect(maySharePerRow(terminal, me, authorizedRow)).toBe(true);
    expect(maySharePerRow(answerOf('terminal', ['monitor:device']), me, ownRow)).toBe(false);
    expect(maySharePerRow(answerOf('staff', ['monitor:device:share']), me, staffRow)).toBe(true);
    expect(maySharePerRow(answerOf('staff', ['manage:equipment:edit']), me, staffRow)).toBe(true);
    expect(maySharePerRow(answerOf('staff', ['monitor:device:view']), me, staffRow)).toBe(false);
    // A developer reaches devices of its products, which it may not share.
    const developerRow = { ownerAccountId: 'other', access: { kind: 'developer' as const, canWrite: false } };
    expect(maySharePerRow(answerOf('developer', ['monitor:device:share']), me, developerRow)).toBe(false);
  });
});

describe('deciding a listed product or inspection plan from one capabilities answer', () => {
  const codes = ['manage:product:view', 'manage:product:edit', 'manage:product:publish'];

  it('lets a developer change its own products only, and staff the products they list', () => {
    const developer = answerOf('developer', codes);
    expect(allowsOnProductRow(developer, 'product.edit', me, { ownerAccountId: me })).toBe(true);
    expect(allowsOnProductRow(developer, 'product.publish', me, { ownerAccountId: 'other' })).toBe(false);
    expect(allowsOnProductRow(developer, 'product.list', me, { ownerAccountId: 'other' })).toBe(true);
    const staff = answerOf('staff', codes);
    expect(allowsOnProductRow(staff, 'product.edit', me, { ownerAccountId: 'other' })).toBe(true);
    const viewer = answerOf('staff', ['manage:product:view']);
    expect(allowsOnProductRow(viewer, 'product.edit', me, { ownerAccountId: 'other' })).toBe(false);
    expect(allowsOnProductRow(viewer, 'product.list', me, { ownerAccountId: 'other' })).toBe(true);
  });

  it('lets the maker of a plan edit it, and not an inspector who did not make it', () => {
    const inspector = answerOf('terminal', ['monitor:inspection', 'monitor:inspection:plan']);
    expect(allowsOnPlanRow(inspector, 'inspection.editPlan', me, { ownerAccountId: me })).toBe(true);
    expect(allowsOnPlanRow(inspector, 'inspection.editPlan', me, { ownerAccountId: 'other' })).toBe(false);
    const staff = answerOf('staff', ['monitor:inspection', 'monitor:inspection:plan']);
    expect(allowsOnPlanRow(staff, 'inspection.editPlan', me, { ownerAccountId: 'other' })).toBe(true);
    const staffViewer = answerOf('staff', ['monitor:inspection']);
    expect(allowsOnPlanRow(staffViewer, 'inspection.editPlan', me, { ownerAccountId: me })).toBe(false);
  });

  it('lets an owner edit its own gateway, a developer those of its products, staff those they list', () => {
    const row = (ownerAccountId: string | null, developerAccountId: string | null) => ({
      ownerAccountId,
      developerAccountId,
    });
    const owner = answerOf('terminal', ['manage:gateway', 'manage:gateway:view', 'manage:gateway:edit']);
    expect(allowsOnGatewayRow(owner, 'gateway.edit', me, row(me, 'dev'))).toBe(true);
    expect(allowsOnGatewayRow(owner, 'gateway.edit', me, row('other', 'dev'))).toBe(false);
    const developer = answerOf('developer', ['manage:gateway', 'manage:gateway:view', 'manage:gateway:edit']);
    expect(allowsOnGatewayRow(developer, 'gateway.edit', me, row('customer', me))).toBe(true);
    expect(allowsOnGatewayRow(developer, 'gateway.edit', me, row('customer', 'dev'))).toBe(false);
    const staff = answerOf('staff', ['manage:gateway', 'manage:gateway:view', 'manage:gateway:edit']);
    expect(allowsOnGatewayRow(staff, 'gateway.edit', me, row('customer', 'dev'))).toBe(true);
    const viewer = answerOf('staff', ['manage:gateway', 'manage:gateway:view']);
    expect(allowsOnGatewayRow(viewer, 'gateway.edit', me, row('customer', 'dev'))).toBe(false);
  });
});
