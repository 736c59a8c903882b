import { describe, expect, it } from 'vitest';
import { variableSchema } from '../device-model/variable.ts';
import type { BrowsedNode } from '../protocol/payloads.ts';
import { OpcUaBrowseRequestSchema } from './api.ts';
import { isPickable, keyOfBrowsedNode, nameOfBrowsedNode, variableOfBrowsedNode } from './variables.ts';

const temp: BrowsedNode = {
  name: 'Oven temperature',
  browseName: '2:Line1.Temp',
  nodeId: 'ns=2;s=Line1.Temp',
  nodeClass: 'Variable',
  opcuaType: 'Double',
  dataType: 'double',
  isArray: false,
  access: 'read-write',
  hasChildren: false,
};

describe('variables made from browsed nodes', () => {
  it('takes the NodeId, data type and access level, and passes the variable rules', () => {
    const variable = variableOfBrowsedNode(temp, 'ua', keyOfBrowsedNode(temp, new Set()));
    expect(variable).toMatchObject({
      key: 'Line1_Temp',
      name: 'Oven temperature',
      driverKey: 'ua',
      addressType: 'node-id',
      address: 'ns=2;s=Line1.Temp',
      dataType: 'double',
      readWrite: 'read-write',
      decimals: 6,
    });
    expect(variableSchema.safeParse(variable).success).toBe(true);
    expect(variableOfBrowsedNode({ ...temp, dataType: 'int' }, 'ua', 'count').decimals).toBeUndefined();
  });

  it('gives texts and arrays room to hold them', () => {
    const levels = {
      ...temp,
      name: 'Levels',
      dataType: 'string' as const,
      isArray: true,
      access: 'read-only' as const,
    };
    const variable = variableOfBrowsedNode(levels, 'ua', 'levels');
    expect(variable.stringLength).toBeGreaterThan(0);
    expect(variableSchema.safeParse(variable).success).toBe(true);
  });

  it('makes keys unique and valid from any browse name', () => {
    const taken = new Set(['Line1_Temp', 'Line1_Temp_2']);
    expect(keyOfBrowsedNode(temp, taken)).toBe('Line1_Temp_3');
    expect(keyOfBrowsedNode({ ...temp, browseName: '3:温度' }, new Set())).toBe('node');
    expect(keyOfBrowsedNode({ ...temp, browseName: '1:7Segment' }, new Set())).toBe('n_7Segment');
    expect(keyOfBrowsedNode({ ...temp, browseName: `1:${'x'.repeat(80)}` }, new Set())).toHaveLength(50);
  });

  it('cuts long display names to what a name holds', () => {
    expect(nameOfBrowsedNode({ ...temp, name: '一二三四五六七八九十一二三四五六七八九十一二' })).toHaveLength(
      20,
    );
    expect(nameOfBrowsedNode({ ...temp, name: '  ' })).toBe('ns=2;s=Line1.Temp'.slice(-20));
  });

  it('picks only variables with a data type', () => {
    expect(isPickable(temp)).toBe(true);
    expect(
      isPickable({ name: 'Line1', nodeId: 'ns=2;s=Line1', nodeClass: 'Object', hasChildren: true }),
    ).toBe(false);
  });

  it('refuses a node that is not a NodeId', () => {
    expect(
      OpcUaBrowseRequestSchema.safeParse({ equipmentId: 'd', driverKey: 'ua', node: 'Line1' }).success,
    ).toBe(false);
    expect(
      OpcUaBrowseRequestSchema.safeParse({ equipmentId: 'd', driverKey: 'ua', node: 'ns=1;s=Line1' }).success,
    ).toBe(true);
  });
});
