import { variableSchema } from '@lyyp/contracts/device-model';
import type { BrowsedNode } from '@lyyp/contracts/protocol';
import { describe, expect, it } from 'vitest';
import { addPicks, buildTree, variablesOfPicks } from './tag-tree.ts';

const line: BrowsedNode = { name: 'Line1', nodeId: 'ns=1;s=Line1', nodeClass: 'Object', hasChildren: true };
const temp: BrowsedNode = {
  name: 'Double',
  browseName: '1:Double',
  nodeId: 'ns=1;s=Line1.Temp',
  nodeClass: 'Variable',
  opcuaType: 'Double',
  dataType: 'double',
  isArray: false,
  access: 'read-write',
  hasChildren: false,
};
const mode: BrowsedNode = {
  ...temp,
  name: 'Mode',
  browseName: '1:Mode',
  nodeId: 'ns=1;s=Mode',
  dataType: 'short',
  access: 'read-only',
};

describe('the tag tree', () => {
  it('keys nodes by their path and puts children under the expanded folders', () => {
    const top = buildTree([line], {});
    expect(top).toEqual([{ key: '/ns=1;s=Line1', node: line, isLeaf: false, checkable: false }]);
    const tree = buildTree([line], {
      '/ns=1;s=Line1': [temp, line],
      '/ns=1;s=Line1/ns=1;s=Line1': [mode],
    });
    expect(tree[0]!.children!.map((item) => [item.key, item.isLeaf, item.checkable])).toEqual([
      ['/ns=1;s=Line1/ns=1;s=Line1.Temp', true, true],
      ['/ns=1;s=Line1/ns=1;s=Line1', false, false],
    ]);
    expect(tree[0]!.children![1]!.children![0]!.node).toBe(mode);
  });

  it('picks variable nodes once, with keys no variable of the product has, as valid variables', () => {
    const picks = addPicks([], [line, temp, mode, temp], new Set(['Double']));
    expect(picks.map((pick) => [pick.key, pick.name])).toEqual([
      ['Double_2', 'Double'],
      ['Mode', 'Mode'],
    ]);
    const more = addPicks(picks, [{ ...mode, nodeId: 'ns=2;s=Mode' }], new Set());
    expect(more.map((pick) => pick.key)).toEqual(['Double_2', 'Mode', 'Mode_2']);
    const variables = variablesOfPicks(more, 'ua');
    expect(variables[1]).toMatchObject({ address: 'ns=1;s=Mode', dataType: 'short', readWrite: 'read-only' });
    for (const variable of variables) expect(variableSchema.safeParse(variable).success).toBe(true);
  });
});
