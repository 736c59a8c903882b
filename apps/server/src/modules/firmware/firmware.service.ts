/**
 * Firmware (§2 system/firmware). Uploads stream to the file store while their size and SHA-256 are
 * counted, so a 200 MB image never sits in memory; a save then names the uploaded files of its
 * parts, checks the version rule and its uniqueness per kind (§8 1509), that application firmware
 * is an agent package of that version, and takes the files in one transaction. Deleting removes
 * the records first and the bytes after.
 */
import { CatalogueError } from '@lyyp/contracts';
import {
  FIRMWARE_FILE_MAX_BYTES,
  FIRMWARE_FILE_MAX_LABEL,
  FIRMWARE_PARTS_OF_KIND,
  FIRMWARE_UPLOAD_FIELD,
  type FirmwareFile,
  type FirmwareItem,
  type FirmwarePart,
  type FirmwarePage,
  type firmwareAddBodySchema,
  type firmwareListBodySchema,
} from '@lyyp/contracts/firmware';
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ServerForm } from '../../lib/answers.ts';
import { newId } from '../../lib/ids.ts';
import { baseNameOf } from '../files/file.service.ts';
import type { ByteRange, FileStore } from '../files/file-store.ts';
import { streamUploadedFile } from '../files/multipart.ts';
import { requireAgentPackage } from './agent-package-check.ts';
import { databaseCodeOf } from '../../db/database-error.ts';
import type { FirmwareFileRow, FirmwareRepository, FirmwareRow } from './firmware.repository.ts';

type AddBody = z.output<typeof firmwareAddBodySchema>;
type ListBody = z.output<typeof firmwareListBodySchema>;

/** The body field that names the uploaded file of each part. */
const FIELD_OF_PART: Readonly<Record<FirmwarePart, 'packageFileId' | 'rootfsFileId' | 'kernelFileId'>> = {
  package: 'packageFileId',
  rootfs: 'rootfsFileId',
  kernel: 'kernelFileId',
};

/** How long an uploaded file waits for a save naming it before it is removed. */
export const ABANDONED_FILE_AGE_MS = 24 * 60 * 60_000;

export class FirmwareService {
  constructor(
    private readonly repository: FirmwareRepository,
    private readonly store: FileStore,
    private readonly now: () => number,
  ) {}

  /**
   * Streams the request's file to storage; answers its id, size and checksum. Files uploaded more
   * than a day ago that no save named are removed first, so abandoned uploads do not pile up.
   */
  async upload(ownerAccountId: string, request: FastifyRequest): Promise<FirmwareFile> {
    const abandoned = await this.repository.deleteAbandonedFiles(
      new Date(this.now() - ABANDONED_FILE_AGE_MS),
    );
    await Promise.all(abandoned.map((key) => this.store.remove(key)));
    const id = newId();
    const streamed = await streamUploadedFile(request, {
      field: FIRMWARE_UPLOAD_FIELD,
      maxBytes: FIRMWARE_FILE_MAX_BYTES,
      store: (source) => this.store.writeStream(id, source),
      discardStored: () => this.store.remove(id),
      tooLarge: () => new CatalogueError('1802', { max: FIRMWARE_FILE_MAX_LABEL, field: 'file' }),
    });
    if (!streamed) throw new CatalogueError('1001', { field: FIRMWARE_UPLOAD_FIELD });
    const name = baseNameOf(streamed.name) || 'firmware.bin';
    try {
      await this.repository.insertFile({
        id,
        ownerAccountId,
        name,
        size: streamed.size,
        sha256: streamed.sha256,
        storageKey: id,
        createdAt: new Date(this.now()),
      });
    } catch (error) {
      await this.store.remove(id);
      throw error;
    }
    return { id, name, size: streamed.size, sha256: streamed.sha256 };
  }

