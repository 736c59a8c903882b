/**
 * §5 network formats for a gateway's remote settings: IPv4 addresses, subnet masks, an address and
 * its gateway in one segment, domain names, comma lists, and no character repeated in a run. Pure
 * checks shared by the server (request validation), the console (form rules) and the edge agent.
 */
import type { RuleViolation } from '../validation/rules.ts';

const OCTET = '(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4_PATTERN = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** An IPv4 address in dotted form as a 32-bit number; null when malformed. */
export function parseIpv4(value: string): number | null {
  if (!IPV4_PATTERN.test(value)) return null;
  return value.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
}

export function isIpv4(value: string): boolean {
  return parseIpv4(value) !== null;
}

/**
 * A subnet mask: contiguous ones then zeros, from /1 to /30 (a /31 or /32 leaves no room for an
 * address and a gateway beside it).
 */
export function prefixLengthOf(mask: string): number | null {
  const value = parseIpv4(mask);
  if (value === null) return null;
  for (let prefix = 1; prefix <= 30; prefix += 1) {
    if (value === 2 ** 32 - 2 ** (32 - prefix)) return prefix;
  }
  return null;
}

/**
 * Whether an address and its gateway lie in one segment of the mask, and both are hosts of it
 * (neither the segment's own address nor its broadcast address, and not the same address).
 */
export function inOneSegment(address: string, gateway: string, mask: string): boolean {
  const a = parseIpv4(address);
  const g = parseIpv4(gateway);
  const prefix = prefixLengthOf(mask);
  if (a === null || g === null || prefix === null || a === g) return false;
  const size = 2 ** (32 - prefix);
  return (
    Math.floor(a / size) === Math.floor(g / size) &&
    isHostOfSegment(address, mask) &&
    isHostOfSegment(gateway, mask)
  );
}

/** Whether an address is a host of the segment its mask makes (neither its first nor its last address). */
export function isHostOfSegment(address: string, mask: string): boolean {
  const a = parseIpv4(address);
  const prefix = prefixLengthOf(mask);
  if (a === null || prefix === null) return false;
  const size = 2 ** (32 - prefix);
  return a % size !== 0 && a % size !== size - 1;
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A domain name: dot-separated labels of letters, digits and inner hyphens, a top level of letters. */
export function isDomainName(value: string): boolean {
  if (value.length === 0 || value.length > 253) return false;
  if (value === 'localhost') return true;
  const labels = value.split('.');
  const top = labels[labels.length - 1] ?? '';
  return labels.length >= 2 && labels.every((label) => LABEL.test(label)) && /^[a-z]{2,63}$/i.test(top);
}

/** A host a gateway connects to: an IPv4 address or a domain name. */
export function isHostName(value: string): boolean {
  return isIpv4(value) || isDomainName(value);
}

/** The same character this many times in a row counts as a repeated run (§5). */
export const REPEATED_RUN_LENGTH = 3;

/** Whether the text holds one character `REPEATED_RUN_LENGTH` or more times in a row (`aaa`, `111`). */
export function hasRepeatedRun(value: string, run: number = REPEATED_RUN_LENGTH): boolean {
  const characters = [...value];
  let length = 1;
  for (let index = 1; index < characters.length; index += 1) {
    length = characters[index] === characters[index - 1] ? length + 1 : 1;
    if (length >= run) return true;
  }
  return false;
}

/** Items of a comma list (`8.8.8.8, 114.114.114.114`), trimmed, empty items dropped. */
export function commaListItems(value: string): string[] {
  return value
    .split(/[,，]/)
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
}

export const NETWORK_ERROR_CODES = {
  ip: '2851',
  mask: '2852',
  segment: '2853',
  domain: '2854',
  repeated: '2855',
  list: '2856',
} as const;

export function checkIp(field: string, value: string): RuleViolation | null {
  return isIpv4(value) ? null : { code: NETWORK_ERROR_CODES.ip, params: { field } };
}

export function checkMask(field: string, value: string): RuleViolation | null {
  return prefixLengthOf(value) !== null ? null : { code: NETWORK_ERROR_CODES.mask, params: { field } };
}

/** An address, mask and gateway of one interface: each well formed, and all three in one segment. */
export function checkSegment(
  field: string,
  address: string,
  mask: string,
  gateway: string,
): { path: string; violation: RuleViolation } | null {
  const ip = checkIp(`${field}.ip`, address);
  if (ip) return { path: 'ip', violation: ip };
  const subnet = checkMask(`${field}.subnet`, mask);
  if (subnet) return { path: 'subnet', violation: subnet };
  const gw = checkIp(`${field}.gateway`, gateway);
  if (gw) return { path: 'gateway', violation: gw };
  return inOneSegment(address, gateway, mask)
    ? null
    : {
        path: 'gateway',
        violation: { code: NETWORK_ERROR_CODES.segment, params: { field: `${field}.gateway` } },
      };
}
