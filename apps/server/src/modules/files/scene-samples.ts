/**
 * Small scene models made by the tests themselves (nothing is downloaded): unit boxes, one per
 * named node, each with its own material colour, written as glTF 2.0 JSON with its buffer inlined
 * as a `data:` URI. `packSceneModel` turns the same document into a GLB.
 */

/** A box of the sample scene: its node name, where it stands and its colour (RGB 0..1). */
export interface SampleBox {
  name: string;
  at: [number, number, number];
  color: [number, number, number];
}

export const SAMPLE_SCENE_BOXES: readonly SampleBox[] = [
  { name: 'Tank', at: [-1.6, 0, 0], color: [0.6, 0.6, 0.6] },
  { name: 'Pump', at: [0, 0, 0], color: [0.2, 0.4, 0.9] },
  { name: 'Valve', at: [1.6, 0, 0], color: [0.9, 0.7, 0.1] },
];

/** A 1 × 1 PNG: the texture of the middle box, so loading proves embedded images work too. */
const ONE_PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==';

/** A unit cube: 24 vertices (flat normals, one UV square per face) and 36 indices. */
function cubeGeometry(): {
  positions: Float32Array;
  normals: Float32Array;
  uvs: Float32Array;
  indices: Uint16Array;
} {
  const faces: Array<{ normal: [number, number, number]; corners: [number, number, number][] }> = [
    {
      normal: [1, 0, 0],
      corners: [
        [1, -1, -1],
        [1, 1, -1],
        [1, 1, 1],
        [1, -1, 1],
      ],
    },
    {
      normal: [-1, 0, 0],
      corners: [
        [-1, -1, 1],
        [-1, 1, 1],
        [-1, 1, -1],
        [-1, -1, -1],
      ],
    },
    {
      normal: [0, 1, 0],
      corners: [
        [-1, 1, -1],
        [-1, 1, 1],
        [1, 1, 1],
        [1, 1, -1],
      ],
    },
    {
      normal: [0, -1, 0],
      corners: [
        [-1, -1, 1],
        [-1, -1, -1],
        [1, -1, -1],
        [1, -1, 1],
      ],
    },
    {
      normal: [0, 0, 1],
      corners: [
        [-1, -1, 1],
        [1, -1, 1],
        [1, 1, 1],
        [-1, 1, 1],
      ],
    },
    {
      normal: [0, 0, -1],
      corners: [
        [1, -1, -1],
        [-1, -1, -1],
        [-1, 1, -1],
        [1, 1, -1],
      ],
    },
  ];
  const positions: number[] = [];
  const normals: number[] = [];
  const uvs: number[] = [];
  const indices: number[] = [];
  faces.forEach((face, index) => {
    for (const corner of face.corners) {
      positions.push(...corner.map((value) => value * 0.5));
      normals.push(...face.normal);
    }
    uvs.push(0, 0, 1, 0, 1, 1, 0, 1);
    const base = index * 4;
    indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
  });
  return {
    positions: new Float32Array(positions),
    normals: new Float32Array(normals),
    uvs: new Float32Array(uvs),
    indices: new Uint16Array(indices),
  };
}

/** The sample scene as glTF JSON text, self-contained. */
export function sampleSceneGltf(boxes: readonly SampleBox[] = SAMPLE_SCENE_BOXES): string {
  const { positions, normals, uvs, indices } = cubeGeometry();
  const buffer = Buffer.concat([
    Buffer.from(positions.buffer),
    Buffer.from(normals.buffer),
    Buffer.from(indices.buffer),
    Buffer.from(uvs.buffer),
  ]);
  const document = {
    asset: { version: '2.0', generator: 'lyyp test scene' },
    scene: 0,
    scenes: [{ nodes: boxes.map((_box, index) => index) }],
    nodes: boxes.map((box, index) => ({ name: box.name, mesh: index, translation: box.at })),
    meshes: boxes.map((box, index) => ({
      name: `${box.name}Mesh`,
      primitives: [{ attributes: { POSITION: 0, NORMAL: 1, TEXCOORD_0: 3 }, indices: 2, material: index }],
    })),
    materials: boxes.map((box, index) => ({
      name: box.name,
      pbrMetallicRoughness: {
        baseColorFactor: [...box.color, 1],
        metallicFactor: 0,
        roughnessFactor: 0.8,
        ...(index === 1 ? { baseColorTexture: { index: 0 } } : {}),
      },
    })),
    textures: [{ source: 0 }],
    images: [{ uri: `data:image/png;base64,${ONE_PIXEL_PNG}` }],
    accessors: [
      {
        bufferView: 0,
        componentType: 5126,
        count: 24,
        type: 'VEC3',
        min: [-0.5, -0.5, -0.5],
        max: [0.5, 0.5, 0.5],
      },
      { bufferView: 1, componentType: 5126, count: 24, type: 'VEC3' },
      { bufferView: 2, componentType: 5123, count: 36, type: 'SCALAR' },
      { bufferView: 3, componentType: 5126, count: 24, type: 'VEC2' },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 },
      { buffer: 0, byteOffset: positions.byteLength, byteLength: normals.byteLength, target: 34962 },
      {
        buffer: 0,
        byteOffset: positions.byteLength + normals.byteLength,
        byteLength: indices.byteLength,
        target: 34963,
      },
      {
        buffer: 0,
        byteOffset: positions.byteLength + normals.byteLength + indices.byteLength,
        byteLength: uvs.byteLength,
        target: 34962,
      },
    ],
    buffers: [
      {
        byteLength: buffer.length,
        uri: `data:application/octet-stream;base64,${buffer.toString('base64')}`,
      },
    ],
  };
  return JSON.stringify(document);
}
