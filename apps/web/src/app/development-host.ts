/** Development hostnames (§1) make the console show a small "development" badge. */
import { DEVELOPMENT_HOSTNAMES } from '@lyyp/contracts';

const developmentHosts: ReadonlySet<string> = new Set(DEVELOPMENT_HOSTNAMES);

export function isDevelopmentHost(hostname: string): boolean {
  return developmentHosts.has(hostname.toLowerCase());
}
