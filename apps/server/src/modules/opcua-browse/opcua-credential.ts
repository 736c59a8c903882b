/**
 * Checking an OPC UA certificate or private key file on upload (§5): pem or der, at most 1 MB,
 * and really what it claims to be — the bytes are parsed, not the file name trusted. The answer is
 * the PEM text a driver keeps, with the certificate's thumbprint, subject and end of validity.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { CatalogueError } from '@lyyp/contracts';
import { OPCUA_CREDENTIAL_MAX_BYTES, type OpcUaCredentialAnswer } from '@lyyp/contracts/opcua-browse';

const MAX_TEXT = '1 MB';

function isPem(bytes: Buffer): boolean {
  return bytes.subarray(0, 2048).toString('latin1').includes('-----BEGIN ');
}

function checkSize(bytes: Buffer, truncated: boolean): void {
  if (truncated || bytes.length > OPCUA_CREDENTIAL_MAX_BYTES)
    throw new CatalogueError('1772', { max: MAX_TEXT });
}

export function readCertificate(bytes: Buffer, truncated = false): OpcUaCredentialAnswer {
  checkSize(bytes, truncated);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(bytes);
  } catch {
    throw new CatalogueError('1770');
  }
  // A PEM file with a certificate followed by other blocks: the first certificate is the one read.
  return {
    kind: 'certificate',
    pem: certificate.toString(),
    thumbprint: certificate.fingerprint,
    subject: certificate.subject.replaceAll('\n', ', '),
    validTo: new Date(certificate.validTo).toISOString(),
  };
}

export function readPrivateKey(bytes: Buffer, truncated = false): OpcUaCredentialAnswer {
  checkSize(bytes, truncated);
  try {
    const key = isPem(bytes)
      ? createPrivateKey({ key: bytes, format: 'pem' })
      : createPrivateKey({ key: bytes, format: 'der', type: 'pkcs8' });
    return { kind: 'key', pem: key.export({ format: 'pem', type: 'pkcs8' }).toString() };
  } catch {
    // DER in the older PKCS#1 layout (an RSA key as OpenSSL writes it) is tried before refusing.
    try {
      const key = createPrivateKey({ key: bytes, format: 'der', type: 'pkcs1' });
      return { kind: 'key', pem: key.export({ format: 'pem', type: 'pkcs8' }).toString() };
    } catch {
      throw new CatalogueError('1771');
    }
  }
}
