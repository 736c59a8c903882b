/**
 * How a variable's register address is written (§3 "address type"). The stored address is text as
 * the developer typed it; every layer turns it into the 0-based protocol address with
 * `parseRegisterAddress`, so the notation rules live here once:
 *
 * - `decimal`: the protocol address in decimal, 0-65535 (`100`).
 * - `hex`: the protocol address in hexadecimal, with or without `0x` (`0x0064`, `64`).
 * - `plc`: Modicon notation, one-based with the table's digit in front: 5 digits (`40001` =
 *   holding register 0, up to `49999`) or 6 digits (`400001`-`465536`). The digit must match the
 *   register type: 0 coil, 1 discrete input, 3 input register, 4 holding register.
 *
 * - `node-id`: an OPC UA NodeId (`ns=2;s=Line1.Temp`, `ns=2;i=1001`, GUID, opaque; see opcua.ts).
 * - `s7`: a Siemens S7 address (`DB1.DBW4`, `M10.1`, `DB1.S10.20`; see s7-address.ts).
 *
 * Each notation belongs to one protocol family; a variable's notation must be its driver's.
 * A malformed address is catalogue code 99904.
 */
import { isNodeId } from './opcua.ts';
import { MAX_REGISTER_ADDRESS, REGISTER_TYPE_DEFINITIONS, type RegisterType } from './register-types.ts';
import { parseS7Address } from './s7-address.ts';

export const ADDRESS_TYPES = ['decimal', 'hex', 'plc', 'node-id', 's7'] as const;
export type AddressType = (typeof ADDRESS_TYPES)[number];

/** Families of protocols that share an address notation. */
export const PROTOCOL_FAMILIES = ['modbus', 'opcua', 's7'] as const;
export type ProtocolFamily = (typeof PROTOCOL_FAMILIES)[number];

export type AddressParse =
  { readonly ok: true; readonly offset: number } | { readonly ok: false; readonly code: '99904' };

export interface AddressTypeDefinition {
  readonly id: AddressType;
  readonly label: { readonly zh: string; readonly en: string };
  /** The protocols whose variables write addresses this way. */
  readonly family: ProtocolFamily;
  /** An address in this notation, shown as a placeholder. */
  readonly example: string;
  /** Whether the text is an address in this notation (for every family). */
  accepts(text: string): boolean;
  /** Modbus protocol address of the text, or null when the text is not in this notation (or not Modbus). */
  parse(text: string, registerType: RegisterType): number | null;
  format(offset: number, registerType: RegisterType): string;
}

const inRange = (offset: number): number | null =>
  Number.isSafeInteger(offset) && offset >= 0 && offset <= MAX_REGISTER_ADDRESS ? offset : null;

export const ADDRESS_TYPE_DEFINITIONS: { readonly [K in AddressType]: AddressTypeDefinition & { id: K } } = {
  decimal: {
    id: 'decimal',
    label: { zh: '十进制', en: 'Decimal' },
    family: 'modbus',
    example: '100',
    accepts: (text) => /^\d{1,5}$/.test(text) && Number(text) <= MAX_REGISTER_ADDRESS,
    parse: (text) => (/^\d{1,5}$/.test(text) ? inRange(Number(text)) : null),
    format: (offset) => String(offset),
  },
  hex: {
    id: 'hex',
    label: { zh: '十六进制', en: 'Hexadecimal' },
    family: 'modbus',
    example: '0x0064',
    accepts: (text) => /^(?:0x)?[0-9a-f]{1,4}$/i.test(text),
    parse: (text) => {
      const match = /^(?:0x)?([0-9a-f]{1,4})$/i.exec(text);
      return match?.[1] ? inRange(Number.parseInt(match[1], 16)) : null;
    },
    format: (offset) => `0x${offset.toString(16).toUpperCase().padStart(4, '0')}`,
  },
  plc: {
    id: 'plc',
    label: { zh: 'PLC 地址 (4xxxx)', en: 'PLC address (4xxxx)' },
    family: 'modbus',
    example: '40001',
    accepts: (text) => /^[0134]\d{4,5}$/.test(text),
    parse: (text, registerType) => {
      const match = /^(\d)(\d{4,5})$/.exec(text);
      if (!match?.[1] || !match[2] || match[1] !== REGISTER_TYPE_DEFINITIONS[registerType].plcPrefix)
        return null;
      const oneBased = Number(match[2]);
      return oneBased >= 1 ? inRange(oneBased - 1) : null;
    },
    format: (offset, registerType) => {
      const prefix = REGISTER_TYPE_DEFINITIONS[registerType].plcPrefix;
      const oneBased = offset + 1;
      return `${prefix}${String(oneBased).padStart(oneBased > 9999 ? 5 : 4, '0')}`;
    },
  },
  'node-id': {
    id: 'node-id',
    label: { zh: 'OPC UA 节点 (NodeId)', en: 'OPC UA node (NodeId)' },
    family: 'opcua',
    example: 'ns=2;s=Line1.Temp',
    accepts: isNodeId,
    parse: () => null,
    format: (offset) => `i=${offset}`,
  },
  s7: {
    id: 's7',
    label: { zh: 'S7 地址', en: 'S7 address' },
    family: 's7',
    example: 'DB1.DBW4',
    accepts: (text) => parseS7Address(text) !== null,
    parse: () => null,
    format: (offset) => `MB${offset}`,
  },
};

/** The notations of a protocol family, the first being its default. */
export function addressTypesOf(family: ProtocolFamily): AddressType[] {
  return ADDRESS_TYPES.filter((id) => ADDRESS_TYPE_DEFINITIONS[id].family === family);
}

/** The 0-based protocol address a variable's address text stands for. */
export function parseRegisterAddress(
  text: string,
  addressType: AddressType,
  registerType: RegisterType,
): AddressParse {
  const offset = ADDRESS_TYPE_DEFINITIONS[addressType].parse(text.trim(), registerType);
  return offset === null ? { ok: false, code: '99904' } : { ok: true, offset };
}

export function formatRegisterAddress(
  offset: number,
  addressType: AddressType,
  registerType: RegisterType,
): string {
  return ADDRESS_TYPE_DEFINITIONS[addressType].format(offset, registerType);
}
