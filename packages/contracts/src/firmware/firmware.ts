/**
 * Firmware (§2 system/firmware): application firmware is one agent package; system firmware is a
 * root filesystem image and a kernel image. Files are at most 200 MB (§5) and carry a SHA-256
 * checksum the gateway verifies before it applies anything. Version numbers are at most 15
 * characters without Chinese (§5) and unique per kind (§8 "version number already exists").
 */
import type { RuleViolation } from '../validation/index.ts';

export const FIRMWARE_KINDS = ['application', 'system'] as const;
export type FirmwareKind = (typeof FIRMWARE_KINDS)[number];

export const FIRMWARE_PARTS = ['package', 'rootfs', 'kernel'] as const;
export type FirmwarePart = (typeof FIRMWARE_PARTS)[number];

/** Which parts each kind is made of; a system firmware needs at least one of its parts. */
export const FIRMWARE_PARTS_OF_KIND: Readonly<Record<FirmwareKind, readonly FirmwarePart[]>> = {
  application: ['package'],
  system: ['rootfs', 'kernel'],
};

/** §5: an app or firmware file is at most 200 MB. */
export const FIRMWARE_FILE_MAX_BYTES = 200 * 1024 * 1024;
/** The limit as people read it, for the 1802 text. */
export const FIRMWARE_FILE_MAX_LABEL = '200 MB';
/** §5: version number at most 15 characters. */
export const FIRMWARE_VERSION_MAX_LENGTH = 15;
/** §5: descriptions at most 100 characters. */
export const FIRMWARE_DESCRIPTION_MAX_LENGTH = 100;
/** §5: names at most 20 characters. */
export const FIRMWARE_NAME_MAX_LENGTH = 20;
/** A SHA-256 checksum as 64 lower-case hex digits. */
export const SHA256_PATTERN = /^[0-9a-f]{64}$/;

const CHINESE = /\p{Script=Han}/u;
/** Letters, digits, dots, dashes and underscores, starting with a letter or digit: `1.2.0`, `v2.0-rc1`. */
const VERSION_PATTERN = /^[0-9A-Za-z][0-9A-Za-z._-]*$/;

/**
 * §5 version number rule: required (1001), no Chinese (1801), at most 15 characters (1137), and
 * only the characters a file name and the agent's comparison accept (1002).
 */
export function checkFirmwareVersion(value: string): RuleViolation | null {
  if (!value.trim()) return { code: '1001', params: { field: 'version' } };
  if (CHINESE.test(value)) return { code: '1801' };
  if ([...value].length > FIRMWARE_VERSION_MAX_LENGTH)
    return { code: '1137', params: { field: 'version', max: FIRMWARE_VERSION_MAX_LENGTH } };
  return VERSION_PATTERN.test(value) ? null : { code: '1002', params: { field: 'version' } };
}

/**
 * Orders two version numbers the way people read them: runs split at `.`, `-` and `_`; numeric
 * runs compare as numbers (`1.10` after `1.9`), other runs as text.
 */
export function compareFirmwareVersions(left: string, right: string): number {
  const runsOf = (value: string) => value.split(/[._-]/);
  const a = runsOf(left);
  const b = runsOf(right);
  for (let index = 0; index < Math.max(a.length, b.length); index += 1) {
    const x = a[index] ?? '';
    const y = b[index] ?? '';
    if (x === y) continue;
    const numeric = /^\d+$/.test(x) && /^\d+$/.test(y);
    if (numeric) return Number(x) - Number(y);
    return x < y ? -1 : 1;
  }
  return 0;
}
