/**
 * The console's single client instance. The router, the session store and the language live in the
 * app layer, which binds them here at start-up (`bindApiClient`), so this folder depends on nothing above it.
 */
import { DEFAULT_LOCALE, type Locale } from '@lyyp/contracts';
import { createAuthApi } from './auth.api.ts';
import { createApiClient } from './client.ts';
import { fetchWithUploadProgress } from './upload-progress.ts';

interface Bindings {
  navigate: (path: string) => void;
  clearSession: () => void;
  getLocale: () => Locale;
}

const bindings: Bindings = {
  navigate: (path) => window.location.assign(path),
  clearSession: () => undefined,
  getLocale: () => DEFAULT_LOCALE,
};

export function bindApiClient(next: Partial<Bindings>): void {
  Object.assign(bindings, next);
}

export const apiClient = createApiClient({
  fetch: (input, init) => window.fetch(input, init),
  fetchWithProgress: fetchWithUploadProgress,
  navigate: (path) => bindings.navigate(path),
  clearSession: () => bindings.clearSession(),
  getLocale: () => bindings.getLocale(),
});

export const authApi = createAuthApi(apiClient);

/**
 * Another channel learnt that the session has ended (the live channel closed with 4001): the
 * session is cleared and the console goes to the sign-in page at once, as a 1206 answer does.
 */
export function leaveForSignIn(): void {
  bindings.clearSession();
  bindings.navigate('/login');
}
