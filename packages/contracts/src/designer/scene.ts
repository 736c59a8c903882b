/**
 * Scene models of the WebGL scene widget (§3 `UsualWebgl`, data type `scene`): the upload rule
 * (glTF 2.0 as `.glb` or self-contained `.gltf`, size limit) and reading a binary glTF's JSON
 * chunk, so the server checks an upload and the designer lists the model's node names with the same
 * code. Pure: no I/O, works on bytes in Node and in the browser.
 */
import type { RuleViolation } from '../validation/index.ts';

export const SCENE_MODEL_EXTENSIONS = ['glb', 'gltf'] as const;
/** Largest model accepted; a factory scene of a few machines is well under it. */
export const SCENE_MODEL_MAX_BYTES = 20 * 1024 * 1024;
/** Stored models are always binary glTF (a `.gltf` is packed on upload). */
export const SCENE_MODEL_MIME = 'model/gltf-binary';
/** Node names listed for binding; models with more list the first ones. */
export const SCENE_NODE_LIST_MAX = 2000;
/**
 * Extensions a model may require that the viewer cannot honour without a decoder it does not ship
 * (Draco, meshopt, Basis textures): such a model would never draw, so it is refused on upload.
 */
export const SCENE_UNSUPPORTED_EXTENSIONS = [
  'KHR_draco_mesh_compression',
  'EXT_meshopt_compression',
  'KHR_meshopt_compression',
  'KHR_texture_basisu',
] as const;

const GLB_MAGIC = 0x46546c67; // "glTF"
const CHUNK_JSON = 0x4e4f534a; // "JSON"
const CHUNK_BIN = 0x004e4942; // "BIN\0"

/** Checks a picked model by name and size before it is uploaded; the server repeats the check. */
export function checkSceneModelFile(fileName: string, sizeBytes: number): RuleViolation | null {
  const extension = fileName.includes('.') ? (fileName.split('.').pop()?.toLowerCase() ?? '') : '';
  if (!(SCENE_MODEL_EXTENSIONS as readonly string[]).includes(extension)) {
    return { code: '2881', params: { types: SCENE_MODEL_EXTENSIONS.map((type) => `.${type}`).join(', ') } };
  }
  if (sizeBytes > SCENE_MODEL_MAX_BYTES) return { code: '2882', params: { max: '20M' } };
  return null;
}

/** The parts of a glTF document the platform reads; everything else is kept as it came. */
export interface GltfDocument {
  asset?: { version?: unknown };
  nodes?: Array<{ name?: unknown }>;
  buffers?: Array<{ uri?: unknown; byteLength?: unknown }>;
  bufferViews?: Array<{ buffer?: unknown; byteOffset?: unknown; byteLength?: unknown }>;
  images?: Array<{ uri?: unknown; mimeType?: unknown; bufferView?: unknown }>;
  extensionsRequired?: unknown;
  [key: string]: unknown;
}

export interface GlbParts {
  readonly json: GltfDocument;
  /** The binary chunk, when the file has one. */
  readonly bin?: Uint8Array;
}

function isGltfDocument(value: unknown): value is GltfDocument {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const asset = (value as GltfDocument).asset;
  return typeof asset?.version === 'string' && asset.version.startsWith('2.');
}

/** Whether the bytes start like a binary glTF (its magic number). */
export function hasGlbMagic(bytes: Uint8Array): boolean {
  if (bytes.length < 12) return false;
  return new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(0, true) === GLB_MAGIC;
}

/** A glTF 2.0 JSON document from text, or null when it is not one. */
export function parseGltfJson(text: string): GltfDocument | null {
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, ''));
    return isGltfDocument(value) ? value : null;
  } catch {
    return null;
  }
}

/** The JSON and binary chunks of a GLB file (version 2), or null when the container is broken. */
export function parseGlb(bytes: Uint8Array): GlbParts | null {
  if (!hasGlbMagic(bytes)) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const version = view.getUint32(4, true);
  const length = view.getUint32(8, true);
  if (version !== 2 || length > bytes.length || length < 20) return null;
  let offset = 12;
  let json: GltfDocument | null = null;
  let bin: Uint8Array | undefined;
  while (offset + 8 <= length) {
    const chunkLength = view.getUint32(offset, true);
    const chunkType = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + chunkLength > length) return null;
    const chunk = bytes.subarray(start, start + chunkLength);
    if (json === null) {
      // The first chunk must be the JSON one.
      if (chunkType !== CHUNK_JSON) return null;
      json = parseGltfJson(new TextDecoder().decode(chunk));
      if (json === null) return null;
    } else if (chunkType === CHUNK_BIN && bin === undefined) {
      bin = chunk;
    }
    offset = start + chunkLength;
  }
  return json ? { json, bin } : null;
}

/** Packs a glTF document and its binary chunk into a GLB file. */
export function packGlb(json: GltfDocument, bin?: Uint8Array): Uint8Array {
  const jsonBytes = new TextEncoder().encode(JSON.stringify(json));
  const pad = (size: number) => (4 - (size % 4)) % 4;
  const jsonLength = jsonBytes.length + pad(jsonBytes.length);
  const binLength = bin ? bin.length + pad(bin.length) : 0;
  const total = 12 + 8 + jsonLength + (bin ? 8 + binLength : 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint32(0, GLB_MAGIC, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, total, true);
  view.setUint32(12, jsonLength, true);
  view.setUint32(16, CHUNK_JSON, true);
  out.set(jsonBytes, 20);
  // JSON is padded with spaces, the binary chunk with zeros (glTF 2.0 §4.4).
  out.fill(0x20, 20 + jsonBytes.length, 20 + jsonLength);
  if (bin) {
    const at = 20 + jsonLength;
    view.setUint32(at, binLength, true);
    view.setUint32(at + 4, CHUNK_BIN, true);
    out.set(bin, at + 8);
  }
  return out;
}

/** The names of a model's nodes, each once, in document order (unnamed nodes are left out). */
export function listSceneNodes(json: GltfDocument): string[] {
  const names = new Set<string>();
  for (const node of Array.isArray(json.nodes) ? json.nodes : []) {
    if (typeof node?.name === 'string' && node.name.trim() !== '') names.add(node.name);
    if (names.size >= SCENE_NODE_LIST_MAX) break;
  }
  return [...names];
}

/** The node names of a stored scene model (GLB); empty when the bytes are not one. */
export function listGlbNodes(bytes: Uint8Array): string[] {
  const parts = parseGlb(bytes);
  return parts ? listSceneNodes(parts.json) : [];
}
