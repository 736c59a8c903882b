/**
 * Browsing an OPC UA server's address space for the tag browser: the Object and Variable children
 * of one node (the Objects folder when none is named), at most BROWSE_MAX_CHILDREN of them, each
 * variable with its data type, array form and the access level the session's user has.
 */
import type { ErrorCode } from '@lyyp/contracts';
import { dataTypeForOpcUa } from '@lyyp/contracts/device-model';
import type { BrowsedNode } from '@lyyp/contracts/protocol';
import {
  AttributeIds,
  BrowseDirection,
  DataType,
  NodeClass,
  makeNodeClassMask,
  type ClientSession,
} from 'node-opcua';
import { resolveAddresses } from './opcua-namespaces.ts';
import { codeOfSessionFailure, codeOfStatus, type IdentityKind } from './opcua-status.ts';

export type BrowseOutcome =
  | { readonly ok: true; readonly nodes: readonly BrowsedNode[]; readonly truncated: boolean }
  | { readonly ok: false; readonly code: ErrorCode };

/** Most children one browse answers. */
export const BROWSE_MAX_CHILDREN = 500;
const OBJECTS_FOLDER = 'i=85';

/** The children of a node through an open session. Never throws. */
export async function browseNode(
  session: ClientSession,
  nodeId: string | undefined,
  identity: IdentityKind,
): Promise<BrowseOutcome> {
  try {
    const node = (await resolveAddresses(session, [nodeId ?? OBJECTS_FOLDER])).get(nodeId ?? OBJECTS_FOLDER);
    if (!node) return { ok: false, code: '1741' };
    const result = await session.browse({
      nodeId: node,
      browseDirection: BrowseDirection.Forward,
      referenceTypeId: 'HierarchicalReferences',
      includeSubtypes: true,
      nodeClassMask: makeNodeClassMask('Object | Variable'),
      resultMask: 63,
    });
    const code = codeOfStatus(result.statusCode.name);
    if (code) return { ok: false, code: code === '1743' ? '1741' : code };
    const references = (result.references ?? []).slice(0, BROWSE_MAX_CHILDREN);
    const variables = references.filter(
      (reference) => Number(reference.nodeClass) === Number(NodeClass.Variable),
    );
    const attributes = variables.length
      ? await session.read(
          variables.flatMap((reference) =>
            [AttributeIds.DataType, AttributeIds.ValueRank, AttributeIds.UserAccessLevel].map(
              (attributeId) => ({ nodeId: reference.nodeId, attributeId }),
            ),
          ),
        )
      : [];
    const nodes = references.map((reference): BrowsedNode => {
      const name = reference.displayName.text ?? reference.browseName.name ?? reference.nodeId.toString();
      const browseName = reference.browseName.toString();
      if (Number(reference.nodeClass) !== Number(NodeClass.Variable))
        return {
          name,
          browseName,
          nodeId: reference.nodeId.toString(),
          nodeClass: 'Object',
          hasChildren: true,
        };
      const at = variables.indexOf(reference) * 3;
      const typeId = attributes[at]?.value.value as { namespace?: number; value?: unknown } | undefined;
      const builtIn =
        typeId?.namespace === 0 && typeof typeId.value === 'number' && typeId.value <= 25 ? typeId.value : 0;
      const isArray = Number(attributes[at + 1]?.value.value ?? -1) >= 0;
      const accessLevel = Number(attributes[at + 2]?.value.value ?? 1);
      const readable = (accessLevel & 1) !== 0;
      const writable = (accessLevel & 2) !== 0;
      return {
        name,
        browseName,
        nodeId: reference.nodeId.toString(),
        nodeClass: 'Variable',
        opcuaType: builtIn ? DataType[builtIn] : 'Other',
        dataType: dataTypeForOpcUa(builtIn, isArray),
        isArray,
        access: writable ? (readable ? 'read-write' : 'write-only') : 'read-only',
        hasChildren: false,
      };
    });
    return { ok: true, nodes, truncated: (result.references?.length ?? 0) > BROWSE_MAX_CHILDREN };
  } catch (error) {
    return { ok: false, code: codeOfSessionFailure(error, identity) };
  }
}
