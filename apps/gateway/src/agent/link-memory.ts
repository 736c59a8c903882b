/**
 * The last MQTT address the agent reached the platform on (`link.json` in the data directory): the
 * address it falls back to when a new one never answers, so a mistyped address saved from the
 * console cannot cut the gateway off for good.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../buffer/durable-files.ts';

export async function readLastWorkingUrl(file: string): Promise<string | null> {
  try {
    const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
    const url = (parsed as { lastWorkingUrl?: unknown }).lastWorkingUrl;
    return typeof url === 'string' && url ? url : null;
  } catch {
    // None yet (or unreadable): the command-line address is the fallback.
    return null;
  }
}

export function saveLastWorkingUrl(file: string, url: string): Promise<void> {
  return writeFileAtomic(file, JSON.stringify({ lastWorkingUrl: url }));
}

/** An address as shown and reported: without user name or password. */
export function withoutCredentials(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString().replace(/\/$/, '');
  } catch {
    return url;
  }
}
