/**
 * Cleans an uploaded SVG of anything that could run: scripts, event handlers, foreign objects and
 * `javascript:` links, with DOMPurify's SVG profile (a maintained sanitiser, never our own regexes).
 */
import DOMPurify from 'isomorphic-dompurify';

/** The cleaned SVG, or null when nothing of an image is left. */
export function sanitiseSvg(bytes: Buffer): Buffer | null {
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const clean = DOMPurify.sanitize(text, {
    USE_PROFILES: { svg: true, svgFilters: true },
    FORBID_TAGS: ['foreignObject', 'script', 'style'],
  });
  if (!/<svg[\s>]/i.test(clean)) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${clean}`, 'utf8');
}
