import { describe, expect, it } from 'vitest';
import { checkFirmwareVersion, compareFirmwareVersions } from './firmware.ts';

describe('firmware version rule (§5)', () => {
  it('accepts version numbers of letters, digits, dots, dashes and underscores up to 15', () => {
    for (const version of ['1.2.0', 'v2.0-rc1', '2024_11_01', '123456789012345']) {
      expect(checkFirmwareVersion(version)).toBeNull();
    }
  });

  it('refuses blank, Chinese, too long and other characters with their codes', () => {
    expect(checkFirmwareVersion(' ')).toEqual({ code: '1001', params: { field: 'version' } });
    expect(checkFirmwareVersion('版本1')).toEqual({ code: '1801' });
    expect(checkFirmwareVersion('1234567890123456')?.code).toBe('1137');
    expect(checkFirmwareVersion('1.0 beta')?.code).toBe('1002');
    expect(checkFirmwareVersion('.1')?.code).toBe('1002');
  });
});

describe('compareFirmwareVersions', () => {
  it('orders numeric runs as numbers and other runs as text', () => {
    expect(compareFirmwareVersions('1.10', '1.9')).toBeGreaterThan(0);
    expect(compareFirmwareVersions('1.2', '1.2.0')).toBeLessThan(0);
    expect(compareFirmwareVersions('2.0.0', '2.0.0')).toBe(0);
    expect(compareFirmwareVersions('v1-rc1', 'v1-rc2')).toBeLessThan(0);
  });
});
