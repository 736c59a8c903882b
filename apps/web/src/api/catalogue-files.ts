/**
 * File answers (exports of gateways, variables, history): the one kind of answer outside the
 * `{ code, message, data }` envelope. A success is the file itself with its name in
 * Content-Disposition; a failure is still an envelope, read and translated like any other answer.
 */
import {
  API_PREFIX,
  DEFAULT_LOCALE,
  LOCALES,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODES,
  translateError,
  type ErrorParams,
  type Locale,
} from '@lyyp/contracts';
import {
  ApiError,
  NETWORK_FAILURE_CODE,
  TIMEOUT_CODE,
  encodeForm,
  paramsOf,
  type FormBody,
} from './client.ts';

export interface DownloadedFile {
  name: string;
  blob: Blob;
}

export interface FileApiDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  getLocale: () => Locale;
  /** A session-ended answer: the session is cleared and the browser sent to /login. */
  endSession: () => void;
  baseUrl?: string;
  timeoutMs?: number;
}

/**
 * The console's language as the shell declares it on the page (`<html lang>`), so exports are
 * written in it without this folder reaching up into the app layer.
 */
export function readDocumentLocale(): Locale {
  const declared = typeof document === 'undefined' ? '' : document.documentElement.lang;
  return (LOCALES as readonly string[]).includes(declared) ? (declared as Locale) : DEFAULT_LOCALE;
}

/** The file name of an attachment, preferring the RFC 6266 `filename*` form. */
export function readAttachmentName(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const extended = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (extended?.[1]) return decodeURIComponent(extended[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain?.[1] ? decodeURIComponent(plain[1]) : fallback;
}

export function createFileApi(dependencies: FileApiDependencies) {
  const baseUrl = dependencies.baseUrl ?? API_PREFIX;
  const timeoutMs = dependencies.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const fail = (code: string, params?: ErrorParams) =>
    new ApiError(
      code,
      translateError(code, dependencies.getLocale(), params),
      typeof params?.field === 'string' ? params.field : undefined,
      params,
    );

  async function download(path: string, body: FormBody, fallbackName: string): Promise<DownloadedFile> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      const response = await dependencies
        .fetch(`${baseUrl}${path}`, {
          method: 'POST',
          credentials: 'include',
          signal: controller.signal,
          headers: {
            'Content-Type': 'application/x-www-form-urlencoded;charset=UTF-8',
            'Accept-Language': dependencies.getLocale(),
          },
          body: encodeForm(body),
        })
        .catch(() => {
          throw fail(timedOut ? TIMEOUT_CODE : NETWORK_FAILURE_CODE);
        });
      const type = response.headers.get('content-type') ?? '';
      if (response.ok && !type.includes('application/json')) {
        const name = readAttachmentName(response.headers.get('content-disposition'), fallbackName);
        return { name, blob: await response.blob() };
      }
      const envelope = (await response.json().catch(() => null)) as {
        code?: string | number;
        data?: unknown;
      } | null;
      const code = String(envelope?.code ?? response.status);
      if (SESSION_ENDED_CODES.includes(code)) dependencies.endSession();
      throw fail(code, paramsOf(envelope?.data));
    } finally {
      clearTimeout(timer);
    }
  }

  return { download };
}

export type FileApi = ReturnType<typeof createFileApi>;
