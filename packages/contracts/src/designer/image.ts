/** The rule for images uploaded in the designer (§5): jpg, png, gif, svg or ico, under 100K. */
import type { RuleViolation } from '../validation/index.ts';
import { DESIGNER_IMAGE_EXTENSIONS, DESIGNER_IMAGE_MAX_BYTES } from './limits.ts';

const EXTENSION_ALIASES: Readonly<Record<string, string>> = { jpeg: 'jpg' };

/** Checks a picked file by name and size before it is uploaded; the server repeats the check. */
export function checkDesignerImage(fileName: string, sizeBytes: number): RuleViolation | null {
  const raw = fileName.split('.').pop()?.toLowerCase() ?? '';
  const extension = EXTENSION_ALIASES[raw] ?? raw;
  if (!(DESIGNER_IMAGE_EXTENSIONS as readonly string[]).includes(extension) || !fileName.includes('.')) {
    return { code: '1803', params: { types: DESIGNER_IMAGE_EXTENSIONS.join(', ') } };
  }
  if (sizeBytes >= DESIGNER_IMAGE_MAX_BYTES) return { code: '1802', params: { max: '100K' } };
  return null;
}
