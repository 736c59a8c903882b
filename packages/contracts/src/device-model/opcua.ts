/**
 * OPC UA vocabulary shared by the console, the platform and the edge agent: how a variable names
 * its node (a NodeId in the OPC UA text notation), the security modes and policies a driver may
 * ask for, and how the server's built-in data types map onto the platform's (§3).
 *
 * NodeId text (OPC UA Part 6, 5.3.1.10): an optional `ns=<0-65535>;` then one identifier:
 * `i=<0-4294967295>` numeric, `s=<text>` string, `g=<8-4-4-4-12 hex>` GUID, `b=<base64>` opaque.
 * `nsu=<uri>;` (namespace by URI) is accepted too, since browsing some servers yields it.
 */
import type { DataType } from './data-types.ts';

export const OPCUA_NODE_ID_MAX_LENGTH = 512;

export const NODE_ID_KINDS = ['numeric', 'string', 'guid', 'opaque'] as const;
export type NodeIdKind = (typeof NODE_ID_KINDS)[number];

export interface ParsedNodeId {
  readonly namespace: number | null;
  readonly namespaceUri: string | null;
  readonly kind: NodeIdKind;
  readonly identifier: string;
}

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/** The NodeId a text stands for, or null when it is not a NodeId. */
export function parseNodeId(text: string): ParsedNodeId | null {
  if (text.length === 0 || text.length > OPCUA_NODE_ID_MAX_LENGTH || text !== text.trim()) return null;
  let rest = text;
  let namespace: number | null = null;
  let namespaceUri: string | null = null;
  const ns = /^ns=(\d{1,5});/.exec(rest);
  const nsu = /^nsu=([^;]+);/.exec(rest);
  if (ns?.[1] !== undefined) {
    namespace = Number(ns[1]);
    if (namespace > 65535) return null;
    rest = rest.slice(ns[0].length);
  } else if (nsu?.[1] !== undefined) {
    namespaceUri = nsu[1];
    rest = rest.slice(nsu[0].length);
  }
  const match = /^([isgb])=(.+)$/s.exec(rest);
  if (!match?.[1] || match[2] === undefined) return null;
  const identifier = match[2];
  switch (match[1]) {
    case 'i': {
      if (!/^\d{1,10}$/.test(identifier) || Number(identifier) > 0xffffffff) return null;
      return { namespace, namespaceUri, kind: 'numeric', identifier: String(Number(identifier)) };
    }
    case 's':
      return { namespace, namespaceUri, kind: 'string', identifier };
    case 'g':
      return GUID.test(identifier) ? { namespace, namespaceUri, kind: 'guid', identifier } : null;
    default:
      return BASE64.test(identifier) ? { namespace, namespaceUri, kind: 'opaque', identifier } : null;
  }
}

export function isNodeId(text: string): boolean {
  return parseNodeId(text) !== null;
}

export const OPCUA_SECURITY_MODES = ['None', 'Sign', 'SignAndEncrypt'] as const;
export type OpcUaSecurityMode = (typeof OPCUA_SECURITY_MODES)[number];

/** Policies the agent offers; Basic128Rsa15 and Basic256 are deprecated by the OPC Foundation. */
export const OPCUA_SECURITY_POLICIES = [
  'None',
  'Basic256Sha256',
  'Aes128_Sha256_RsaOaep',
  'Aes256_Sha256_RsaPss',
] as const;
export type OpcUaSecurityPolicy = (typeof OPCUA_SECURITY_POLICIES)[number];

export const OPCUA_AUTHENTICATIONS = ['anonymous', 'username', 'certificate'] as const;
export type OpcUaAuthentication = (typeof OPCUA_AUTHENTICATIONS)[number];

/**
 * OPC UA built-in data types (Part 6, 5.1.2) by their numeric id → the platform type a variable
 * of that node gets. UInt64 maps to `long`: exact up to 2^53, like every 64-bit integer here.
 * Types missing here (DateTime, ByteString, LocalizedText …) are read as text.
 */
export const OPCUA_BUILT_IN_TYPES: readonly {
  readonly id: number;
  readonly name: string;
  readonly dataType: DataType;
}[] = [
  { id: 1, name: 'Boolean', dataType: 'boolean' },
  { id: 2, name: 'SByte', dataType: 'byte' },
  { id: 3, name: 'Byte', dataType: 'unbyte' },
  { id: 4, name: 'Int16', dataType: 'short' },
  { id: 5, name: 'UInt16', dataType: 'unshort' },
  { id: 6, name: 'Int32', dataType: 'int' },
  { id: 7, name: 'UInt32', dataType: 'unint' },
  { id: 8, name: 'Int64', dataType: 'long' },
  { id: 9, name: 'UInt64', dataType: 'long' },
  { id: 10, name: 'Float', dataType: 'float' },
  { id: 11, name: 'Double', dataType: 'double' },
  { id: 12, name: 'String', dataType: 'string' },
];

/** The platform data type for a node of an OPC UA built-in type; arrays and other types are text. */
export function dataTypeForOpcUa(builtInTypeId: number, isArray = false): DataType {
  if (isArray) return 'string';
  return OPCUA_BUILT_IN_TYPES.find((type) => type.id === builtInTypeId)?.dataType ?? 'string';
}

/** Longest text an OPC UA string variable may carry (bytes, UTF-8). */
export const OPCUA_STRING_LENGTH_MAX = 4000;
