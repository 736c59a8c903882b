/**
 * Variables made from browsed nodes: the node's NodeId as the address, its display name as the
 * variable's name, the platform data type and access level the gateway read from the server, and
 * a key derived from the browse name that no other variable of the product has.
 */
import type { BrowsedNode } from '../protocol/payloads.ts';
import type { VariableInput } from '../device-model/variable.ts';
import { DECIMALS_MAX, STRING_LENGTH_MAX } from '../device-model/variable.ts';
import { IDENTIFIER_MAX_LENGTH } from '../device-model/issues.ts';
import { NAME_MAX_LENGTH } from '../validation/rules.ts';

/** A browsed node a variable can be made from: a variable node with a data type. */
export function isPickable(node: BrowsedNode): boolean {
  return node.nodeClass === 'Variable' && node.dataType !== undefined;
}

/** A variable key from a browse name (`1:Line1.Temp` → `Line1_Temp`), unique among `taken`. */
export function keyOfBrowsedNode(node: BrowsedNode, taken: ReadonlySet<string>): string {
  const text = (node.browseName ?? node.name).replace(/^\d+:/, '');
  let base = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!base) base = 'node';
  if (/^\d/.test(base)) base = `n_${base}`;
  base = base.slice(0, IDENTIFIER_MAX_LENGTH);
  if (!taken.has(base)) return base;
  for (let suffix = 2; ; suffix += 1) {
    const tail = `_${suffix}`;
    const candidate = `${base.slice(0, IDENTIFIER_MAX_LENGTH - tail.length)}${tail}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/** The name shown for the variable: the display name, cut to what a name may hold. */
export function nameOfBrowsedNode(node: BrowsedNode): string {
  const name = [...node.name.trim()].slice(0, NAME_MAX_LENGTH).join('');
  return name || [...node.nodeId].slice(-NAME_MAX_LENGTH).join('');
}

/** The variable a browsed node becomes (the caller may rename it before it is created). */
export function variableOfBrowsedNode(
  node: BrowsedNode,
  driverKey: string,
  key: string,
  name: string = nameOfBrowsedNode(node),
): VariableInput {
  const dataType = node.dataType ?? 'string';
  return {
    key,
    name,
    kind: 'device',
    driverKey,
    addressType: 'node-id',
    address: node.nodeId,
    dataType,
    readWrite: node.access ?? 'read-only',
    // Texts, arrays and other types arrive as text: room for the longest a variable may hold.
    ...(dataType === 'string' ? { stringLength: STRING_LENGTH_MAX } : {}),
    // Floating-point values keep every decimal a variable may show, so they read as the server has them.
    ...(dataType === 'float' || dataType === 'double' ? { decimals: DECIMALS_MAX } : {}),
  };
}
