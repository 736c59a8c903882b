import { describe, expect, it } from 'vitest';
import { CatalogueError } from '@lyyp/contracts';
import { listGlbNodes, packGlb, parseGlb } from '@lyyp/contracts/designer';
import { packSceneModel } from './scene-model.ts';
import { sampleSceneGltf } from './scene-samples.ts';

const bytesOf = (text: string) => new TextEncoder().encode(text);

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
  } catch (error) {
    return error instanceof CatalogueError ? error.code : 'not a catalogue error';
  }
  return undefined;
}

describe('scene models', () => {
  it('packs a self-contained glTF into a GLB whose chunk holds the data', () => {
    const packed = packSceneModel(bytesOf(sampleSceneGltf()));
    expect(packed.nodes).toEqual(['Tank', 'Pump', 'Valve']);
    const parts = parseGlb(packed.glb);
    const [buffer] = (parts?.json.buffers ?? []) as Array<{ byteLength: number }>;
    // The binary chunk is the buffer padded to four bytes.
    expect(parts?.json.buffers).toHaveLength(1);
    expect((parts?.bin?.length ?? 0) - (buffer?.byteLength ?? 0)).toBeGreaterThanOrEqual(0);
    expect((parts?.bin?.length ?? 0) - (buffer?.byteLength ?? 0)).toBeLessThan(4);
    expect(JSON.stringify(parts?.json)).not.toContain('data:');
    expect(listGlbNodes(packed.glb)).toEqual(['Tank', 'Pump', 'Valve']);
    // The index buffer view still points at the index bytes (36 uint16 = 72 bytes after 2 × 288).
    expect(parts?.json.bufferViews?.[2]).toMatchObject({ buffer: 0, byteOffset: 576, byteLength: 72 });
  });

  it('keeps a GLB as it is, apart from re-packing', () => {
    const glb = packSceneModel(bytesOf(sampleSceneGltf())).glb;
    const again = packSceneModel(glb);
    expect(again.nodes).toEqual(['Tank', 'Pump', 'Valve']);
    expect(parseGlb(again.glb)?.bin).toEqual(parseGlb(glb)?.bin);
  });

  it('moves an embedded image into the binary chunk', () => {
    const document = JSON.parse(sampleSceneGltf()) as Record<string, unknown>;
    document.images = [{ uri: 'data:image/png;base64,iVBORw0KGgo=' }];
    const parts = parseGlb(packSceneModel(bytesOf(JSON.stringify(document))).glb);
    const image = (parts?.json.images ?? [])[0];
    expect(image).toEqual({ bufferView: 4, mimeType: 'image/png' });
    const view = parts?.json.bufferViews?.[4] as { byteOffset: number; byteLength: number };
    expect([...(parts?.bin ?? new Uint8Array()).subarray(view.byteOffset, view.byteOffset + 4)]).toEqual([
      0x89, 0x50, 0x4e, 0x47,
    ]);
  });

  it('refuses what is not a self-contained glTF 2.0 model', () => {
    expect(codeOf(() => packSceneModel(bytesOf('hello')))).toBe('2883');
    expect(codeOf(() => packSceneModel(bytesOf('{"asset":{"version":"1.0"}}')))).toBe('2883');
    const truncated = packSceneModel(bytesOf(sampleSceneGltf())).glb.subarray(0, 40);
    expect(codeOf(() => packSceneModel(truncated))).toBe('2883');

    const external = JSON.parse(sampleSceneGltf()) as { buffers: Array<{ uri: string }> };
    external.buffers[0]!.uri = 'https://example.com/scene.bin';
    expect(codeOf(() => packSceneModel(bytesOf(JSON.stringify(external))))).toBe('2884');

    const outside = JSON.parse(sampleSceneGltf()) as { bufferViews: Array<{ byteLength: number }> };
    outside.bufferViews[2]!.byteLength = 10_000;
    expect(codeOf(() => packSceneModel(bytesOf(JSON.stringify(outside))))).toBe('2883');

    const draco = { asset: { version: '2.0' }, extensionsRequired: ['KHR_draco_mesh_compression'] };
    expect(codeOf(() => packSceneModel(packGlb(draco)))).toBe('2885');
  });
});
