import { describe, expect, it } from 'vitest';
import {
  SCENE_MODEL_MAX_BYTES,
  SCENE_NODE_LIST_MAX,
  checkSceneModelFile,
  hasGlbMagic,
  listGlbNodes,
  listSceneNodes,
  packGlb,
  parseGlb,
  parseGltfJson,
} from './scene.ts';

describe('scene model rule', () => {
  it('takes .glb and .gltf up to 20 MB, checked before the upload', () => {
    expect(checkSceneModelFile('Plant.GLB', 1000)).toBeNull();
    expect(checkSceneModelFile('plant.gltf', SCENE_MODEL_MAX_BYTES)).toBeNull();
    expect(checkSceneModelFile('plant.gltf', SCENE_MODEL_MAX_BYTES + 1)).toEqual({
      code: '2882',
      params: { max: '20M' },
    });
    for (const name of ['plant.obj', 'plant', 'glb', 'plant.glb.exe'])
      expect(checkSceneModelFile(name, 10)?.code, name).toBe('2881');
  });

  it('reads a GLB it packed: JSON chunk, binary chunk, node names', () => {
    const json = {
      asset: { version: '2.0' },
      nodes: [{ name: 'Tank' }, {}, { name: 'Tank' }, { name: ' ' }],
    };
    const glb = packGlb(json, new Uint8Array([1, 2, 3]));
    expect(glb.length % 4).toBe(0);
    expect(hasGlbMagic(glb)).toBe(true);
    const parts = parseGlb(glb);
    expect(parts?.json).toEqual(json);
    expect([...(parts?.bin ?? new Uint8Array()).subarray(0, 3)]).toEqual([1, 2, 3]);
    expect(listGlbNodes(glb)).toEqual(['Tank']);
    expect(listGlbNodes(new Uint8Array(8))).toEqual([]);
  });

  it('refuses what is not glTF 2.0, and lists at most the first node names', () => {
    expect(parseGltfJson('{"asset":{"version":"1.0"}}')).toBeNull();
    expect(parseGltfJson('not json')).toBeNull();
    expect(parseGlb(packGlb({ asset: { version: '2.0' } }).subarray(0, 16))).toBeNull();
    const many = Array.from({ length: SCENE_NODE_LIST_MAX + 5 }, (_, index) => ({ name: `n${index}` }));
    expect(listSceneNodes({ nodes: many })).toHaveLength(SCENE_NODE_LIST_MAX);
  });
});
