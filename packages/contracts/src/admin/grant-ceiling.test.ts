import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSION_CODES, DEFAULT_PERMISSIONS, MINIMAL_PERMISSIONS } from '../permissions.ts';
import {
  SUPER_MANAGER_HOLDING,
  ceilingExcess,
  codesHolding,
  dealerHolding,
  holdingCovers,
  roleHolding,
  type Holding,
} from './grant-ceiling.ts';

const holdingArbitrary: fc.Arbitrary<Holding> = fc
  .record({
    codes: fc.subarray([...ALL_PERMISSION_CODES], { maxLength: 12 }),
    all: fc.boolean(),
    products: fc.subarray(['p1', 'p2', 'p3']),
    debug: fc.boolean(),
  })
  .map(({ codes, all, products, debug }) => ({
    ...roleHolding({ permissions: codes, dataScope: all ? 'all' : 'chosen', productIds: products }),
    debug,
  }));

describe('grant ceiling', () => {
  it('refuses a code, every product, another product or debug rights the holder lacks', () => {
    const narrow = roleHolding({
      permissions: ['manage:account:op', 'monitor:device:view'],
      dataScope: 'chosen',
      productIds: ['p1'],
    });
    expect(
      ceilingExcess(
        narrow,
        roleHolding({ permissions: ALL_PERMISSION_CODES, dataScope: 'all', productIds: [] }),
      ),
    ).toEqual({ kind: 'code', code: 'manage:equipment' });
    expect(
      ceilingExcess(
        narrow,
        roleHolding({ permissions: ['monitor:device:view'], dataScope: 'all', productIds: [] }),
      ),
    ).toEqual({ kind: 'allProducts' });
    expect(
      ceilingExcess(
        narrow,
        roleHolding({ permissions: ['monitor:device:view'], dataScope: 'chosen', productIds: ['p2'] }),
      ),
    ).toEqual({ kind: 'product', product: 'p2' });
    const dealer = (canDebug: boolean) =>
      dealerHolding({ codes: ['monitor:device:view'], dataScope: 'chosen', productIds: ['p1'], canDebug });
    expect(ceilingExcess(narrow, dealer(true))).toEqual({ kind: 'debug' });
    expect(ceilingExcess(narrow, dealer(false))).toBeNull();
  });

  it('counts data only through codes that reach data, and never the minimal codes', () => {
    const accountsOnly = roleHolding({
      permissions: ['manage:account:op'],
      dataScope: 'chosen',
      productIds: [],
    });
    // A staff account left with its own account centre, whatever scope it has, is within anyone's.
    const leftOver = roleHolding({
      permissions: MINIMAL_PERMISSIONS.operation,
      dataScope: 'all',
      productIds: [],
    });
    expect(ceilingExcess(accountsOnly, leftOver)).toBeNull();
    expect(ceilingExcess(accountsOnly, codesHolding(DEFAULT_PERMISSIONS.developer))).toMatchObject({
      kind: 'code',
    });
  });

  it('puts the super manager above everyone', () => {
    const everything = roleHolding({ permissions: ALL_PERMISSION_CODES, dataScope: 'all', productIds: [] });
    expect(ceilingExcess(SUPER_MANAGER_HOLDING, everything)).toBeNull();
    expect(ceilingExcess(everything, SUPER_MANAGER_HOLDING)).toEqual({ kind: 'superManager' });
  });

  it('is reflexive and transitive, so granting down a chain never widens', () => {
    fc.assert(fc.property(holdingArbitrary, (holding) => holdingCovers(holding, holding)));
    fc.assert(
      fc.property(holdingArbitrary, holdingArbitrary, holdingArbitrary, (a, b, c) => {
        if (holdingCovers(a, b) && holdingCovers(b, c)) expect(holdingCovers(a, c)).toBe(true);
      }),
    );
  });

  it('a covered holding holds no code, product or debug right the holder lacks', () => {
    fc.assert(
      fc.property(holdingArbitrary, holdingArbitrary, (holder, other) => {
        if (!holdingCovers(holder, other)) return;
        const minimal = new Set<string>(MINIMAL_PERMISSIONS.operation);
        for (const code of other.codes) expect(holder.codes.includes(code) || minimal.has(code)).toBe(true);
        if (other.debug) expect(holder.debug).toBe(true);
      }),
    );
  });
});
