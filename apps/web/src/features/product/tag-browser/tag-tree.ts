/**
 * The tag browser's tree and picks, apart from the screen: tree nodes from browse answers (keyed
 * by their path, since a node can be reached by more than one) with the children of the folders
 * expanded so far, and the variables the ticked nodes become, with keys unique in the product.
 */
import type { VariableInput } from '@lyyp/contracts/device-model';
import {
  isPickable,
  keyOfBrowsedNode,
  nameOfBrowsedNode,
  variableOfBrowsedNode,
} from '@lyyp/contracts/opcua-browse';
import type { BrowsedNode } from '@lyyp/contracts/protocol';

export interface TagTreeNode {
  /** The path of NodeIds from the Objects folder: unique in the tree. */
  key: string;
  node: BrowsedNode;
  isLeaf: boolean;
  checkable: boolean;
  children?: TagTreeNode[];
}

function treeNodesOf(parentKey: string, nodes: readonly BrowsedNode[]): TagTreeNode[] {
  return nodes.map((node) => ({
    key: `${parentKey}/${node.nodeId}`,
    node,
    isLeaf: !node.hasChildren,
    checkable: isPickable(node),
  }));
}

/** The tree from the Objects folder's children and the children of each folder expanded so far. */
export function buildTree(
  top: readonly BrowsedNode[],
  expanded: Readonly<Record<string, readonly BrowsedNode[]>>,
  parentKey = '',
): TagTreeNode[] {
  return treeNodesOf(parentKey, top).map((item) => {
    const children = expanded[item.key];
    return children ? { ...item, children: buildTree(children, expanded, item.key) } : item;
  });
}

/** A ticked node and the name and key its variable gets (the person may change both). */
export interface Pick {
  node: BrowsedNode;
  name: string;
  key: string;
}

/** Picks for newly ticked nodes, keys unique among the product's variables and the other picks. */
export function addPicks(
  picks: readonly Pick[],
  nodes: readonly BrowsedNode[],
  productKeys: ReadonlySet<string>,
): Pick[] {
  const next = [...picks];
  const taken = new Set([...productKeys, ...picks.map((pick) => pick.key)]);
  for (const node of nodes) {
    if (!isPickable(node) || next.some((pick) => pick.node.nodeId === node.nodeId)) continue;
    const key = keyOfBrowsedNode(node, taken);
    taken.add(key);
    next.push({ node, name: nameOfBrowsedNode(node), key });
  }
  return next;
}

export function variablesOfPicks(picks: readonly Pick[], driverKey: string): VariableInput[] {
  return picks.map((pick) => variableOfBrowsedNode(pick.node, driverKey, pick.key.trim(), pick.name.trim()));
}
