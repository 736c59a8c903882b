import { describe, expect, it } from 'vitest';
import { describeEventDetail } from './equipment-admin.service.ts';

describe('device log details', () => {
  it('says what each event was about in a few language-neutral words', () => {
    expect(describeEventDetail('bind', { name: 'Boiler 1', owner: 'a-1' })).toBe('Boiler 1');
    expect(describeEventDetail('config-push', { status: 'syncing', version: 3 })).toBe('v3');
    expect(describeEventDetail('status', { status: 'online', signal: 72 })).toBe('72%');
    expect(describeEventDetail('status', { status: 'offline', signal: null })).toBeNull();
    expect(describeEventDetail('authorize', { account: 'wang', canWrite: true })).toBe('wang (rw)');
    expect(describeEventDetail('authorize', { account: 'wang', canWrite: false })).toBe('wang');
    expect(describeEventDetail('unbind', { owner: 'a-1' })).toBeNull();
  });
});
