/**
 * A browser's User-Agent as a person reads it: "Chrome 142 · Windows 10", never the raw header.
 * Parsed with bowser; a header it cannot read answers null (the screens show "unknown").
 */
import Bowser from 'bowser';

export function describeUserAgent(userAgent: string | null | undefined): string | null {
  if (!userAgent?.trim()) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = [parsed.browser.name, majorOf(parsed.browser.version)].filter(Boolean).join(' ');
  const system = [parsed.os.name, parsed.os.versionName ?? majorOf(parsed.os.version)]
    .filter(Boolean)
    .join(' ');
  const parts = [browser, system].filter((part) => part.length > 0);
  return parts.length > 0 ? parts.join(' · ') : null;
}

function majorOf(version: string | undefined): string | undefined {
  return version?.split('.')[0];
}
