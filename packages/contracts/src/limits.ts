/** Business constants and limits of §9 and §7 that more than one app needs. */
export const REQUEST_TIMEOUT_MS = 120_000;
export const UPLOAD_TIMEOUT_MS = 600_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const USER_INFO_REFRESH_MS = 1_000_000;
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_QUERY_RANGE_DAYS = 30;

/** SMS verification codes: 6 digits, single use, valid 10 minutes, resend after 60 s. */
export const SMS_CODE_LENGTH = 6;
export const SMS_CODE_TTL_MS = 10 * 60_000;
export const SMS_RESEND_INTERVAL_MS = 60_000;
export const SMS_DAILY_LIMIT_PER_PHONE = 10;

/** Captcha answers are valid 2 minutes; the ticket they yield is valid 5 minutes and used once. */
export const CAPTCHA_TTL_MS = 2 * 60_000;
export const CAPTCHA_TICKET_TTL_MS = 5 * 60_000;

/** An encrypted login body older than this (or seen before) is refused as a replay. */
export const ENCRYPTED_LOGIN_MAX_AGE_MS = 5 * 60_000;

/** Sign-in attempts: after this many failures for one account, wait until the window has passed. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/**
 * One address is often a whole factory behind one router, so it is not locked at the account's
 * limit: after this many failed sign-ins in the window every further try from it needs a solved
 * picture check (answer 1150 until it comes with one) …
 */
export const LOGIN_ADDRESS_FREE_FAILURES = 3;
/** … and only this many failures in the window lock the address itself. */
export const LOGIN_ADDRESS_MAX_FAILURES = 100;
/**
 * A wrong password never locks an account (anyone could lock anyone out, the super manager
 * included): after this many failures for one account in the window every further try needs a
 * solved picture check, whichever address it comes from.
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 3;

/** JSON and form bodies nested deeper than this are refused (1011) before anything walks them. */
export const REQUEST_BODY_MAX_DEPTH = 64;

/** Steps of an identity check (password recovery, phone change) stay valid this long. */
export const IDENTITY_CHECK_TTL_MS = 10 * 60_000;

/** Hostnames on which the console marks itself as a development environment (§1). */
export const DEVELOPMENT_HOSTNAMES = [
  'localhost',
  '127.0.0.1',
  '[::1]',
  'dev.lyyp.local',
  'test.lyyp.local',
] as const;
