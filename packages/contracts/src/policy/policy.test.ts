/**
 * The policy table's own rules: viewing never implies changing, writing values needs the write
 * code with a relation that allows writing, the built-in R&D role changes no device, every grant
 * names known codes, and docs/permissions.md shows the table as it is.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES } from '../permissions.ts';
import { findBuiltInRole } from '../admin/roles.ts';
import { decideKnown, mayAttempt } from './evaluate.ts';
import { policyMarkdown } from './describe.ts';
import { ACTION_NAMES, POLICY, type ActionName } from './table.ts';

const known = new Set(ALL_PERMISSION_CODES);

describe('the policy table', () => {
  it('names only codes of the permission tree', () => {
    const unknown = ACTION_NAMES.flatMap((action) =>
      POLICY[action].grants.flatMap((grant) =>
        grant.codes.filter((code) => !known.has(code)).map((code) => `${action}: ${code}`),
      ),
    );
    expect(unknown).toEqual([]);
  });

  it('never lets a view code change anything', () => {
    const viewing = ACTION_NAMES.filter((action) => POLICY[action].change).flatMap((action) =>
      POLICY[action].grants.flatMap((grant) =>
        grant.codes.filter((code) => code.endsWith(':view')).map((code) => `${action}: ${code}`),
      ),
    );
    expect(viewing).toEqual([]);
  });

  it('needs the write code and a writing relation for every way of writing values', () => {
    const grants = POLICY['device.write'].grants;
    expect(
      grants.every((grant) => grant.codes.length === 1 && grant.codes[0] === 'monitor:device:write'),
    ).toBe(true);
    expect(grants.map((grant) => grant.relation).sort()).toEqual([
      'dealerWithDebug',
      'grantWithWrite',
      'owner',
      'staffInScope',
    ]);
  });

  it('lets the built-in R&D role view devices but not unbind, clear, reset, restart or reconfigure them', () => {
    const rnd = { kind: 'staff' as const, codes: new Set(findBuiltInRole('builtin-rnd')!.permissions) };
    const staffInScope = (relation: string) => relation === 'visible' || relation === 'staffInScope';
    const changes: ActionName[] = [
      'device.unbind',
      'device.clearData',
      'device.resetGateway',
      'device.restartGateway',
      'device.replaceGateway',
      'device.configure',
      'device.configureGateway',
      'device.edit',
    ];
    for (const action of changes) expect(decideKnown(action, rnd, staffInScope), action).toBe(false);
    expect(decideKnown('device.view', rnd, staffInScope)).toBe(true);
  });

  it('keeps a view-only staff member from every device change, and lets an editor make them', () => {
    const viewer = { kind: 'staff' as const, codes: new Set(['monitor:device', 'monitor:device:view']) };
    const editor = { kind: 'staff' as const, codes: new Set(['manage:equipment:edit']) };
    const inScope = (relation: string) => relation === 'visible' || relation === 'staffInScope';
    // Moving a camera widget is open to whoever sees the device (the camera's own account decides).
    const coded = (name: ActionName) => POLICY[name].grants.every((grant) => grant.codes.length > 0);
    for (const action of ACTION_NAMES.filter(
      (name) => name.startsWith('device.') && POLICY[name].change && coded(name),
    )) {
      expect(decideKnown(action, viewer, inScope), action).toBe(false);
    }
    expect(decideKnown('device.unbind', editor, inScope)).toBe(true);
    expect(mayAttempt('device.values', { kind: 'staff', codes: new Set(['manage:account:op']) })).toBe(false);
  });

  it("keeps a gateway's secret from its view code: reading it is a change, for those who edit the gateway", () => {
    const inScope = (relation: string) => relation === 'visible' || relation === 'staffInScope';
    const viewer = { kind: 'staff' as const, codes: new Set(['manage:gateway', 'manage:gateway:view']) };
    const importer = {
      kind: 'staff' as const,
      codes: new Set(['manage:gateway:view', 'manage:gateway:import']),
    };
    const editor = { kind: 'staff' as const, codes: new Set(['manage:gateway:edit']) };
    expect(POLICY['gateway.credentials'].change).toBe(true);
    expect(decideKnown('gateway.credentials', viewer, inScope)).toBe(false);
    expect(decideKnown('gateway.credentials', importer, inScope)).toBe(false);
    expect(decideKnown('gateway.credentials', editor, inScope)).toBe(true);
    expect(decideKnown('gateway.credentials', editor, (relation) => relation === 'visible')).toBe(false);
    expect(decideKnown('gateway.rotateSecret', viewer, inScope)).toBe(false);
  });

  it("keeps retention with the product's developer and, for one device, with staff who edit it in scope", () => {
    const all = () => true;
    const staffEditor = {
      kind: 'staff' as const,
      codes: new Set(['manage:product:edit', 'manage:equipment:edit']),
    };
    const developer = {
      kind: 'developer' as const,
      codes: new Set(['manage:product:edit', 'monitor:device']),
    };
    const owner = { kind: 'terminal' as const, codes: new Set(['monitor:device', 'monitor:device:view']) };
    expect(decideKnown('product.retention', developer, all)).toBe(true);
    expect(decideKnown('product.retention', developer, (relation) => relation === 'visible')).toBe(false);
    expect(decideKnown('product.retention', staffEditor, all)).toBe(false);
    expect(decideKnown('device.retention', staffEditor, all)).toBe(true);
    expect(decideKnown('device.retention', staffEditor, (relation) => relation === 'visible')).toBe(false);
    expect(decideKnown('device.retention', owner, all)).toBe(false);
    expect(decideKnown('device.retention', developer, all)).toBe(false);
  });

  it('is what docs/permissions.md shows', () => {
    const document = readFileSync(new URL('../../../../docs/permissions.md', import.meta.url), 'utf8');
    const start = document.indexOf('<!-- policy:start -->');
    const end = document.indexOf('<!-- policy:end -->');
    expect(start).toBeGreaterThan(0);
    expect(document.slice(start + '<!-- policy:start -->'.length, end).trim()).toBe(policyMarkdown());
  });
});
