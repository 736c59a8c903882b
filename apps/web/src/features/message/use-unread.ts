/** The unread counts of the header and the message centre, asked again each minute and after every live notice. */
import { useQuery } from '@tanstack/react-query';
import { messageApi } from '../../api/message.api.ts';
import { useSessionStore } from '../../app/session-store.ts';

export const UNREAD_REFRESH_MS = 60_000;

export function useUnreadCounts() {
  const signedIn = useSessionStore((state) => state.user !== null);
  return useQuery({
    queryKey: ['messages', 'unread'],
    queryFn: messageApi.unreadCounts,
    enabled: signedIn,
    refetchInterval: UNREAD_REFRESH_MS,
  });
}
