/**
 * A fetch-like request that reports upload progress. `fetch` cannot tell how much of a body has
 * been sent, so uploads that show a progress bar (firmware of up to 200 MB) go through
 * XMLHttpRequest; the answer is handed back as a `Response` so the client reads it like any other.
 */
export type UploadProgress = (loaded: number, total: number) => void;

export function fetchWithUploadProgress(
  url: string,
  init: RequestInit,
  onProgress: UploadProgress,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(init.method ?? 'POST', url);
    request.withCredentials = init.credentials === 'include';
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      request.setRequestHeader(name, value);
    }
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    request.onload = () =>
      resolve(
        new Response(request.responseText, {
          status: request.status,
          headers: { 'content-type': request.getResponseHeader('content-type') ?? 'application/json' },
        }),
      );
    request.onerror = () => reject(new TypeError('network error'));
    request.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    init.signal?.addEventListener('abort', () => request.abort());
    request.send(init.body as XMLHttpRequestBodyInit | null);
  });
}
