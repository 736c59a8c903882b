/**
 * The TLS part of the gateway's MQTT connection options, from the files the platform sent with
 * the MQTT settings (docs/protocol.md, remote settings): the CA to trust instead of the system's,
 * and a client certificate with its key for brokers that authenticate gateways by certificate.
 * Used only for `mqtts://` and `wss://` addresses; the server's certificate is always verified.
 */
import type { MqttTls } from '@lyyp/contracts/gateway-ops';

export interface MqttTlsOptions {
  ca?: string[];
  cert?: string;
  key?: string;
  rejectUnauthorized: true;
}

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\s*/g;

/** Whether an address is a TLS one (the files matter only there). */
export function isTlsUrl(url: string): boolean {
  return /^(mqtts|wss):/i.test(url);
}

/**
 * Connection options for the files given: none for a plain address or without files. A client
 * certificate without its key (or the reverse) is left out: half a pair cannot sign in, and the
 * broker may accept the gateway by its password.
 */
export function mqttTlsOptions(url: string, tls: MqttTls | undefined): MqttTlsOptions | null {
  if (!isTlsUrl(url) || !tls) return null;
  const options: MqttTlsOptions = { rejectUnauthorized: true };
  if (tls.ca) options.ca = tls.ca.match(CERTIFICATE_BLOCK)?.map((block) => block.trim()) ?? [tls.ca];
  if (tls.cert && tls.key) {
    options.cert = tls.cert;
    options.key = tls.key;
  }
  return options.ca || options.cert ? options : null;
}
