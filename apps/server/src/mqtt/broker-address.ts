/**
 * Broker addresses as people and gateways see them. `MQTT_URL` carries the platform's own broker
 * account (its superuser on an external broker): it is used to connect and nowhere else. Anything
 * shown — the banner, the gateway credentials, the demo gateway's command line, logs — goes
 * through here and carries no user name or password.
 */
import type { Config } from '../config.ts';

/** The URL without user name and password. */
export function withoutCredentials(url: string): string {
  const parsed = new URL(url);
  if (!parsed.username && !parsed.password) return url;
  parsed.username = '';
  parsed.password = '';
  return parsed.toString();
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);
const UNSPECIFIED_HOSTS = new Set(['0.0.0.0', '::', '[::]', '']);

/**
 * Where gateways reach the broker: `GATEWAY_MQTT_URL` when set; else, with an external broker, its
 * address without the platform's account (a loopback address replaced by `PUBLIC_URL`'s host, as
 * gateways run elsewhere); else the embedded broker's port on `PUBLIC_URL`'s host, the listening
 * address, or localhost when nothing names the machine.
 */
export function gatewayBrokerUrl(
  config: Pick<Config, 'mqtt' | 'publicUrl' | 'host'>,
  embeddedPort: number,
): string {
  if (config.mqtt.gatewayUrl) return withoutCredentials(config.mqtt.gatewayUrl);
  const publicHost = config.publicUrl ? new URL(config.publicUrl).hostname : undefined;
  if (config.mqtt.url) {
    const external = new URL(withoutCredentials(config.mqtt.url));
    if (publicHost && LOOPBACK_HOSTS.has(external.hostname)) external.hostname = publicHost;
    return external.toString();
  }
  const host = publicHost ?? (UNSPECIFIED_HOSTS.has(config.host) ? 'localhost' : config.host);
  const hostPart = host.includes(':') && !host.startsWith('[') ? `[${host}]` : host;
  return `mqtt://${hostPart}:${embeddedPort}`;
}
