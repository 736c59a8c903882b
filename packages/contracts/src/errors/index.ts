/** Translating catalogue codes and the error type every layer throws and shows. */
import type { Locale } from '../locale.ts';
import { ERROR_CATALOGUE, type ErrorCode } from './catalogue.ts';

export { ERROR_CATALOGUE, type ErrorCode, type CatalogueEntry } from './catalogue.ts';

export type ErrorParams = Readonly<Record<string, string | number>>;

/** Codes that end the session on the client: it clears it and goes to /login (§7). */
export const SESSION_ENDED_CODES: readonly string[] = ['1010', '1006', '1206'];

/** Codes a successful answer carries (§7). */
export const SUCCESS_CODES: readonly string[] = ['200', '201'];

export function isErrorCode(code: string): code is ErrorCode {
  return Object.hasOwn(ERROR_CATALOGUE, code);
}

function fill(template: string, params: ErrorParams | undefined): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

/**
 * The catalogue's text for a code in a locale. A code outside the catalogue is shown as a
 * communication error carrying that code (§8 "other"), never as a raw number alone.
 */
export function translateError(code: string, locale: Locale, params?: ErrorParams): string {
  const known = isErrorCode(code) ? ERROR_CATALOGUE[code] : undefined;
  if (!known) return fill(ERROR_CATALOGUE['1302'][locale === 'en-US' ? 'en' : 'zh'], { code });
  return fill(known[locale === 'en-US' ? 'en' : 'zh'], params);
}

export function httpStatusOf(code: string): number {
  return isErrorCode(code) ? ERROR_CATALOGUE[code].status : 500;
}

/**
 * An error a user can cause or meet, by catalogue code. Servers throw it; the request client
 * rejects with it; screens show `translateError(code, locale, params)`.
 */
export class CatalogueError extends Error {
  readonly code: ErrorCode;
  readonly params: ErrorParams | undefined;

  constructor(code: ErrorCode, params?: ErrorParams, options?: { cause?: unknown }) {
    super(translateError(code, 'en-US', params), options);
    this.name = 'CatalogueError';
    this.code = code;
    this.params = params;
  }
}
