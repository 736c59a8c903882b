/**
 * The gateway's own OPC UA application certificate: generated on the gateway the first time an
 * OPC UA driver runs (self-signed, kept in `<data dir>/opcua-pki/own`), never uploaded or shipped.
 * Its SHA-1 thumbprint is what an operator compares on the server side before trusting it. Server
 * certificates the gateway meets are accepted on first use and kept in `opcua-pki/trusted`.
 */
import { X509Certificate } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { OPCUACertificateManager } from 'node-opcua';

export class GatewayCertificate {
  private manager: Promise<OPCUACertificateManager> | null = null;
  private currentThumbprint: string | null = null;
  readonly folder: string;

  constructor(dataDir?: string) {
    this.folder = path.join(dataDir ?? path.join(tmpdir(), `lyyp-gateway-${process.pid}`), 'opcua-pki');
  }

  /** The certificate manager clients use (created and initialised once). */
  certificateManager(): Promise<OPCUACertificateManager> {
    this.manager ??= (async () => {
      const manager = new OPCUACertificateManager({
        rootFolder: this.folder,
        automaticallyAcceptUnknownCertificate: true,
      });
      await manager.initialize();
      return manager;
    })();
    return this.manager;
  }

  /** SHA-1 thumbprint (hex, upper case, colon-separated) of the certificate, once it exists. */
  get thumbprint(): string | null {
    return this.currentThumbprint;
  }

  /** Reads the certificate file a client made (or found) and remembers its thumbprint. */
  async remember(certificateFile: string): Promise<string | null> {
    try {
      this.currentThumbprint = new X509Certificate(await readFile(certificateFile)).fingerprint;
    } catch {
      // Not made yet: the next connection makes it.
    }
    return this.currentThumbprint;
  }
}
