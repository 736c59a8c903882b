/** The console application: providers around the router, and the request client bound to both. */
import { RouterProvider } from 'react-router/dom';
import { bindApiClient } from '../api/index.ts';
import { getCurrentLocale } from './i18n.ts';
import { AppProviders, queryClient } from './providers.tsx';
import { createAppRouter } from './router.tsx';
import { useSessionStore } from './session-store.ts';

const router = createAppRouter();

bindApiClient({
  navigate: (path) => void router.navigate(path),
  clearSession: () => {
    useSessionStore.getState().clear();
    queryClient.clear();
  },
  getLocale: getCurrentLocale,
});

export function App() {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
