/**
 * App packages of version maintenance (`@lyyp/contracts/system` app-file.ts): streamed from the
 * request into the file store (never held in memory), at most 200 MB, only `.apk`, `.hap` and
 * `.ipa` that begin as the ZIP archives they are; served to anyone, streamed, as an attachment.
 * They live in the `files` table under a storage key of their own (`app-<id>`), which is how the
 * plain file path knows not to read them into memory.
 */
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { API_PREFIX, CatalogueError } from '@lyyp/contracts';
import {
  APP_FILE_FIELD,
  APP_FILE_KINDS,
  APP_FILE_MAX_BYTES,
  APP_FILE_MAX_LABEL,
  ZIP_SIGNATURE,
  appFileExtensionOf,
  checkAppFile,
  type AppFile,
} from '@lyyp/contracts/system';
import { newId } from '../../lib/ids.ts';
import type { FileRepository, FileRow } from './file.repository.ts';
import type { FileStore } from './file-store.ts';
import { baseNameOf } from './file.service.ts';
import { streamUploadedFile } from './multipart.ts';

const APP_STORAGE_PREFIX = 'app-';

/** Whether a stored file is an app package (served only by the app path, streamed). */
export function isAppFile(row: Pick<FileRow, 'storageKey'>): boolean {
  return row.storageKey.startsWith(APP_STORAGE_PREFIX);
}

export function appFileUrlOf(id: string): string {
  return `${API_PREFIX}/file/app/${id}`;
}

/** Room a multipart body needs beside the file itself (boundaries and part headers). */
export const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

function refusal(violation: ReturnType<typeof checkAppFile>): CatalogueError | null {
  return violation
    ? new CatalogueError(violation.code, { ...violation.params, field: APP_FILE_FIELD })
    : null;
}

export interface ServedAppFile {
  name: string;
  mime: string;
  size: number;
  stream: Readable;
}

export class AppFileService {
  constructor(
    private readonly files: FileRepository,
    private readonly store: FileStore,
  ) {}

  /**
   * A declared body larger than a package may be is refused (1802) before a byte is read; a body
   * without a declared size is counted as it streams and refused the same way past the limit.
   */
  refuseDeclaredSize(request: FastifyRequest): void {
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > APP_FILE_MAX_BYTES + MULTIPART_OVERHEAD_BYTES)
      throw new CatalogueError('1802', { max: APP_FILE_MAX_LABEL, field: APP_FILE_FIELD });
  }

  async upload(ownerAccountId: string, request: FastifyRequest): Promise<AppFile> {
    const id = newId();
    const storageKey = `${APP_STORAGE_PREFIX}${id}`;
    const streamed = await streamUploadedFile(request, {
      field: APP_FILE_FIELD,
      maxBytes: APP_FILE_MAX_BYTES,
      refusalOfName: (name) => refusal(checkAppFile(name, 0)),
      store: (source) => this.store.writeStream(storageKey, source),
      discardStored: () => this.store.remove(storageKey),
      tooLarge: () => new CatalogueError('1802', { max: APP_FILE_MAX_LABEL, field: APP_FILE_FIELD }),
    });
    if (!streamed) throw new CatalogueError('1001', { field: APP_FILE_FIELD });
    const extension = appFileExtensionOf(streamed.name)!;
    if (!(await this.beginsAsZip(storageKey))) {
      await this.store.remove(storageKey);
      throw refusal(checkAppFile('.', 0))!;
    }
    const name = baseNameOf(streamed.name);
    try {
      await this.files.insert({
        id,
        ownerAccountId,
        name,
        mime: APP_FILE_KINDS[extension].mime,
        size: streamed.size,
        storageKey,
      });
    } catch (error) {
      await this.store.remove(storageKey);
      throw error;
    }
    return { id, name, size: streamed.size, sha256: streamed.sha256, url: appFileUrlOf(id) };
  }

  private async beginsAsZip(storageKey: string): Promise<boolean> {
    const stream = await this.store.readStream(storageKey, { start: 0, end: ZIP_SIGNATURE.length - 1 });
    if (!stream) return false;
    const chunks: Buffer[] = [];
    for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
    const head = Buffer.concat(chunks);
    return ZIP_SIGNATURE.every((byte, index) => head[index] === byte);
  }

  /** The package to serve; undefined when there is no such package. */
  async open(id: string): Promise<ServedAppFile | undefined> {
    const row = await this.files.findById(id);
    if (!row || !isAppFile(row)) return undefined;
    const stream = await this.store.readStream(row.storageKey);
    return stream ? { name: row.name, mime: row.mime, size: row.size, stream } : undefined;
  }
}
