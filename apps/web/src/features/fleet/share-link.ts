/** The address a share link opens: the console's accept page with the token. */
import { SHARE_ACCEPT_ROUTE } from '@lyyp/contracts/fleet';

export function shareLinkOf(origin: string, token: string): string {
  return `${origin.replace(/\/+$/, '')}${SHARE_ACCEPT_ROUTE}?token=${encodeURIComponent(token)}`;
}

/** The token of an accept page's address (`?token=`), or null. */
export function readShareToken(search: URLSearchParams): string | null {
  const token = search.get('token')?.trim();
  return token ? token : null;
}
