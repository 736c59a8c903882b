import { latitudeField, longitudeField } from '@lyyp/contracts';
import { DeviceShareAddSchema, SHARE_LINK_TTL_DAYS_MAX } from '@lyyp/contracts/fleet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { translateCatalogue } from '../app/messages.ts';
import { capacityAdd } from './capacity-add.ts';
import { checkField } from './field-rule.ts';

const days = DeviceShareAddSchema.shape.expiresInDays;

describe('a field checked with its contract', () => {
  it('refuses a coordinate out of range with its own message, in either language, and takes one in range', () => {
    expect(checkField(latitudeField, 91, 'zh-CN')).toBe(translateCatalogue('1143', 'zh-CN'));
    expect(checkField(longitudeField, -180.5, 'en-US')).toBe(translateCatalogue('1142', 'en-US'));
    fc.assert(
      fc.property(fc.double({ min: -90, max: 90, noNaN: true }), (latitude) => {
        expect(checkField(latitudeField, latitude, 'zh-CN')).toBeNull();
      }),
    );
    fc.assert(
      fc.property(fc.double({ min: 90, max: 1e6, noNaN: true, minExcluded: true }), (beyond) => {
        expect(checkField(latitudeField, beyond, 'zh-CN')).toBe(translateCatalogue('1143', 'zh-CN'));
        expect(checkField(latitudeField, -beyond, 'zh-CN')).toBe(translateCatalogue('1143', 'zh-CN'));
      }),
    );
  });

  it('refuses 0 share days (1144) rather than making it 1, and leaves an empty input to the default', () => {
    const refused = translateCatalogue('1144', 'zh-CN', { max: SHARE_LINK_TTL_DAYS_MAX });
    expect(checkField(days, 0, 'zh-CN')).toBe(refused);
    expect(checkField(days, SHARE_LINK_TTL_DAYS_MAX + 1, 'zh-CN')).toBe(refused);
    expect(checkField(days, 1, 'zh-CN')).toBeNull();
    expect(checkField(days, undefined, 'zh-CN')).toBeNull();
    expect(checkField(days, null, 'zh-CN')).toBeNull();
  });
});

describe('a list with a capacity', () => {
  const t = ((key: string, params?: { used: number; total: number }) =>
    params ? `${key} ${params.used}/${params.total}` : key) as never;
  const open = () => undefined;

  it('turns the add button off and says why once the list is full, and before it has loaded', () => {
    const full = capacityAdd(t, 'alarm.rule', { used: 5, total: 5 }, open, ['c', 'a']);
    expect(full.capacity).toMatchObject({ used: 5, total: 5, text: 'alarm.rule.capacity 5/5', testId: 'c' });
    expect(full.add).toMatchObject({ disabled: true, tooltip: 'alarm.rule.full', testId: 'a' });
    expect(capacityAdd(t, 'alarm.rule', undefined, open, ['c', 'a']).add).toMatchObject({ disabled: true });
    expect(capacityAdd(t, 'alarm.rule', { used: 4, total: 5 }, open, ['c', 'a']).add).toMatchObject({
      disabled: false,
      tooltip: undefined,
    });
  });

  it('offers no add button to whom may not add', () => {
    expect(capacityAdd(t, 'alarm.rule', { used: 1, total: 5 }, false, ['c', 'a']).add).toBe(false);
  });
});
