import { describe, expect, it } from 'vitest';
import { DEFAULT_PERMISSIONS } from '@lyyp/contracts';
import type { AccountFacts } from '../modules/device/viewer.ts';
import { phoneShownTo, seesFullPhones } from './phone-visibility.ts';

const TEL = '13812345678';
const MASKED = '138****5678';

function account(facts: Partial<AccountFacts> & Pick<AccountFacts, 'accountKind'>): AccountFacts {
  return {
    id: 'viewer',
    roleType: facts.accountKind === 'operation' ? 'operation' : 'company',
    isSuperManager: false,
    auths: (DEFAULT_PERMISSIONS as Record<string, readonly string[]>)[facts.accountKind]!.join(','),
    ...facts,
  };
}

describe('phone numbers as a viewer sees them', () => {
  it('masks end users’ phones for developers, dealers and other end users', () => {
    for (const kind of ['developer', 'dealer', 'terminal'] as const) {
      expect(seesFullPhones(account({ accountKind: kind })), kind).toBe(false);
      expect(phoneShownTo(account({ accountKind: kind }))(TEL, 'someone-else'), kind).toBe(MASKED);
    }
  });

  it('shows the full number to staff managing accounts and to the super manager', () => {
    expect(phoneShownTo(account({ accountKind: 'operation', auths: 'manage:account:ter' }))(TEL, 'x')).toBe(
      TEL,
    );
    expect(
      phoneShownTo(account({ accountKind: 'operation', isSuperManager: true, auths: '' }))(TEL, 'x'),
    ).toBe(TEL);
  });

  it('masks for staff without an account-management code', () => {
    const viewer = account({ accountKind: 'operation', auths: 'manage:equipment,manage:equipment:view' });
    expect(phoneShownTo(viewer)(TEL, 'x')).toBe(MASKED);
  });

  it('shows a person their own number, and leaves a missing number missing', () => {
    expect(phoneShownTo(account({ accountKind: 'developer' }))(TEL, 'viewer')).toBe(TEL);
    expect(phoneShownTo(account({ accountKind: 'developer' }))(null, 'x')).toBeNull();
  });
});
