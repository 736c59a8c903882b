/**
 * Uploaded images for designer pages and product pictures (§5: jpg, png, gif, svg or ico, under
 * 100K). The type is checked by name before the body is read and by content after; the size is
 * the size that arrived. Files are served by random id to anyone, as pages show them to viewers.
 */
import { API_PREFIX, CatalogueError } from '@lyyp/contracts';
import {
  DESIGNER_IMAGE_EXTENSIONS,
  DESIGNER_IMAGE_MAX_BYTES,
  checkDesignerImage,
} from '@lyyp/contracts/designer';
import { newId } from '../../lib/ids.ts';
import type { FileRepository } from './file.repository.ts';
import type { FileStore } from './file-store.ts';
import { IMAGE_KINDS, imageExtensionOf } from './image-kinds.ts';
import type { UploadedFile } from './multipart.ts';

export const FILE_PATHS = {
  upload: '/file/upload',
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

function errorOf(violation: ReturnType<typeof checkDesignerImage>): CatalogueError | null {
  return violation ? new CatalogueError(violation.code, { ...violation.params, field: 'file' }) : null;
}

/** The name without any folder a browser may have sent, cut to the kept length. */
export function baseNameOf(name: string): string {
  return [...(name.split(/[\\/]/).pop() ?? '')].slice(0, FILE_NAME_MAX_LENGTH).join('');
}

export class FileService {
  constructor(
    private readonly files: FileRepository,
    private readonly store: FileStore,
  ) {}

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
    const id = newId();
    await this.store.write(id, upload.bytes);
    try {
      await this.files.insert({
        id,
        ownerAccountId,
        name: baseNameOf(upload.name),
        mime: kind.mime,
        size: upload.bytes.length,
        storageKey: id,
      });
    } catch (error) {
      await this.store.remove(id);
      throw error;
    }
    return { id, url: fileUrlOf(id) };
  }

  /** The file's type and bytes; undefined when there is no such file. */
  async open(id: string): Promise<StoredFile | undefined> {
    const row = await this.files.findById(id);
    if (!row) return undefined;
    const bytes = await this.store.read(row.storageKey);
    return bytes ? { mime: row.mime, bytes } : undefined;
  }
}
