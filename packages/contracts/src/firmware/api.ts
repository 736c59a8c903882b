/**
 * The firmware API (`/lyyp/developer/system/firmware/*`). A file is uploaded on its own first
 * (multipart, streamed to storage, answered with its size and SHA-256), then the firmware is
 * saved naming its uploaded files, so the browser shows a progress bar per file and a failed save
 * never needs the bytes again.
 */
import { z } from 'zod';
import { optionalText, requiredText, enumField, INVALID_FIELD_MESSAGE } from '../device-model/issues.ts';
import { pageSchema, pagingFields } from '../api/common.ts';
import { checkedString } from '../validation/index.ts';
import {
  FIRMWARE_DESCRIPTION_MAX_LENGTH,
  FIRMWARE_KINDS,
  FIRMWARE_NAME_MAX_LENGTH,
  FIRMWARE_PARTS,
  checkFirmwareVersion,
} from './firmware.ts';

export const FIRMWARE_API_PATHS = {
  upload: '/system/firmware/upload',
  add: '/system/firmware/add',
  list: '/system/firmware/list',
  delete: '/system/firmware/delete',
  /** GET, for gateways: the bytes of a saved firmware file, HTTP Basic `sn:secret`, ranges resumable. */
  download: '/ota/firmware/:id',
} as const;

/** Header of a download answer carrying the file's SHA-256 (also its ETag, quoted). */
export const FIRMWARE_CHECKSUM_HEADER = 'x-checksum-sha256';

/** Multipart field of the upload that carries the file. */
export const FIRMWARE_UPLOAD_FIELD = 'file';

const fileId = z.string({ error: INVALID_FIELD_MESSAGE }).trim().min(1).max(64);

/** An uploaded file, not yet part of a firmware. */
export const firmwareFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
});
export type FirmwareFile = z.infer<typeof firmwareFileSchema>;

export const firmwareAddBodySchema = z.object({
  name: requiredText('name', FIRMWARE_NAME_MAX_LENGTH),
  kind: enumField(FIRMWARE_KINDS),
  version: checkedString(checkFirmwareVersion),
  description: optionalText('description', FIRMWARE_DESCRIPTION_MAX_LENGTH).optional(),
  /** Application firmware: the agent package. */
  packageFileId: fileId.optional(),
  /** System firmware: the root filesystem image and/or the kernel image. */
  rootfsFileId: fileId.optional(),
  kernelFileId: fileId.optional(),
});
export type FirmwareAddBody = z.input<typeof firmwareAddBodySchema>;

export const firmwareListBodySchema = z.object({
  ...pagingFields,
  kind: enumField(FIRMWARE_KINDS).optional(),
  /** Part of the name or version. */
  keyword: z.string().max(50).optional(),
});
export type FirmwareListBody = z.input<typeof firmwareListBodySchema>;

export const firmwareIdBodySchema = z.object({ id: fileId });
export type FirmwareIdBody = z.input<typeof firmwareIdBodySchema>;

export const firmwarePartSchema = firmwareFileSchema.extend({ part: z.enum(FIRMWARE_PARTS) });
export type FirmwarePartInfo = z.infer<typeof firmwarePartSchema>;

export const firmwareItemSchema = z.object({
  id: z.string(),
  kind: z.enum(FIRMWARE_KINDS),
  name: z.string(),
  version: z.string(),
  description: z.string(),
  /** Total bytes of its parts. */
  size: z.number().int().min(0),
  parts: z.array(firmwarePartSchema),
  createdAt: z.string(),
});
export type FirmwareItem = z.infer<typeof firmwareItemSchema>;

export const firmwarePageSchema = pageSchema(firmwareItemSchema);
export type FirmwarePage = z.infer<typeof firmwarePageSchema>;
