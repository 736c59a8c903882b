/**
 * Uploaded images for designer pages and product pictures (§5: jpg, png, gif, svg or ico, under
 * 100K), and scene models of the WebGL widget (glTF 2.0, stored as GLB). The type is checked by name before the body is read and by content after; the size is
 * the size that arrived.
 *
 * A file belongs to the object it was uploaded for. Modules whose files are not for everyone (the
 * knowledge base) register an access rule: a file a rule claims is served only to those the rule
 * allows, privately; any other file (a design page's images, which public pages show to every
 * viewer) is public.
 */
import { API_PREFIX, CatalogueError, type UploadedScene } from '@lyyp/contracts';
import {
  DESIGNER_IMAGE_EXTENSIONS,
  DESIGNER_IMAGE_MAX_BYTES,
  SCENE_MODEL_MAX_BYTES,
  SCENE_MODEL_MIME,
  checkDesignerImage,
  checkSceneModelFile,
} from '@lyyp/contracts/designer';
import { newId } from '../../lib/ids.ts';
import type { AccountRow } from '../account/account.repository.ts';
import type { FileRepository, FileRow } from './file.repository.ts';
import type { FileStore } from './file-store.ts';
import { IMAGE_KINDS, imageExtensionOf } from './image-kinds.ts';
import type { UploadedFile } from './multipart.ts';
import { packSceneModel } from './scene-model.ts';

export const FILE_PATHS = {
  upload: '/file/upload',
  sceneUpload: '/file/scene/upload',
  download: '/file/:id',
} as const;

/** Longest original file name kept with a file. */
export const FILE_NAME_MAX_LENGTH = 200;

export function fileUrlOf(id: string): string {
  return `${API_PREFIX}/file/${id}`;
}

export interface StoredFile {
  mime: string;
  bytes: Buffer;
}

/**
 * What a module says of a file: null when the file is not its; otherwise whether the viewer (null:
 * nobody signed in) may see the object the file belongs to.
 */
export type FileAccessRule = (
  file: FileRow,
  viewer: AccountRow | null,
) => Promise<'allowed' | 'refused' | null>;

/** A file to serve, and whether it is private (not to be kept by any cache but the viewer's own). */
export interface ServedFile extends StoredFile {
  private: boolean;
}

function errorOf(
  violation: ReturnType<typeof checkDesignerImage | typeof checkSceneModelFile>,
): CatalogueError | null {
  return violation ? new CatalogueError(violation.code, { ...violation.params, field: 'file' }) : null;
}

/** The name without any folder a browser may have sent, cut to the kept length. */
export function baseNameOf(name: string): string {
  return [...(name.split(/[\\/]/).pop() ?? '')].slice(0, FILE_NAME_MAX_LENGTH).join('');
}

export class FileService {
  private readonly accessRules: FileAccessRule[] = [];

  constructor(
    private readonly files: FileRepository,
    private readonly store: FileStore,
  ) {}

  /** Adds the rule of a module whose files are served only to those who may see their object. */
  addAccessRule(rule: FileAccessRule): void {
    this.accessRules.push(rule);
  }

  /**
   * The file as `viewer` may have it: undefined when there is no such file or the viewer may not
   * see the object it belongs to (the same answer, so ids of private files reveal nothing).
   */
  async openFor(id: string, viewer: AccountRow | null): Promise<ServedFile | undefined> {
    const row = await this.files.findById(id);
    if (!row) return undefined;
    let isPrivate = false;
    for (const rule of this.accessRules) {
      const decision = await rule(row, viewer);
      if (decision === 'refused') return undefined;
      if (decision === 'allowed') {
        isPrivate = true;
        break;
      }
    }
    const bytes = await this.store.read(row.storageKey);
    return bytes ? { mime: row.mime, bytes, private: isPrivate } : undefined;
  }

  /** Why a file name is of a type pages do not accept (1803), known before its bytes are read. */
  refusalOfImageName(name: string): CatalogueError | null {
    return errorOf(checkDesignerImage(name, 0));
  }

  async uploadImage(ownerAccountId: string, upload: UploadedFile): Promise<{ id: string; url: string }> {
    const refusal = errorOf(
      checkDesignerImage(upload.name, upload.truncated ? DESIGNER_IMAGE_MAX_BYTES : upload.bytes.length),
    );
    if (refusal) throw refusal;
    const extension = imageExtensionOf(upload.name);
    const kind = extension ? IMAGE_KINDS[extension] : undefined;
    if (!kind?.matches(upload.bytes)) {
      throw new CatalogueError('1803', { types: DESIGNER_IMAGE_EXTENSIONS.join(', '), field: 'file' });
    }
    const id = await this.storeFile(ownerAccountId, baseNameOf(upload.name), kind.mime, upload.bytes);
    return { id, url: fileUrlOf(id) };
  }

  /** Why a file name is not of a scene model (2881), known before its bytes are read. */
  refusalOfSceneName(name: string): CatalogueError | null {
    return errorOf(checkSceneModelFile(name, 0));
  }

  /**
   * Stores a scene model of the WebGL widget (glTF 2.0, checked by content) as a GLB file; the
   * answer's id is the widget's `sceneId`. A refused model stores nothing.
   */
  async uploadScene(ownerAccountId: string, upload: UploadedFile): Promise<UploadedScene> {
    const refusal = errorOf(
      checkSceneModelFile(upload.name, upload.truncated ? SCENE_MODEL_MAX_BYTES + 1 : upload.bytes.length),
    );
    if (refusal) throw refusal;
    const scene = packSceneModel(upload.bytes);
    if (scene.glb.length > SCENE_MODEL_MAX_BYTES)
      throw errorOf(checkSceneModelFile('.glb', scene.glb.length))!;
    const id = await this.storeFile(
      ownerAccountId,
      baseNameOf(upload.name),
      SCENE_MODEL_MIME,
      Buffer.from(scene.glb),
    );
    return { id, url: fileUrlOf(id), name: baseNameOf(upload.name), nodes: scene.nodes };
  }

  /** Writes the bytes, then their record; a failed record removes the bytes again. */
  private async storeFile(
    ownerAccountId: string,
    name: string,
    mime: string,
    bytes: Buffer,
  ): Promise<string> {
    const id = newId();
    await this.store.write(id, bytes);
    try {
      await this.files.insert({ id, ownerAccountId, name, mime, size: bytes.length, storageKey: id });
    } catch (error) {
      await this.store.remove(id);
      throw error;
    }
    return id;
  }

  /** The file's type and bytes; undefined when there is no such file. */
  async open(id: string): Promise<StoredFile | undefined> {
    const row = await this.files.findById(id);
    if (!row) return undefined;
    const bytes = await this.store.read(row.storageKey);
    return bytes ? { mime: row.mime, bytes } : undefined;
  }
}
