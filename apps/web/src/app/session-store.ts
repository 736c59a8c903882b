/**
 * The session of §3 and §4: login flag, user info, auths and theme. The platform keeps the real
 * session in an HttpOnly cookie; this store only mirrors what /account/info said last.
 */
import { parseAuths, type AccountInfo } from '@lyyp/contracts';
import { create } from 'zustand';

export interface SessionState {
  user: AccountInfo | null;
  auths: ReadonlySet<string>;
  theme: string;
  signIn: (user: AccountInfo) => void;
  /** Logout clears login, user info and auths (§4). */
  clear: () => void;
}

const DEFAULT_THEME = 'default';

export const useSessionStore = create<SessionState>()((set) => ({
  user: null,
  auths: new Set<string>(),
  theme: DEFAULT_THEME,
  signIn: (user) => set({ user, auths: parseAuths(user.auths), theme: user.theme || DEFAULT_THEME }),
  clear: () => set({ user: null, auths: new Set<string>(), theme: DEFAULT_THEME }),
}));
