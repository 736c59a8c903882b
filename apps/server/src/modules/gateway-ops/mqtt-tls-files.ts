/**
 * The files of a gateway's MQTT TLS connection (§5: pem or der, at most 1 MB), checked on upload
 * by parsing them, as the OPC UA credential files are (same reader, same codes 1770-1772). What
 * the console may see of a file is its summary; the PEM text goes only to the gateway.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { CatalogueError } from '@lyyp/contracts';
import type { MqttTlsFile, MqttTlsPart } from '@lyyp/contracts/gateway-ops';
import { readCertificate, readPrivateKey } from '../opcua-browse/opcua-credential.ts';

export interface ReadTlsFile {
  readonly pem: string;
  readonly summary: MqttTlsFile;
}

const CERTIFICATE_BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

function certificateSummary(pem: string): Omit<MqttTlsFile, 'part' | 'fileName' | 'uploadedAt'> {
  const certificate = new X509Certificate(pem);
  return {
    subject: certificate.subject.replaceAll('\n', ', '),
    issuer: certificate.issuer.replaceAll('\n', ', '),
    fingerprint: certificate.fingerprint256,
    validTo: new Date(certificate.validTo).toISOString(),
  };
}

/**
 * Reads an uploaded file as the part it is meant to be. A CA file may hold a chain of several
 * certificates (each must parse; the first is summarised); a client certificate is its first.
 */
export function readTlsFile(
  part: MqttTlsPart,
  upload: { name: string; bytes: Buffer; truncated: boolean },
  uploadedAt: Date,
): ReadTlsFile {
  const base = { part, fileName: upload.name.slice(0, 255), uploadedAt: uploadedAt.toISOString() };
  if (part === 'key') {
    const { pem } = readPrivateKey(upload.bytes, upload.truncated);
    const keyType = createPrivateKey(pem).asymmetricKeyType ?? 'unknown';
    return { pem, summary: { ...base, keyType } };
  }
  const first = readCertificate(upload.bytes, upload.truncated);
  let pem = first.pem;
  if (part === 'ca') {
    const blocks = upload.bytes.toString('latin1').match(CERTIFICATE_BLOCK) ?? [];
    if (blocks.length > 1) {
      try {
        pem = blocks.map((block) => new X509Certificate(block).toString()).join('');
      } catch {
        throw new CatalogueError('1770');
      }
    }
  }
  return { pem, summary: { ...base, ...certificateSummary(first.pem) } };
}

/** Whether a client certificate and key belong together (both PEM). */
export function certificateMatchesKey(certificatePem: string, keyPem: string): boolean {
  try {
    return new X509Certificate(certificatePem).checkPrivateKey(createPrivateKey(keyPem));
  } catch {
    return false;
  }
}
