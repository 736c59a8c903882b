/**
 * Checks an uploaded scene model (glTF 2.0) by its content and turns it into the one form the
 * platform stores: a self-contained GLB. A `.gltf` with its buffers and images inlined as `data:`
 * URIs is packed into the GLB's binary chunk, so the viewer never fetches a `data:` address (which
 * the console's Content-Security-Policy refuses) and never follows a model to another file or host.
 * Pure.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  SCENE_UNSUPPORTED_EXTENSIONS,
  hasGlbMagic,
  listSceneNodes,
  packGlb,
  parseGlb,
  parseGltfJson,
  type GltfDocument,
} from '@lyyp/contracts/designer';

export interface PackedScene {
  /** The model as a GLB file. */
  glb: Uint8Array;
  /** Names of its nodes, for binding signals. */
  nodes: string[];
}

const invalid = () => new CatalogueError('2883', { field: 'file' });
const external = () => new CatalogueError('2884', { field: 'file' });

const DATA_URI = /^data:([^;,]*)(?:;[^,]*)?;base64,(.*)$/s;

function decodeDataUri(uri: string): { mime: string; bytes: Uint8Array } {
  const match = DATA_URI.exec(uri);
  if (!match) throw external();
  return { mime: match[1] ?? '', bytes: new Uint8Array(Buffer.from(match[2] ?? '', 'base64')) };
}

const isIndex = (value: unknown, length: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < length;
const isSize = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0;

/** Moves every buffer and image into one binary chunk; a reference to anything outside refuses the model. */
function inlineResources(source: GltfDocument, glbBin: Uint8Array | undefined): PackedScene['glb'] {
  const json: GltfDocument = structuredClone(source);
  const parts: Uint8Array[] = [];
  let length = 0;
  const append = (bytes: Uint8Array): number => {
    const padding = (4 - (length % 4)) % 4;
    if (padding) parts.push(new Uint8Array(padding));
    const at = length + padding;
    parts.push(bytes);
    length = at + bytes.length;
    return at;
  };

  const buffers = Array.isArray(json.buffers) ? json.buffers : [];
  const bases: Array<{ at: number; size: number }> = buffers.map((buffer, index) => {
    let bytes: Uint8Array;
    if (buffer?.uri === undefined) {
      // Only the first buffer of a GLB may live in the binary chunk.
      if (index !== 0 || !glbBin) throw invalid();
      bytes = glbBin;
    } else if (typeof buffer.uri === 'string') {
      bytes = decodeDataUri(buffer.uri).bytes;
    } else {
      throw invalid();
    }
    return { at: append(bytes), size: bytes.length };
  });

  const views = Array.isArray(json.bufferViews) ? json.bufferViews : [];
  for (const view of views) {
    if (!view || !isIndex(view.buffer, bases.length) || !isSize(view.byteLength)) throw invalid();
    const offset = view.byteOffset === undefined ? 0 : view.byteOffset;
    if (!isSize(offset)) throw invalid();
    const base = bases[view.buffer]!;
    if (offset + view.byteLength > base.size) throw invalid();
    view.buffer = 0;
    view.byteOffset = base.at + offset;
  }

  for (const image of Array.isArray(json.images) ? json.images : []) {
    if (!image || image.uri === undefined) continue;
    if (typeof image.uri !== 'string') throw invalid();
    const { mime, bytes } = decodeDataUri(image.uri);
    const at = append(bytes);
    views.push({ buffer: 0, byteOffset: at, byteLength: bytes.length });
    image.bufferView = views.length - 1;
    image.mimeType = typeof image.mimeType === 'string' ? image.mimeType : mime;
    delete image.uri;
  }

  if (views.length > 0) json.bufferViews = views;
  const bin = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    bin.set(part, at);
    at += part.length;
  }
  if (length > 0) json.buffers = [{ byteLength: length }];
  else delete json.buffers;
  return packGlb(json, length > 0 ? bin : undefined);
}

/**
 * The uploaded bytes as a stored scene: a GLB (magic header checked) or a glTF JSON document,
 * version 2, self-contained, without extensions the viewer cannot decode.
 */
export function packSceneModel(bytes: Uint8Array): PackedScene {
  let json: GltfDocument | null;
  let bin: Uint8Array | undefined;
  if (hasGlbMagic(bytes)) {
    const parts = parseGlb(bytes);
    if (!parts) throw invalid();
    json = parts.json;
    bin = parts.bin;
  } else {
    json = parseGltfJson(new TextDecoder('utf-8', { fatal: false }).decode(bytes));
    if (!json) throw invalid();
  }
  const required = Array.isArray(json.extensionsRequired) ? json.extensionsRequired : [];
  const unsupported = required.filter((name): name is string =>
    (SCENE_UNSUPPORTED_EXTENSIONS as readonly unknown[]).includes(name),
  );
  if (unsupported.length > 0) {
    throw new CatalogueError('2885', { extensions: unsupported.join(', '), field: 'file' });
  }
  return { glb: inlineResources(json, bin), nodes: listSceneNodes(json) };
}
