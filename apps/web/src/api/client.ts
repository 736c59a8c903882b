/**
 * The one request client of the console. It speaks the platform's conventions (§7): every path under
 * `/lyyp/developer`, cookies sent, POST bodies form-encoded with dot notation, `{ code, message, data }`
 * answers where "200"/"201" is success. Everything else becomes an `ApiError` carrying a catalogue
 * code, translated on the client so the text follows the console's language. Fetch, navigation,
 * session clearing and the locale are injected, so the client runs the same in tests.
 */
import {
  API_PREFIX,
  REQUEST_TIMEOUT_MS,
  SESSION_ENDED_CODES,
  SUCCESS_CODES,
  UPLOAD_TIMEOUT_MS,
  translateError,
  type ErrorParams,
  type Locale,
} from '@lyyp/contracts';
import qs from 'qs';
import type { UploadProgress } from './upload-progress.ts';

/** Codes the client itself raises when no answer arrives. */
export const NETWORK_FAILURE_CODE = '1605';
export const TIMEOUT_CODE = '1606';

export class ApiError extends Error {
  readonly code: string;
  /** The input the server blamed, when it named one. */
  readonly field: string | undefined;
  readonly params: ErrorParams | undefined;

  constructor(code: string, message: string, field?: string, params?: ErrorParams) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.field = field;
    this.params = params;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export type QueryValue = unknown;
export type FormBody = Record<string, unknown>;

export interface ApiClientDependencies {
  fetch: (input: string, init: RequestInit) => Promise<Response>;
  /** Sends the browser to a console path (used when the session has ended). */
  navigate: (path: string) => void;
  /** Forgets the signed-in user. */
  clearSession: () => void;
  getLocale: () => Locale;
  baseUrl?: string;
  requestTimeoutMs?: number;
  uploadTimeoutMs?: number;
  /** Sends a request reporting its upload progress (XMLHttpRequest in the browser). */
  fetchWithProgress?: (input: string, init: RequestInit, onProgress: UploadProgress) => Promise<Response>;
}

export interface RequestOptions {
  /**
   * When false, a session-ended answer still clears the session but does not navigate: the caller
   * (the route guard) decides where to go, for example to keep `?redirect=`.
   */
  redirectOnSessionEnd?: boolean;
  signal?: AbortSignal;
  /**
   * `json` sends the POST body as JSON instead of a form: for nested bodies whose values must keep
   * their types (an alarm rule's condition, a group's ladder), which the platform accepts as well.
   */
  encoding?: 'form' | 'json';
  /** Uploads only: called as the body is sent, with the bytes sent so far and in all. */
  onUploadProgress?: UploadProgress;
}

/** The options of a call whose nested body goes as JSON rather than as a form. */
export const JSON_BODY: RequestOptions = { encoding: 'json' };

export interface ApiClient {
  get<T>(path: string, query?: Record<string, QueryValue>, options?: RequestOptions): Promise<T>;
  post<T>(path: string, body?: FormBody, options?: RequestOptions): Promise<T>;
  upload<T>(path: string, form: FormData, options?: RequestOptions): Promise<T>;
}

/** Form and query encoding of §7: nested objects and arrays in dot notation (`a.b=1`, `list[0].id=2`). */
export function encodeForm(body: Record<string, unknown>): string {
  return qs.stringify(body, { allowDots: true, skipNulls: true });
}

interface WireEnvelope {
  code: string | number;
  message?: string;
  data?: unknown;
}

function isEnvelope(value: unknown): value is WireEnvelope {
  return typeof value === 'object' && value !== null && 'code' in value;
}

/** Scalar fields of an error answer's data become the message's placeholder values. */
export function paramsOf(data: unknown): ErrorParams | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const entries = Object.entries(data).filter(
    (entry): entry is [string, string | number] =>
      typeof entry[1] === 'string' || typeof entry[1] === 'number',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

export function createApiClient(dependencies: ApiClientDependencies): ApiClient {
  const baseUrl = dependencies.baseUrl ?? API_PREFIX;
  const requestTimeoutMs = dependencies.requestTimeoutMs ?? REQUEST_TIMEOUT_MS;
  const uploadTimeoutMs = dependencies.uploadTimeoutMs ?? UPLOAD_TIMEOUT_MS;

  function makeError(code: string, field?: string, params?: ErrorParams): ApiError {
    return new ApiError(code, translateError(code, dependencies.getLocale(), params), field, params);
  }

  interface OutgoingRequest {
    method: 'GET' | 'POST';
    headers?: Record<string, string>;
    body?: string | FormData;
  }

  async function send<T>(
    url: string,
    request: OutgoingRequest,
    timeoutMs: number,
    options: RequestOptions | undefined,
  ): Promise<T> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const outerSignal = options?.signal;
    const forwardAbort = () => controller.abort();
    outerSignal?.addEventListener('abort', forwardAbort);

    let response: Response;
    let payload: unknown;
    try {
      const init: RequestInit = {
        method: request.method,
        body: request.body ?? null,
        credentials: 'include',
        signal: controller.signal,
        headers: {
          Accept: 'application/json',
          'Accept-Language': dependencies.getLocale(),
          ...request.headers,
        },
      };
      const onProgress = options?.onUploadProgress;
      response =
        onProgress && dependencies.fetchWithProgress
          ? await dependencies.fetchWithProgress(url, init, onProgress)
          : await dependencies.fetch(url, init);
      payload = await response.json().catch(() => undefined);
    } catch (cause) {
      if (timedOut) throw makeError(TIMEOUT_CODE);
      if (outerSignal?.aborted) throw cause;
      throw makeError(NETWORK_FAILURE_CODE);
    } finally {
      clearTimeout(timer);
      outerSignal?.removeEventListener('abort', forwardAbort);
    }

    // A proxy's HTML error page or an empty body still needs a catalogue text: "communication error (502)".
    if (!isEnvelope(payload)) throw makeError(String(response.status));

    const code = String(payload.code);
    if (SUCCESS_CODES.includes(code)) return payload.data as T;

    const params = paramsOf(payload.data);
    const field = typeof params?.field === 'string' ? params.field : undefined;
    if (SESSION_ENDED_CODES.includes(code)) {
      dependencies.clearSession();
      if (options?.redirectOnSessionEnd !== false) dependencies.navigate('/login');
    }
    throw makeError(code, field, params);
  }

  return {
    get(path, query, options) {
      const search = query ? encodeForm(query) : '';
      return send(
        `${baseUrl}${path}${search ? `?${search}` : ''}`,
        { method: 'GET' },
        requestTimeoutMs,
        options,
      );
    },
    post(path, body, options) {
      const json = options?.encoding === 'json';
      return send(
        `${baseUrl}${path}`,
        {
          method: 'POST',
          headers: {
            'Content-Type': json
              ? 'application/json;charset=UTF-8'
              : 'application/x-www-form-urlencoded;charset=UTF-8',
          },
          body: json ? JSON.stringify(body ?? {}) : encodeForm(body ?? {}),
        },
        requestTimeoutMs,
        options,
      );
    },
    upload(path, form, options) {
      // The browser writes the multipart boundary itself, so no Content-Type here.
      return send(`${baseUrl}${path}`, { method: 'POST', body: form }, uploadTimeoutMs, options);
    },
  };
}
