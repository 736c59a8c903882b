/** Reading and refreshing the signed-in account. */
import { USER_INFO_REFRESH_MS, type AccountInfo } from '@lyyp/contracts';
import { useEffect } from 'react';
import { ApiError, authApi } from '../api/index.ts';
import { useSessionStore } from './session-store.ts';

/**
 * Fetches the user info for the guard. An empty answer counts as a failure (§7: "empty data is an
 * error"), reported with the catalogue's "permission info fetch failed".
 */
export async function loadAccountInfo(): Promise<AccountInfo> {
  const user = await authApi.fetchAccountInfo(Date.now(), { redirectOnSessionEnd: false });
  if (!user) throw new ApiError('1007', '');
  return user;
}

/** Keeps the user info (and so the menu) current while signed in (§1: every USER_INFO_REFRESH_MS). */
export function useSessionRefresh(): void {
  const signedIn = useSessionStore((state) => state.user !== null);
  useEffect(() => {
    if (!signedIn) return;
    const timer = window.setInterval(() => {
      authApi.fetchAccountInfo(Date.now()).then(
        (user) => useSessionStore.getState().signIn(user),
        // A session-ended answer already cleared the session and went to /login; others wait for the next round.
        () => undefined,
      );
    }, USER_INFO_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [signedIn]);
}