  async add(ownerAccountId: string, body: AddBody): Promise<ServerForm<FirmwareItem>> {
    const parts = FIRMWARE_PARTS_OF_KIND[body.kind];
    const named = parts.flatMap((part) => {
      const fileId = body[FIELD_OF_PART[part]];
      return fileId ? [{ part, fileId }] : [];
    });
    const foreign = (Object.keys(FIELD_OF_PART) as FirmwarePart[]).filter(
      (part) => !parts.includes(part) && body[FIELD_OF_PART[part]],
    );
    if (named.length === 0 || foreign.length > 0) {
      throw new CatalogueError('2502', { field: FIELD_OF_PART[foreign[0] ?? parts[0]!] });
    }
    if (new Set(named.map((entry) => entry.fileId)).size !== named.length) {
      throw new CatalogueError('2501', { field: FIELD_OF_PART[named[1]!.part] });
    }
    const agentPackage = named.find((entry) => entry.part === 'package');
    if (agentPackage) await this.requireOwnAgentPackage(ownerAccountId, agentPackage.fileId, body.version);
    const id = newId();
    try {
      await this.repository.transaction(async (tx) => {
        await tx.insertFirmware({
          id,
          kind: body.kind,
          name: body.name.trim(),
          version: body.version,
          description: body.description?.trim() ?? '',
          createdBy: ownerAccountId,
        });
        for (const { part, fileId } of named) {
          if (!(await tx.claimFile(fileId, ownerAccountId, id, part))) {
            throw new CatalogueError('2501', { field: FIELD_OF_PART[part] });
          }
        }
      });
    } catch (error) {
      if (databaseCodeOf(error) === '23505') throw new CatalogueError('1509', { field: 'version' });
      throw error;
    }
    const row = await this.repository.findFirmware(id);
    return presentFirmware(row!, await this.repository.filesOf([id]));
  }

  /** The owner's free upload must be an agent package of the version (2501 when it is not theirs or taken). */
  private async requireOwnAgentPackage(ownerAccountId: string, fileId: string, version: string) {
    const file = await this.repository.findFile(fileId);
    if (!file || file.ownerAccountId !== ownerAccountId || file.firmwareId)
      throw new CatalogueError('2501', { field: 'packageFileId' });
    await requireAgentPackage(() => this.store.readStream(file.storageKey), version);
  }

  async list(body: ListBody): Promise<ServerForm<FirmwarePage>> {
    const { rows, total } = await this.repository.list({
      kind: body.kind,
      keyword: body.keyword,
      offset: (body.page - 1) * body.pageSize,
      limit: body.pageSize,
    });
    const files = await this.repository.filesOf(rows.map((row) => row.id));
    return {
      list: rows.map((row) =>
        presentFirmware(
          row,
          files.filter((file) => file.firmwareId === row.id),
        ),
      ),
      total,
      page: body.page,
      pageSize: body.pageSize,
    };
  }

  async find(id: string): Promise<ServerForm<FirmwareItem> | undefined> {
    const row = await this.repository.findFirmware(id);
    return row ? presentFirmware(row, await this.repository.filesOf([id])) : undefined;
  }

  /** A file of a saved firmware (uploads no save named are never served). */
  async findSavedFile(id: string): Promise<FirmwareFileRow | undefined> {
    const file = await this.repository.findFile(id);
    return file?.firmwareId ? file : undefined;
  }

  /** The stored bytes of a file, or of a range of them. */
  openFile(file: FirmwareFileRow, range?: ByteRange): Promise<Readable | undefined> {
    return this.store.readStream(file.storageKey, range);
  }

  async remove(id: string): Promise<void> {
    const storageKeys = await this.repository.deleteFirmware(id).catch((error: unknown) => {
      // An upgrade task names it: the foreign key (ON DELETE RESTRICT, 23001) refuses.
      const code = databaseCodeOf(error);
      if (code === '23001' || code === '23503') throw new CatalogueError('2503', { field: 'id' });
      throw error;
    });
    if (!storageKeys) throw new CatalogueError('1003');
    await Promise.all(storageKeys.map((key) => this.store.remove(key)));
  }
}

function presentFirmware(row: FirmwareRow, files: readonly FirmwareFileRow[]): ServerForm<FirmwareItem> {
  const parts = files.flatMap((file) =>
    file.part
      ? [{ part: file.part, id: file.id, name: file.name, size: file.size, sha256: file.sha256 }]
      : [],
  );
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    version: row.version,
    description: row.description,
    size: parts.reduce((sum, part) => sum + part.size, 0),
    parts,
    createdAt: row.createdAt,
  };
}
