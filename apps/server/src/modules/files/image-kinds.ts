/**
 * The image types designer pages accept (§5: jpg, png, gif, svg, ico), one entry each: the content
 * type a file is served with and how its first bytes look. A file is accepted only when its bytes
 * are what its name says, so a page named `.png` cannot smuggle in markup. Pure.
 */
import { DESIGNER_IMAGE_EXTENSIONS, type DESIGNER_IMAGE_MIME_TYPES } from '@lyyp/contracts/designer';

export type ImageExtension = (typeof DESIGNER_IMAGE_EXTENSIONS)[number];

interface ImageKind {
  mime: (typeof DESIGNER_IMAGE_MIME_TYPES)[number];
  /** Whether the first bytes of a file are of this type. */
  matches(head: Buffer): boolean;
}

const startsWith = (head: Buffer, ...bytes: number[]) =>
  head.length >= bytes.length && bytes.every((byte, index) => head[index] === byte);

/** How far into a file an SVG's root element may start (after an XML declaration, comments, a doctype). */
const SVG_ROOT_WITHIN = 4096;

function looksLikeSvg(head: Buffer): boolean {
  const text = head
    .subarray(0, SVG_ROOT_WITHIN)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  return text.startsWith('<') && /<svg[\s>/]/i.test(text);
}

export const IMAGE_KINDS: Readonly<Record<ImageExtension, ImageKind>> = {
  jpg: { mime: 'image/jpeg', matches: (head) => startsWith(head, 0xff, 0xd8, 0xff) },
  png: {
    mime: 'image/png',
    matches: (head) => startsWith(head, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
  },
  gif: {
    mime: 'image/gif',
    matches: (head) => ['GIF87a', 'GIF89a'].includes(head.subarray(0, 6).toString('latin1')),
  },
  svg: { mime: 'image/svg+xml', matches: looksLikeSvg },
  ico: { mime: 'image/x-icon', matches: (head) => startsWith(head, 0x00, 0x00, 0x01, 0x00) },
};

const EXTENSION_ALIASES: Readonly<Record<string, ImageExtension>> = { jpeg: 'jpg' };

/** The image type a file name claims, if it is one the designer accepts. */
export function imageExtensionOf(fileName: string): ImageExtension | undefined {
  if (!fileName.includes('.')) return undefined;
  const raw = fileName.split('.').pop()?.toLowerCase() ?? '';
  const extension = EXTENSION_ALIASES[raw] ?? raw;
  return (DESIGNER_IMAGE_EXTENSIONS as readonly string[]).includes(extension)
    ? (extension as ImageExtension)
    : undefined;
}
