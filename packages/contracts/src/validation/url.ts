/**
 * The one rule for addresses that a person stores and other people's browsers open: click links of
 * designer pages, image and animation frames, page backgrounds, video sources. Anything that could
 * run script in the console's origin (`javascript:`, `vbscript:`, `data:` …) is refused.
 *
 * The value is read with the WHATWG URL parser, the one browsers use for `window.open`, `<img src>`
 * and CSS `url()`. So every spelling trick is judged exactly as a browser would read it: leading
 * spaces and control characters are dropped, tabs and line breaks inside the scheme vanish
 * (`java\tscript:`), the scheme's case does not matter (`JaVaScRiPt:`), and backslashes count as
 * slashes (`/\evil.example`).
 *
 * Allowed: absolute `http:` and `https:` addresses, and addresses relative to the console that stay
 * on its own site (`/lyyp/developer/files/…`, `help.html`, `?tab=2`, `#top`).
 * Refused: every other scheme, and protocol-relative addresses (`//evil.example`, `\\evil.example`,
 * `/\evil.example`). Those look relative but leave the site; a link to another site must say
 * `http://` or `https://`, so whoever reads the page sees where it goes.
 */
import { z } from 'zod';
import type { ErrorCode } from '../errors/index.ts';
import type { RuleViolation } from './rules.ts';
import { CATALOGUE_ISSUE_PREFIX } from './zod.ts';

/** Catalogue code of an address that is neither http(s) nor on this site. */
export const UNSAFE_URL_ERROR_CODE = '1650' satisfies ErrorCode;

/** Longest address a page may store. */
export const URL_MAX_LENGTH = 2000;

/** Schemes allowed where nothing else is said. */
export const WEB_URL_SCHEMES = ['http:', 'https:'] as const;

/** Relative addresses are resolved against this stand-in for the console's own origin. */
const SAME_SITE_BASE = 'https://console.invalid/';
const SAME_SITE_HOST = new URL(SAME_SITE_BASE).host;

export interface UrlRuleOptions {
  /** Schemes an absolute address may use (with the colon, lower case); http and https by default. */
  readonly schemes?: readonly string[];
  /** Whether an address relative to the console is allowed; true by default. */
  readonly relative?: boolean;
}

function parseAbsolute(value: string): URL | null {
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/**
 * Whether a stored address is safe to open or load. An empty (or blank) address means "none" and
 * is safe: there is nothing to open.
 */
export function isSafeUrl(value: string, options: UrlRuleOptions = {}): boolean {
  if (value.trim() === '') return true;
  const schemes = options.schemes ?? WEB_URL_SCHEMES;
  const absolute = parseAbsolute(value);
  if (absolute) return schemes.includes(absolute.protocol);
  if (options.relative === false) return false;
  try {
    // A relative address may only change path, query and fragment: the host must stay ours.
    return new URL(value, SAME_SITE_BASE).host === SAME_SITE_HOST;
  } catch {
    return false;
  }
}

/** Catalogue code of an image address that is neither http(s) nor a path on this site. */
export const IMAGE_ADDRESS_ERROR_CODE = '1651' satisfies ErrorCode;

/**
 * Whether a stored image address (a product's or an announcement's picture) is one: empty (none),
 * an absolute `http:` / `https:` address, or a path on this site starting with `/`. Unlike
 * `isSafeUrl`, bare words (`not a url`) are refused: a browser would read them as a relative path
 * to nothing.
 */
export function isImageAddress(value: string): boolean {
  const text = value.trim();
  if (text === '') return true;
  if (/\s/.test(text)) return false;
  if (text.startsWith('/')) return !/^[/\\]{2}/.test(text) && isSafeUrl(text);
  const absolute = parseAbsolute(text);
  return absolute !== null && (WEB_URL_SCHEMES as readonly string[]).includes(absolute.protocol);
}

/** The image address when it is one, otherwise null (the picture is not drawn). */
export function imageAddressOrNull(value: string | null | undefined): string | null {
  return value && value.trim() !== '' && isImageAddress(value) ? value : null;
}

/** The image rule as a §5-style check naming the field (1651). */
export function checkImageAddress(field: string) {
  return (value: string): RuleViolation | null =>
    isImageAddress(value) ? null : { code: IMAGE_ADDRESS_ERROR_CODE, params: { field } };
}

/** The address when it is safe to open, otherwise null (the link or picture stays disabled). */
export function safeUrlOrNull(value: string, options?: UrlRuleOptions): string | null {
  return value.trim() !== '' && isSafeUrl(value, options) ? value : null;
}

/** The rule as a §5-style check naming the field. */
export function checkUrl(field: string, options?: UrlRuleOptions) {
  return (value: string): RuleViolation | null =>
    isSafeUrl(value, options) ? null : { code: UNSAFE_URL_ERROR_CODE, params: { field } };
}

/**
 * A stored address as a zod rule: at most URL_MAX_LENGTH characters, empty allowed, refused with
 * `catalogue:1650` when unsafe (the server answers that code, naming the field's path).
 */
export function checkedUrl(options?: UrlRuleOptions) {
  return z
    .string()
    .max(URL_MAX_LENGTH)
    .superRefine((value, context) => {
      if (!isSafeUrl(value, options)) {
        context.addIssue({ code: 'custom', message: `${CATALOGUE_ISSUE_PREFIX}${UNSAFE_URL_ERROR_CODE}` });
      }
    });
}

/** Whether a zod issue is this rule's refusal (used to disable stored unsafe addresses on opening). */
export function isUnsafeUrlIssue(issue: { readonly message: string }): boolean {
  return issue.message === `${CATALOGUE_ISSUE_PREFIX}${UNSAFE_URL_ERROR_CODE}`;
}
