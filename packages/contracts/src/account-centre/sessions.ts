/**
 * The account's own sign-in sessions (security settings): an account may be signed in on several
 * browsers at once (a control-room screen and a phone); it sees each one with its browser, system
 * and address, and ends any of them. An ended session's next request answers 1206 and its open
 * live connections close at once.
 */
import { z } from 'zod';

export const ACCOUNT_SESSION_PATHS = {
  list: '/account/sessions',
  end: '/account/sessions/end',
  endOthers: '/account/sessions/endOthers',
} as const;

export const accountSessionSchema = z.object({
  /** An opaque id of the session (never its token). */
  id: z.string(),
  /** When it signed in and when it was last used (ISO 8601). */
  signedInAt: z.string(),
  lastSeenAt: z.string(),
  address: z.string().nullable(),
  /** Browser and system, read from the browser's User-Agent ("Chrome 142 · Windows 10"). */
  device: z.string().nullable(),
  /** The session this request came from. */
  current: z.boolean(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;
export const accountSessionListSchema = z.array(accountSessionSchema);

export const endSessionSchema = z.object({ id: z.string().trim().min(1).max(64) });
export type EndSessionRequest = z.input<typeof endSessionSchema>;

/** How many sessions `endOthers` ended. */
export const endedSessionsSchema = z.object({ ended: z.number().int() });
export type EndedSessions = z.infer<typeof endedSessionsSchema>;
