/**
 * Browsers the console runs in (§8 "browser version too old", code 1602): the versions its build
 * targets (Vite's `baseline-widely-available`). The platform can tell from the User-Agent a
 * browser sends when it opens the live channel; an older one is answered 1602 and the channel
 * closes (`LIVE_CLOSE_BROWSER_TOO_OLD`). Browsers it does not recognise are given the benefit of
 * the doubt.
 */

/** Oldest major (Safari: major.minor) version of each browser the console supports. */
export const BROWSER_MINIMUM_VERSIONS = { chrome: 111, edge: 111, firefox: 114, safari: 16.4 } as const;

/** Close code of the live channel for a browser older than the console supports (after a 1602 error). */
export const LIVE_CLOSE_BROWSER_TOO_OLD = 4003;

const versionOf = (userAgent: string, pattern: RegExp): number | null => {
  const match = pattern.exec(userAgent);
  if (!match) return null;
  return Number(`${match[1]}.${match[2] ?? '0'}`);
};

/** Whether a User-Agent names a browser older than the console supports. */
export function isBrowserTooOld(userAgent: string | undefined): boolean {
  if (!userAgent) return false;
  if (/\bMSIE \d|\bTrident\//.test(userAgent)) return true;
  const edge = versionOf(userAgent, /\bEdg(?:e|A|iOS)?\/(\d+)/);
  if (edge !== null) return edge < BROWSER_MINIMUM_VERSIONS.edge;
  const firefox = versionOf(userAgent, /\bFirefox\/(\d+)/);
  if (firefox !== null) return firefox < BROWSER_MINIMUM_VERSIONS.firefox;
  const chrome = versionOf(userAgent, /\b(?:Chrome|Chromium|CriOS)\/(\d+)/);
  if (chrome !== null) return chrome < BROWSER_MINIMUM_VERSIONS.chrome;
  const safari = /\bSafari\//.test(userAgent) ? versionOf(userAgent, /\bVersion\/(\d+)(?:\.(\d+))?/) : null;
  if (safari !== null) return safari < BROWSER_MINIMUM_VERSIONS.safari;
  return false;
}
