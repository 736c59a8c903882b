/**
 * Addresses a widget loads (pictures, animation frames, the page background), passed through the
 * shared URL rule of @lyyp/contracts once more as they are drawn: a page stored before the rule, or
 * changed behind the designer's back, shows an empty picture instead of loading `javascript:` or
 * `data:` content.
 */
import { safeUrlOrNull } from '@lyyp/contracts';

/** The `src` of a picture, or undefined when there is none or the rule refuses it. */
export function pictureSource(url: string): string | undefined {
  return safeUrlOrNull(url) ?? undefined;
}

/**
 * A CSS `url()` for a background, or undefined. Quotes, backslashes and line breaks are escaped so
 * the address cannot close the `url("…")` and add declarations of its own.
 */
export function cssBackgroundImage(url: string): string | undefined {
  const safe = safeUrlOrNull(url);
  if (safe === null) return undefined;
  const escaped = safe.replace(/[\\"]/g, (character) => `\\${character}`).replace(/[\r\n\f]/g, '');
  return `url("${escaped}")`;
}
