/**
 * App packages uploaded in version maintenance (§5, §9: an app or firmware file is at most 200 MB).
 * Only installable mobile packages are taken: Android `.apk`, HarmonyOS `.hap` and iOS `.ipa`
 * (enterprise distribution; App Store apps are a link). All three are ZIP archives, so a file must
 * also begin as one. A stored package is public: the download page's QR code is scanned by a phone
 * that is not signed in, so its address is the platform's, served to anyone.
 */
import { z } from 'zod';
import { FIRMWARE_FILE_MAX_BYTES, FIRMWARE_FILE_MAX_LABEL } from '../firmware/firmware.ts';
import type { RuleViolation } from '../validation/index.ts';

export const APP_FILE_API_PATHS = {
  /** Multipart, field `file`; staff holding version maintenance. */
  upload: '/file/app/upload',
  /** Public: the package as an attachment, streamed. */
  download: '/file/app/:id',
} as const;

/** §5: the same 200 MB as a firmware file. */
export const APP_FILE_MAX_BYTES = FIRMWARE_FILE_MAX_BYTES;
export const APP_FILE_MAX_LABEL = FIRMWARE_FILE_MAX_LABEL;
export const APP_FILE_FIELD = 'file';

/** Each accepted package by its extension, with the type it is served as. */
export const APP_FILE_KINDS = {
  apk: { mime: 'application/vnd.android.package-archive', platform: 'android' },
  hap: { mime: 'application/octet-stream', platform: 'harmony' },
  ipa: { mime: 'application/octet-stream', platform: 'ios' },
} as const;
export type AppFileExtension = keyof typeof APP_FILE_KINDS;
export const APP_FILE_EXTENSIONS = Object.keys(APP_FILE_KINDS) as AppFileExtension[];

/** The four bytes every ZIP archive (and so every accepted package) begins with. */
export const ZIP_SIGNATURE = [0x50, 0x4b, 0x03, 0x04] as const;

export function appFileExtensionOf(name: string): AppFileExtension | null {
  const extension = /\.([^.]+)$/.exec(name.trim())?.[1]?.toLowerCase();
  return extension && extension in APP_FILE_KINDS ? (extension as AppFileExtension) : null;
}

/** Why a file is refused before any byte is read: its type (1803) or its declared size (1802). */
export function checkAppFile(name: string, size: number): RuleViolation | null {
  if (!appFileExtensionOf(name))
    return { code: '1803', params: { types: APP_FILE_EXTENSIONS.map((type) => `.${type}`).join(', ') } };
  if (size > APP_FILE_MAX_BYTES) return { code: '1802', params: { max: APP_FILE_MAX_LABEL } };
  return null;
}

export const appFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int().min(0),
  sha256: z.string(),
  /** Address on this platform, relative (`/lyyp/developer/file/app/<id>`); the console makes it absolute. */
  url: z.string(),
});
export type AppFile = z.infer<typeof appFileSchema>;
